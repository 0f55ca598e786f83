// Hover Markdown made plain text for the model: code fences keep their code (without the fence), links keep
// their text, emphasis, HTML tags, entities and horizontal rules go, blank-line runs collapse, duplicates drop.

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };

export function hoverToText(contents: readonly string[]): string {
  const parts: string[] = [];
  for (const markdown of contents) {
    const text = markdownToText(markdown);
    if (text !== '' && !parts.includes(text)) parts.push(text);
  }
  return parts.join('\n\n');
}

export function markdownToText(markdown: string): string {
  const out: string[] = [];
  let inFence = false;
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      out.push(line);
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) continue; // a horizontal rule
    out.push(inline(line));
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function inline(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/&(nbsp|lt|gt|amp|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?!\s)([^*]+?)\*(?!\w)/g, '$1$2')
    .replace(/(^|[^\w])_(?!\s)([^_]+?)_(?!\w)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1')
    .trimEnd();
}
