// A process's full output on disk, capped: past `limit` characters one marker line says the rest was not kept,
// so a chatty watcher cannot fill the disk. Writes are queued by the stream; nothing blocks the caller. Old logs
// are deleted when the manager starts (pruneLogs).
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const LOG_LIMIT_CHARS = 20 * 1024 * 1024;

/** The line that ends a log cut at `limit` characters. */
export function logCutMarker(limit: number): string {
  return `\n[... the log stops here: it reached ${Math.round(limit / (1024 * 1024))} MB; later output was not written ...]\n`;
}

export class OutputLogFile {
  private stream: WriteStream | undefined;
  private written = 0;
  private cut = false;

  constructor(
    readonly path: string,
    readonly limit = LOG_LIMIT_CHARS,
  ) {
    try {
      mkdirSync(dirname(path), { recursive: true });
      this.stream = createWriteStream(path, { flags: 'w', encoding: 'utf8' });
      this.stream.on('error', () => (this.stream = undefined)); // the log is a convenience; memory keeps working
    } catch {
      this.stream = undefined;
    }
  }

  /** Whether output was left out of the log for its size. */
  get truncated(): boolean {
    return this.cut;
  }

  /** Characters the log may still take before its marker; -1 once the marker is written. */
  get room(): number {
    return this.cut ? -1 : this.limit - this.written;
  }

  append(text: string): void {
    if (!this.stream || this.cut || !text) return;
    const room = this.limit - this.written;
    if (text.length <= room) {
      this.stream.write(text);
      this.written += text.length;
      return;
    }
    this.stream.write(text.slice(0, room));
    this.stream.write(logCutMarker(this.limit));
    this.written = this.limit;
    this.cut = true;
  }

  close(): Promise<void> {
    const stream = this.stream;
    this.stream = undefined;
    if (!stream) return Promise.resolve();
    return new Promise((resolve) => stream.end(resolve));
  }
}

/** Logs of processes from earlier sessions go after a week (a log path a result named may still be read a while). */
export async function pruneLogs(dir: string, maxAgeMs: number): Promise<void> {
  try {
    const cutoff = Date.now() - maxAgeMs;
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.log')) continue;
      const path = join(dir, name);
      if ((await stat(path)).mtimeMs < cutoff) await rm(path, { force: true });
    }
  } catch {
    // no log folder yet
  }
}
