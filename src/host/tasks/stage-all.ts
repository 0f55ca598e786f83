// `git add -A` for Relay's commits and diffs without entering a nested repository: for a gitlink already in the
// index, `add` asks the nested repository whether it is dirty by starting `git status` there, which reads that
// repository's configuration (a filter it defines would run). Gitlinks are left out of the `add` and recorded
// from the nested repository's HEAD instead (read by rev-parse, which runs nothing), or dropped when the folder went.
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { runGit, type GitRepository } from '../git/git-process';

const GITLINK = '160000';

/** Stages everything under `pathspec` (git's pathspec, after `--`) as `git add -A` would, nested repositories by their HEAD. */
export async function stageAll(at: GitRepository, pathspec: readonly string[], env?: Record<string, string>): Promise<void> {
  const options = env ? { env } : {};
  const listed = await runGit(at, ['ls-files', '--stage', '-z'], options);
  const gitlinks = listed.stdout
    .split('\0')
    .filter((entry) => entry.startsWith(`${GITLINK} `))
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
  await runGit(at, ['add', '-A', ...pathspec, ...gitlinks.map((path) => `:(exclude,top,literal)${path}`)], options);
  for (const path of gitlinks) {
    const folder = join(at.workTree, path);
    if (!(await lstat(folder).catch(() => undefined))) {
      await runGit(at, ['update-index', '--force-remove', '--', path], options);
      continue;
    }
    const head = await runGit({ outside: folder }, ['rev-parse', '--verify', '-q', 'HEAD'], { allowFailure: true });
    if (head.code === 0) await runGit(at, ['update-index', '--cacheinfo', `${GITLINK},${head.stdout.trim()},${path}`], options);
  }
}
