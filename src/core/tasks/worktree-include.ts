// Which of the main checkout's ignored files a new worktree gets (the `.worktreeinclude` convention other tools
// share: gitignore syntax, and only files git ignores, since tracked files come with the checkout). Without the
// file, root `.env*` files. Heavy folders (`node_modules`) are linked or copied separately, never listed here.
import ignore from 'ignore';

export const INCLUDE_FILE = '.worktreeinclude';
export const DEFAULT_INCLUDE = '/.env*\n';

/** Folders too large to copy by default: linked from the main checkout when its lockfile is the same. */
export const HEAVY_FOLDERS: Readonly<Record<string, readonly string[]>> = {
  node_modules: ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock', 'bun.lockb'],
};

/**
 * The ignored paths to copy. `ignoredPaths` are relative, '/'-separated, as `git ls-files --others --ignored
 * --exclude-standard --directory` prints them (a folder ends with '/'). `includeText` is `.worktreeinclude`'s
 * content, or undefined when the repository has none.
 */
export function includedPaths(ignoredPaths: readonly string[], includeText: string | undefined): string[] {
  const rules = ignore().add(includeText ?? DEFAULT_INCLUDE);
  return ignoredPaths.filter((p) => {
    const top = p.split('/')[0] ?? '';
    if (top in HEAVY_FOLDERS) return false;
    if (p === '.git' || p.startsWith('.git/')) return false;
    return rules.ignores(p);
  });
}

export type HeavyFolderPlan = { action: 'link' } | { action: 'copy'; reason: 'lockfile-differs' | 'no-lockfile' };

/**
 * Link a heavy folder when the lockfile the main checkout installed from is byte for byte the worktree's (the
 * installed packages then are what the worktree would install); otherwise copy it (copy-on-write where offered).
 * `mainLock` and `worktreeLock` are the lockfiles' contents (or hashes), undefined when missing.
 */
export function planHeavyFolder(mainLock: string | undefined, worktreeLock: string | undefined): HeavyFolderPlan {
  if (mainLock === undefined || worktreeLock === undefined) return { action: 'copy', reason: 'no-lockfile' };
  return mainLock === worktreeLock ? { action: 'link' } : { action: 'copy', reason: 'lockfile-differs' };
}
