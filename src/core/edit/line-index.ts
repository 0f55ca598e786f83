// A file's lines prepared once per call: offsets for mapping matches back, and lazily cached comparison keys.

import { detectIndentStyle, type IndentStyle } from './indentation';
import { asciiQuotes, hasSmartQuotes, lineKey, type LineKeyKind } from './line-keys';

export class LineIndex {
  readonly lines: readonly string[];
  /** Offset in `text` where each line starts (typed: a 20,000-line file's array of numbers cost ~1 ms to allocate). */
  readonly lineStarts: Int32Array;
  /** Sparse: strategies key only the lines their substring pre-check lets through (a file-sized array per kind cost more). */
  private readonly keys = new Map<LineKeyKind, Map<number, string>>();
  private style: IndentStyle | undefined;
  private folded: string | undefined;

  constructor(readonly text: string) {
    this.lines = text.split('\n');
    const starts = new Int32Array(this.lines.length);
    let offset = 0;
    for (let i = 0; i < this.lines.length; i++) {
      starts[i] = offset;
      offset += this.lines[i]!.length + 1;
    }
    this.lineStarts = starts;
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
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
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
    return line < this.lines.length - 1;
  }

  indentStyle(): IndentStyle {
    return (this.style ??= detectIndentStyle(this.lines));
  }
}
