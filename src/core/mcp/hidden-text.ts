// Text a person cannot see but a model reads: Unicode tag characters (U+E0000–E007F, which spell ASCII
// invisibly), zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM), bidirectional controls (LRE…RLO, LRI…PDI,
// LRM, RLM, ALM), every other format character (Unicode category Cf: soft hyphen, invisible operators,
// interlinear annotations…), control characters other than tab and line breaks, variation selectors (which can
// carry bytes after any visible character), lone surrogates and the fillers that render as nothing. A server
// can hide instructions to the model in its tools' names, descriptions and schemas with them; they are removed
// before the model sees the text, and shown as escapes where a person must judge the text (a definition diff).
const HIDDEN =
  /[\p{Cf}\p{Cs}\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFE00-\uFE0F\uFFA0\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;

/** The text without hidden characters, and how many were removed. */
export function stripHidden(text: string): { text: string; removed: number } {
  let removed = 0;
  const clean = text.replace(HIDDEN, () => {
    removed++;
    return '';
  });
  return { text: clean, removed };
}

export function hasHidden(text: string): boolean {
  HIDDEN.lastIndex = 0;
  const found = HIDDEN.test(text);
  HIDDEN.lastIndex = 0;
  return found;
}

const TAG_RUN = /[\u{E0020}-\u{E007E}]+/gu;

/**
 * Each hidden character as a visible escape (`⟦U+200B⟧`), for a person to see what a text really holds; a run of
 * tag characters is spelled out as the ASCII it encodes (`⟦hidden text: "ignore the user"⟧`).
 */
export function showHidden(text: string): string {
  return text
    .replace(TAG_RUN, (run) => `⟦hidden text: ${JSON.stringify(String.fromCharCode(...[...run].map((c) => c.codePointAt(0)! - 0xe0000)))}⟧`)
    .replace(HIDDEN, (c) => `⟦U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟧`);
}
