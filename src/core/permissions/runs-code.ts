// Which commands the mode asks about only because they run code (`npm test`, `make`, `pytest`, a workspace script),
// as opposed to what they do: deleting files and rewriting Git history keep asking even when an OS sandbox would
// contain them, because the damage lands inside the workspace the sandbox leaves writable.
import type { CommandFacts } from './command-facts';

const DELETES = new Set(['rm', 'rmdir', 'unlink', 'shred', 'srm', 'trash', 'del', 'rd', 'remove-item']);

/** Git sub-commands that discard work or rewrite history, with the flags that make them do it (`*`: always). */
const GIT_REWRITES: Record<string, readonly string[]> = {
  reset: ['--hard', '--merge', '--keep'],
  rebase: ['*'],
  'filter-branch': ['*'],
  'filter-repo': ['*'],
  push: ['--force', '-f', '--force-with-lease', '--mirror', '--delete', '-d', '--prune'],
  commit: ['--amend'],
  clean: ['*'],
  checkout: ['--', '.', '-f', '--force'],
  restore: ['*'],
  stash: ['drop', 'clear'],
  branch: ['-D', '-d', '--delete', '-f', '--force', '-M'],
  tag: ['-d', '--delete', '-f'],
  'update-ref': ['*'],
  reflog: ['expire', 'delete'],
  gc: ['--prune', '--aggressive'],
  'replace': ['*'],
};

/** Whether a sub-command that asks by mode does so only because it runs code. */
export function asksOnlyBecauseItRunsCode(facts: CommandFacts): boolean {
  const [name, ...args] = facts.argv;
  if (name === undefined) return false;
  const base = name.split(/[\\/]/).pop()!.toLowerCase();
  if (DELETES.has(base)) return false;
  if (base === 'find' && args.includes('-delete')) return false;
  if (base === 'git') return !rewritesHistory(args);
  return true;
}

function rewritesHistory(args: readonly string[]): boolean {
  const at = args.findIndex((a, i) => !a.startsWith('-') && !['-c', '-C', '--git-dir', '--work-tree'].includes(args[i - 1] ?? ''));
  if (at < 0) return false;
  const flags = GIT_REWRITES[args[at]!];
  if (!flags) return false;
  const rest = args.slice(at + 1);
  return flags.includes('*') || rest.some((a) => flags.includes(a) || flags.includes(a.split('=')[0]!) || (args[at] === 'push' && a.startsWith('+')));
}
