// What @-mentioning the uncommitted changes attaches: each workspace folder's repository (or, for a folder in none,
// the repositories directly inside it, as VS Code's git extension finds them) as staged diff, unstaged diff and
// untracked files. Every git run goes through Relay's hardened runner (src/host/git/git-process.ts): the repository
// is named explicitly, and its fsmonitor, external diff, textconv and filter drivers never run; VS Code's git
// extension ran all of them for the user's repository. No `vscode` import: plain Node tests it with real git.
import { readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { runGit } from '../git/git-process';
import { discoverRepository, type RepositoryFacts } from '../git/git-repositories';

/**
 * The changes of the repositories of these folders, or undefined when none is in a repository. `shown` turns an
 * absolute path into what the chat shows (relative to the workspace).
 */
export async function uncommittedChangesIn(folders: readonly string[], shown: (absolute: string) => string): Promise<string | undefined> {
  const repositories = await repositoriesOf(folders);
  if (repositories.length === 0) return undefined;
  const pieces: string[] = [];
  for (const repository of repositories) {
    const [staged, unstaged, untracked] = await Promise.all([
      runGit(repository, ['diff', '--cached']),
      runGit(repository, ['diff']),
      runGit(repository, ['ls-files', '--others', '--exclude-standard', '--directory', '-z']),
    ]);
    if (staged.stdout.trim()) pieces.push(`# Staged\n${staged.stdout.trimEnd()}`);
    if (unstaged.stdout.trim()) pieces.push(`# Not staged\n${unstaged.stdout.trimEnd()}`);
    const files = untracked.stdout.split('\0').filter((p) => p !== '');
    // An untracked folder is one entry, its `/` kept.
    if (files.length) pieces.push(`# Untracked files\n${files.map((p) => shown(join(repository.root, p)) + (p.endsWith('/') ? '/' : '')).join('\n')}`);
  }
  return pieces.join('\n\n');
}

async function repositoriesOf(folders: readonly string[]): Promise<RepositoryFacts[]> {
  const found = new Map<string, RepositoryFacts>();
  for (const folder of folders) {
    const own = await discoverRepository(folder);
    if (own) {
      found.set(own.gitDir, own);
      continue;
    }
    // A folder that holds repositories one level down (VS Code's git extension scans that deep by default).
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const sub = join(folder, entry.name);
      const names = await readdir(sub).catch(() => [] as string[]);
      if (!names.includes('.git')) continue;
      const nested = await discoverRepository(sub);
      if (nested && nested.root === (await realpath(sub).catch(() => sub))) found.set(nested.gitDir, nested);
    }
  }
  return [...found.values()];
}
