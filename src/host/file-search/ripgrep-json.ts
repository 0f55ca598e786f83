// Turns `rg --json` output into the port's TextMatch list: match lines with their context before and after.
// ripgrep prints each line once even when it is context of two matches, so lines are kept per file and each
// match takes its context from them. Once the last kept match has its context and one more match has been
// seen (so "truncated" is known), the collector says it is done and ripgrep can be stopped.
import { sep } from 'node:path';
import type { TextMatch } from '../../core/ports/file-search';

interface RgText {
  text?: string;
  bytes?: string;
}

interface RgLineEvent {
  type: 'match' | 'context';
  data: { path: RgText; lines: RgText; line_number: number | null };
}

interface RgFileEvent {
  type: 'begin' | 'end';
  data: { path: RgText };
}

type RgEvent = RgLineEvent | RgFileEvent | { type: 'summary' };

interface OpenFile {
  path: string;
  lines: Map<number, string>;
  matchLines: number[];
}

export class RipgrepMatchCollector {
  private readonly matches: TextMatch[] = [];
  private file: OpenFile | undefined;
  /** Last line the last kept match needs as context; set once `maxMatches` are kept. */
  private cutoff: number | undefined;
  private cutoffFile: OpenFile | undefined;
  private extraMatch = false;
  private contextComplete = false;

  /** `acceptFile` sees each file's path (relative, with `/`) first; a file it refuses costs no match. */
  constructor(
    private readonly contextLines: number,
    private readonly maxMatches: number,
    private readonly acceptFile: (path: string) => boolean = () => true,
  ) {}

  /** Feeds one line of output; true when nothing more is needed. */
  push(jsonLine: string): boolean {
    if (jsonLine.trim() === '') return this.done;
    const event = JSON.parse(jsonLine) as RgEvent;
    switch (event.type) {
      case 'begin': {
        this.closeFile();
        const path = cleanPath(decode(event.data.path));
        this.file = this.acceptFile(path) ? { path, lines: new Map(), matchLines: [] } : undefined;
        break;
      }
      case 'end':
        this.closeFile();
        break;
      case 'match':
      case 'context':
        this.line(event);
        break;
    }
    return this.done;
  }

  /** The matches in output order, at most `maxMatches`, and whether more existed. */
  finish(): { matches: TextMatch[]; truncated: boolean } {
    this.closeFile();
    return { matches: this.matches, truncated: this.extraMatch };
  }

  private get done(): boolean {
    return this.extraMatch && this.contextComplete;
  }

  private line(event: RgLineEvent): void {
    const file = this.file;
    const n = event.data.line_number;
    if (!file || n === null) return;
    if (this.cutoff !== undefined && (file !== this.cutoffFile || n > this.cutoff)) {
      this.contextComplete = true;
      if (event.type === 'match') this.extraMatch = true;
      return;
    }
    file.lines.set(n, stripNewline(decode(event.data.lines)));
    if (event.type !== 'match') return;
    if (this.kept() === this.maxMatches) {
      this.extraMatch = true;
      return;
    }
    file.matchLines.push(n);
    if (this.kept() === this.maxMatches) {
      this.cutoff = n + this.contextLines;
      this.cutoffFile = file;
    }
    if (this.cutoff === n) this.contextComplete = true;
  }

  private kept(): number {
    return this.matches.length + (this.file?.matchLines.length ?? 0);
  }

  private closeFile(): void {
    const file = this.file;
    if (!file) return;
    this.file = undefined;
    if (this.cutoff !== undefined) this.contextComplete = true;
    for (const n of file.matchLines) {
      const before: string[] = [];
      for (let k = Math.max(1, n - this.contextLines); k < n; k++) {
        const text = file.lines.get(k);
        if (text !== undefined) before.push(text);
      }
      const after: string[] = [];
      for (let k = n + 1; k <= n + this.contextLines; k++) {
        const text = file.lines.get(k);
        if (text === undefined) break;
        after.push(text);
      }
      this.matches.push({ path: file.path, line: n, text: file.lines.get(n) ?? '', before, after });
    }
  }
}

function decode(value: RgText): string {
  if (value.text !== undefined) return value.text;
  return value.bytes !== undefined ? Buffer.from(value.bytes, 'base64').toString('utf8') : '';
}

/** ripgrep's path as the port gives it: relative, with `/`, no leading `./`. */
export function cleanPath(rgPath: string): string {
  const slashed = sep === '\\' ? rgPath.replace(/\\/g, '/') : rgPath;
  return slashed.replace(/^\.\//, '');
}

function stripNewline(line: string): string {
  if (line.endsWith('\r\n')) return line.slice(0, -2);
  if (line.endsWith('\n')) return line.slice(0, -1);
  return line;
}
