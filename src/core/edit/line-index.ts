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

  constructor(readonly text: string) {}

  get lines(): readonly string[] {
    return (this.splitLines ??= this.text.split('\n'));
  }

  /** Offset in `text` where each line starts (typed: a 20,000-line file's array of numbers cost ~1 ms to allocate). */
  get lineStarts(): Int32Array {
    if (this.starts) return this.starts;
    const lines = this.lines;
    const starts = new Int32Array(lines.length);
    let offset = 0;
    for (let i = 0; i < lines.length; i++) {
      starts[i] = offset;
      offset += lines[i]!.length + 1;
    }
    return (this.starts = starts);
  }

  get lineCount(): number {
    return this.lines.length;
  }

  key(kind: LineKeyKind, line: number): string {
    let cache = this.keys.get(kind);
    if (!cache) this.keys.set(kind, (cache = new Map()));
    let key = cache.get(line);
    if (key === undefined) cache.set(line, (key = lineKey[kind](this.lines[line]!)));
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
    return this.lineStarts[line]! + this.lines[line]!.length;
  }

  /** Lines a match may cover: without the empty piece after a final newline, which is no line of the file. */
  get realLineCount(): number {
    return this.text.endsWith('\n') ? this.lines.length - 1 : this.lines.length;
  }

  /** The text with typographic quotes folded to ASCII. Folding is one UTF-16 unit for one, so offsets carry over. */
  foldedText(): string {
    return (this.folded ??= hasSmartQuotes(this.text) ? asciiQuotes(this.text) : this.text);
  }

  /** True when a newline follows `line`. */
  hasTerminator(line: number): boolean {
    if (!this.splitLines) return this.text.indexOf('\n', this.lineStart(line)) !== -1;
    return line < this.lines.length - 1;
  }

  indentStyle(): IndentStyle {
    return (this.style ??= detectIndentStyle(this.lines));
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
