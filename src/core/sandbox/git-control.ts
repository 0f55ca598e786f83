// Git's control data, as the sandbox sees it (issue 36). Git runs programs named by its configuration (hooks,
// `core.fsmonitor`, `core.hooksPath`, drivers) and follows pointers (`commondir`, `gitdir:` files) to find that
// configuration, so a sandboxed command that could write them would run code outside the sandbox the next time
// anyone's git (VS Code's git extension runs `git status` by itself) looks at the repository. Inside a git
// directory only what ordinary git work writes stays writable; everything else that exists is read-only, and
// anything new besides those names is removed after the command (control-audit.ts).

/** Entries of a git directory that `git add`, `commit`, `checkout`, `fetch`, `merge`, `rebase` and `stash` write. */
const WORK_NAMES = new Set([
  'objects',
  'refs',
  'logs',
  'index',
  'HEAD',
  'packed-refs',
  'COMMIT_EDITMSG',
  'TAG_EDITMSG',
  'MERGE_MSG',
  'MERGE_MODE',
  'MERGE_RR',
  'SQUASH_MSG',
  'AUTO_MERGE',
  'BISECT_LOG',
  'BISECT_TERMS',
  'BISECT_NAMES',
  'BISECT_START',
  'BISECT_EXPECTED_REV',
  'BISECT_ANCESTORS_OK',
  'rebase-merge',
  'rebase-apply',
  'sequencer',
  'rr-cache',
  'shallow',
  'gc.pid',
  'gc.log',
  'lfs',
  'FETCH_HEAD',
  'ORIG_HEAD',
  'lost-found',
  'gitk.cache',
  'fsmonitor--daemon',
  'fsmonitor--daemon.ipc',
]);

/**
 * Folders of a git directory that hold other git directories: a submodule's (`modules/<path>`) and a linked
 * worktree's (`worktrees/<name>`). They stay writable (`git submodule add`, `git worktree add`); what is inside
 * each is judged as a git directory of its own.
 */
export const GIT_CONTAINERS: readonly string[] = ['modules', 'worktrees'];

/** Whether ordinary git work writes this entry of a git directory: the named ones, `*_HEAD` and lock files. */
export function isGitWorkEntry(name: string): boolean {
  return WORK_NAMES.has(name) || /^[A-Z][A-Z0-9_]*_HEAD$/.test(name) || /^NOTES_MERGE_/.test(name) || /^sharedindex\./.test(name) || name.endsWith('.lock');
}

/** An entry of a git directory that stays read-only inside the sandbox (and is put back when it changed). */
export function isGitControlEntry(name: string): boolean {
  return !isGitWorkEntry(name) && !GIT_CONTAINERS.includes(name);
}

/**
 * Files outside git directories that decide what git runs: the configuration's `core.hooksPath`, relative to the
 * repository's working tree. Read from `git config --list --null --show-origin` output: `file:<origin>\0key\nvalue\0`.
 */
export interface GitConfigFacts {
  /** The folders named by `core.hooksPath`, as written (relative ones are relative to the working tree). */
  hooksPaths: string[];
  /** Every file git read the configuration from (includes too). */
  origins: string[];
}

export function parseGitConfigList(output: string): GitConfigFacts {
  const fields = output.split('\0');
  const hooksPaths: string[] = [];
  const origins = new Set<string>();
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i]!;
    const entry = fields[i + 1]!;
    if (origin.startsWith('file:')) origins.add(origin.slice(5));
    const newline = entry.indexOf('\n');
    const key = (newline < 0 ? entry : entry.slice(0, newline)).toLowerCase();
    const value = newline < 0 ? '' : entry.slice(newline + 1);
    if (key === 'core.hookspath') {
      // The last value wins in git; an empty one switches back to the default folder.
      hooksPaths.length = 0;
      if (value !== '') hooksPaths.push(value);
    }
  }
  return { hooksPaths, origins: [...origins] };
}

/** The git directory a `.git` file (`gitdir: <path>`) points to, or undefined when it is not one. */
export function parseGitFile(text: string): string | undefined {
  const match = /^gitdir: ?(.+?)\s*$/m.exec(text);
  return match ? match[1] : undefined;
}
