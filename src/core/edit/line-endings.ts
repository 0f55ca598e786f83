// Line endings, BOM and final newline: matching works on LF text; the file keeps its own bytes everywhere the edit does not touch.

export type LineEnding = '\n' | '\r\n';

/** A file's text prepared for matching, plus what is needed to write an edit back in the file's own conventions. */
export interface DecodedText {
  /** The content with the BOM removed and every CRLF turned into LF. */
  text: string;
  bom: boolean;
  /** The dominant line ending; inserted text uses it. */
  eol: LineEnding;
  /** Offsets in `text` of each LF that was a CRLF in the file, ascending. */
  crlfAt: number[];
}

/** A replacement of text[start, end) by `text`; offsets and text are in decoded (LF) form. */
export interface TextReplacement {
  start: number;
  end: number;
  text: string;
}

const BOM = '\uFEFF';

export function decodeText(raw: string): DecodedText {
  const bom = raw.startsWith(BOM);
  const body = bom ? raw.slice(1) : raw;
  // No CR at all (most files): one indexOf instead of a walk over every line break.
  if (body.indexOf('\r') === -1) return { text: body, bom, eol: '\n', crlfAt: [] };
  const crlfAt: number[] = [];
  let loneLf = 0;
  let removed = 0;
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) {
    if (i > 0 && body.charCodeAt(i - 1) === 13) {
      removed++;
      crlfAt.push(i - removed);
    } else {
      loneLf++;
    }
  }
  const text = crlfAt.length === 0 ? body : body.replace(/\r\n/g, '\n');
  return { text, bom, eol: crlfAt.length > loneLf ? '\r\n' : '\n', crlfAt };
}

/** What the model sent, in the form matching expects: no BOM, LF line endings. */
export function normaliseModelText(s: string): string {
  const body = s.startsWith(BOM) ? s.slice(1) : s;
  return body.includes('\r\n') ? body.replace(/\r\n/g, '\n') : body;
}

/** Applies non-overlapping replacements to the raw file, leaving every untouched byte (BOM, mixed endings) as it was. */
export function applyReplacements(raw: string, decoded: DecodedText, replacements: readonly TextReplacement[]): string {
  const sorted = [...replacements].sort((a, b) => a.start - b.start || a.end - b.end);
  // Concatenation, not join: the engine keeps the untouched slices shared instead of copying the whole file.
  let out = '';
  let cursor = 0;
  for (const r of sorted) {
    const start = toRawOffset(decoded, r.start);
    out += raw.slice(cursor, start) + (decoded.eol === '\n' ? r.text : r.text.replace(/\n/g, '\r\n'));
    cursor = toRawOffset(decoded, r.end);
  }
  return out + raw.slice(cursor);
}

function toRawOffset(decoded: DecodedText, offset: number): number {
  // Each CRLF before `offset` adds one CR; an offset at the LF itself points at the CR, so a line's content ends before "\r\n".
  let lo = 0;
  let hi = decoded.crlfAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (decoded.crlfAt[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return offset + lo + (decoded.bom ? 1 : 0);
}
