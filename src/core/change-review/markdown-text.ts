// A model's text (a finding's title and reason) as Markdown that shows exactly that text: every ASCII punctuation
// character is backslash-escaped (CommonMark lets any of them be), so no emphasis, link, image, HTML or entity can
// come of it, and each line break is a paragraph break. VS Code's MarkdownString.appendText escapes too, but turns
// every space into &nbsp;, and a reason of a few sentences then never wraps: it ran ~1,500 px wide in a 600 px
// comment thread, cut at its edge (the entry-points E2E measured it).
export function markdownText(text: string): string {
  return text
    .replace(/[!-/:-@[-`{-~]/g, '\\$&')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n\n');
}
