// How the walks below a command's writable folders read folders (nested-protected.ts, secret-file-scan.ts): in
// place, not through the thread pool. Each walk is one readdir per folder, a few microseconds each in place against
// tens through a promise and the pool, and the command cannot start before the walk is done (the sandbox bench;
// a repository of 146 folders: 3.4 ms in place, 8.5 and 16 ms for the two walks through promises). So that a very
// large workspace does not hold the extension host for the whole walk, the walk gives the event loop a turn after
// every SLICE folders.
import { readdirSync, type Dirent } from 'node:fs';

/** Folders read between two turns of the event loop. */
const SLICE = 128;

export class DirReader {
  private read = 0;

  /** The folder's entries; none when it is gone or unreadable. Gives the event loop a turn now and then. */
  async entries(dir: string): Promise<Dirent[]> {
    if (++this.read % SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      return readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
  }
}
