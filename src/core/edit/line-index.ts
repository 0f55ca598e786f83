// A file's lines prepared once per call: offsets for mapping matches back, and lazily cached comparison keys.

import { detectIndentStyle, type IndentStyle } from './indentation';
import { asciiQuotes, hasSmartQuotes, lineKey, type LineKeyKind } from './line-keys';

export class LineIndex {
  readonly lines: readonly string[];
  /** Offset in `text` where each line starts. */
  readonly lineStarts: readonly number[];
  private readonly keys = new Map<LineKeyKind, Array<string | undefined>>();
  private style: IndentStyle | undefined;
  private folded: string | undefined;

  constructor(readonly text: string) {
    this.lines = text.split('\n');
    const starts = new Array<number>(this.lines.length);
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
    if (!cache) {
      cache = new Array<string | undefined>(this.lines.length);
      this.keys.set(kind, cache);
    }
    return (cache[line] ??= lineKey[kind](this.lines[line]!));
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
