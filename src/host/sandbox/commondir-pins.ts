// A git directory without a `commondir` (a repository's own `.git`, a submodule's `.git/modules/<name>`) is one a
// sandboxed command could give one: `commondir` sends git to another directory's configuration and hooks, and git
// reads it before anything else, so the next `git status` outside the sandbox (VS Code's git extension runs one by
// itself) would run that directory's `core.fsmonitor`. Removing it once it appears leaves a window, and a command
// that writes it in a loop keeps that window open. So each such git directory a sandboxed command can write holds
// a `commondir` of Relay's that names the directory itself (`.`), read-only inside the sandbox like every control
// file: git reads it as the same repository (its common directory is itself), and no command can change or
// replace it. The pin stays while Relay runs (a new file for each command would be a new inode each time, and the
// runtime's filesystem plan is remembered only while the paths it binds keep theirs: fs-plan-cache.ts); it is
// removed when the sandbox is disposed. One a crash left behind is harmless to git, and the next session takes it
// over (it is still `.`, without write bits) and removes it in turn.
import { closeSync, constants, lstatSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The pin's text: the git directory itself. */
export const PIN_TEXT = '.\n';

/** Whether `path` is a `commondir` pin of Relay's, untouched: `.` and no write bits. */
export function isCommondirPin(path: string): boolean {
  if (basename(path) !== 'commondir') return false;
  try {
    const stat = lstatSync(path);
    return stat.isFile() && stat.size === PIN_TEXT.length && (stat.mode & 0o222) === 0 && stat.nlink === 1 && readFileSync(path, 'utf8') === PIN_TEXT;
  } catch {
    return false;
  }
}

export class CommondirPins {
  /** The pins Relay made or took over. */
  private readonly held = new Set<string>();

  /**
   * The pins in these git directories: each that has no `commondir` gets one (one already there, a linked
   * worktree's, is a control file like the others, and is not touched).
   */
  acquire(gitDirs: readonly string[]): string[] {
    const pins: string[] = [];
    for (const dir of gitDirs) {
      const pin = join(dir, 'commondir');
      if (isCommondirPin(pin) || create(pin)) {
        this.held.add(pin);
        pins.push(pin);
      } else {
        this.held.delete(pin);
      }
    }
    return pins;
  }

  /** Removes every pin that is still Relay's. */
  dispose(): void {
    for (const pin of this.held) if (isCommondirPin(pin)) unlinkQuiet(pin);
    this.held.clear();
  }
}

/** Writes a pin where nothing is (O_EXCL: an entry there, or one that appeared meanwhile, is not replaced). */
function create(pin: string): boolean {
  let fd: number;
  try {
    fd = openSync(pin, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o444);
  } catch {
    return false;
  }
  try {
    writeSync(fd, PIN_TEXT);
    return true;
  } catch {
    unlinkQuiet(pin);
    return false;
  } finally {
    closeSync(fd);
  }
}

function unlinkQuiet(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // gone already
  }
}
