// A file's text prepared for matching: lines, line offsets and comparison keys, each computed only when first needed.
// An exact match needs none of them (one indexOf, then newlines counted up to the match), so the common hit costs
// about what a plain substring search does; line-based strategies split the file on first use.

import { detectIndentStyle, type IndentStyle } from './indentation';
import { asciiQuotes, hasSmartQuotes, lineKey, type LineKeyKind } from './line-keys';

export class LineIndex {
  private splitLines: readonly string[] | undefined;
  private starts: Int32Array | undefined;
  /** Newlines counted so far without splitting: line `cursorLine` starts at offset `cursorOffset`. */
  private cursorLine = 0;
  private cursorOffset = 0;
  /** Sparse: strategies key only the lines their substring pre-check lets through (a file-sized array per kind cost more). */
  private readonly keys = new Map<LineKeyKind, Map<number, string>>();
  private style: IndentStyle | undefined;
  private folded: string | undefined;
  private smartQuotes: boolean | undefined;
  /** Per piece of text: the lines it occurs on, or null when it occurs on more lines than were asked for. */
  private readonly pieceLines = new Map<string, { lines: readonly number[] | null; cap: number }>();

  constructor(readonly text: string) {}

  /** Every line, split once: for the few passes that read the whole file (strategies read lines through `line`). */
  get lines(): readonly string[] {
    return (this.splitLines ??= this.text.split('\n'));
  }

  /**
   * Offset in `text` where each line starts, found by searching for line breaks: a third of what splitting a
   * 20,000-line file into strings costs, and the hit path reads only the lines it looks at (typed: an array of
   * numbers that size cost ~1 ms to allocate).
   */
  get lineStarts(): Int32Array {
    if (this.starts) return this.starts;
    const text = this.text;
    let starts = new Int32Array(1024);
    let n = 1;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) {
      if (n === starts.length) {
        const grown = new Int32Array(n * 2);
        grown.set(starts);
        starts = grown;
      }
      starts[n++] = nl + 1;
    }
    return (this.starts = starts.subarray(0, n));
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** Lines [from, to) as strings. */
  slice(from: number, to: number): string[] {
    const out: string[] = [];
    for (let i = from; i < to; i++) out.push(this.line(i));
    return out;
  }

  /** The text of line `i`, without its line break. */
  line(i: number): string {
    const starts = this.lineStarts;
    return this.text.slice(starts[i]!, i + 1 < starts.length ? starts[i + 1]! - 1 : this.text.length);
  }

  key(kind: LineKeyKind, line: number): string {
    let cache = this.keys.get(kind);
    if (!cache) this.keys.set(kind, (cache = new Map()));
    let key = cache.get(line);
    if (key === undefined) cache.set(line, (key = lineKey[kind](this.line(line))));
    return key;
  }

  /** 0-based line containing `offset`. */
  lineAt(offset: number): number {
    if (!this.starts && !this.splitLines) return this.countLinesTo(offset);
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Offset where `line` starts. */
  lineStart(line: number): number {
    if (!this.starts && !this.splitLines && line === this.cursorLine) return this.cursorOffset;
    return this.lineStarts[line]!;
  }

  /** Offset just past the last character of `line` (before its newline). */
  contentEnd(line: number): number {
    const starts = this.lineStarts;
    return line + 1 < starts.length ? starts[line + 1]! - 1 : this.text.length;
  }

  /** Lines a match may cover: without the empty piece after a final newline, which is no line of the file. */
  get realLineCount(): number {
    return this.text.endsWith('\n') ? this.lineCount - 1 : this.lineCount;
  }

  /** The text with typographic quotes folded to ASCII. Folding is one UTF-16 unit for one, so offsets carry over. */
  foldedText(): string {
    return (this.folded ??= this.hasSmartQuotes() ? asciiQuotes(this.text) : this.text);
  }

  /** Whether any line holds a typographic quote (instant for text the engine stores one byte per character). */
  hasSmartQuotes(): boolean {
    return (this.smartQuotes ??= hasSmartQuotes(this.text));
  }

  /** True when a newline follows `line`. */
  hasTerminator(line: number): boolean {
    if (!this.starts) return this.text.indexOf('\n', this.lineStart(line)) !== -1;
    return line < this.lineCount - 1;
  }

  indentStyle(): IndentStyle {
    return (this.style ??= detectIndentStyle(this.lines));
  }

  /**
   * The lines `piece` occurs on, ascending, found by indexOf over the whole text (one search per line it is on, so a
   * rare piece costs one pass of native string search, not a call per line); null when it is on more than `cap`
   * lines, found out after `cap` of them. Remembered: the cascade's strategies ask for the same pieces.
   */
  linesWithPiece(piece: string, cap: number): readonly number[] | null {
    const known = this.pieceLines.get(piece);
    if (known && (known.lines !== null || known.cap >= cap)) return known.lines && known.lines.length <= cap ? known.lines : null;
    const text = this.text;
    const found: number[] = [];
    let lines: number[] | null = found;
    for (let at = text.indexOf(piece); at !== -1; ) {
      if (found.length === cap) {
        lines = null;
        break;
      }
      const line = this.lineAt(at);
      found.push(line);
      const next = text.indexOf('\n', at + piece.length);
      if (next === -1) break;
      at = text.indexOf(piece, next + 1);
    }
    this.pieceLines.set(piece, { lines, cap });
    return lines;
  }

  /** Counts newlines from the last position asked about, forwards or back: the lines of one match cost one pass. */
  private countLinesTo(offset: number): number {
    const text = this.text;
    while (offset < this.cursorOffset) {
      const from = this.cursorOffset - 2;
      this.cursorOffset = from < 0 ? 0 : text.lastIndexOf('\n', from) + 1;
      this.cursorLine--;
    }
    for (let nl = text.indexOf('\n', this.cursorOffset); nl !== -1 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
      this.cursorLine++;
      this.cursorOffset = nl + 1;
    }
    return this.cursorLine;
  }
}
