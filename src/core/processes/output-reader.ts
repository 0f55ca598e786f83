// The model's reading position in a process's output. A plain read returns everything since the last plain read
// and moves the cursor. A filtered read returns only the matching lines since the last read with the same filter
// (or the last plain read, whichever is later) and leaves the plain cursor where it is: the lines it skipped stay
// unread, nothing is discarded by filtering.
import type { OutputRing } from './output-ring';

export interface OutputRead {
  text: string;
  /** Characters that fell out of memory before they were read (they are in the log on disk), between `head` and `text`. */
  dropped: number;
  /** When characters were dropped: the stream's start from the cursor on, still held (how the output began). */
  head?: string;
  /** For a filtered read: lines the plain cursor has not passed, matching or not; they stay unread. */
  unreadLines?: number;
  /** For a filtered read: lines that matched. */
  matchedLines?: number;
}

export class OutputReader {
  private cursor = 0;
  private readonly filterCursors = new Map<string, number>();

  constructor(private readonly ring: OutputRing) {}

  /** Whether there is output the plain cursor has not passed. */
  get hasUnread(): boolean {
    return this.ring.end > this.cursor;
  }

  get unreadChars(): number {
    return this.ring.end - this.cursor;
  }

  /**
   * Whether output arrived that a read (with this filter, or a plain one) has not passed yet. A filtered read only
   * takes whole lines, so for it a line still being printed counts once it is complete (or `includePartial`: the
   * process ended and will not finish it).
   */
  hasUnreadFor(filter?: RegExp, includePartial = false): boolean {
    if (!filter) return this.ring.end > this.cursor;
    const from = Math.max(this.cursor, this.filterCursors.get(filterKey(filter)) ?? 0);
    if (this.ring.end <= from) return false;
    return includePartial || this.ring.since(from).text.includes('\n');
  }

  /**
   * A filtered read tests whole lines only: a line the process is still printing stays for the next read, so a match
   * is never tested (and passed) half printed. `includePartial` takes it too, for a process that has ended.
   */
  read(filter?: RegExp, includePartial = false): OutputRead {
    if (!filter) {
      const { text, dropped } = this.ring.since(this.cursor);
      const head = dropped > 0 && this.cursor < this.ring.head.length ? this.ring.head.slice(this.cursor) : undefined;
      this.cursor = this.ring.end;
      this.filterCursors.clear();
      return head ? { text, dropped: dropped - head.length, head } : { text, dropped };
    }
    const key = filterKey(filter);
    const from = Math.max(this.cursor, this.filterCursors.get(key) ?? 0);
    const { text: since, dropped } = this.ring.since(from);
    const text = includePartial ? since : since.slice(0, since.lastIndexOf('\n') + 1);
    this.filterCursors.set(key, this.ring.end - (since.length - text.length));
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    const matched = lines.filter((line) => {
      filter.lastIndex = 0;
      return filter.test(line);
    });
    return { text: matched.join('\n'), dropped, matchedLines: matched.length, unreadLines: countLines(this.ring.since(this.cursor).text) };
  }
}

function filterKey(filter: RegExp): string {
  return `${filter.source}/${filter.flags}`;
}

function countLines(text: string): number {
  if (text === '') return 0;
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n : n + 1;
}
