// What "Review My Changes" reviews, read through Relay's hardened git runner: the working tree's changes against
// HEAD (tracked files, and untracked ones as new files) when there are any; otherwise the current branch against its
// base (the remote's default branch, else main or master), from their merge base. Nothing here writes to the
// repository.
import { changedFiles, type ChangedFile } from '../../core/change-review/changed-lines';
import { discoverRepository, type RepositoryFacts } from '../git/git-repositories';
import { runGit } from '../git/git-process';

export interface ReviewSubject {
  repository: RepositoryFacts;
  /** For the prompt: "the working tree's changes" or "the branch … against …". */
  what: string;
  /** The same for the person (the question before the review): what is compared with what. */
  range: ReviewRange;
  diff: string;
  files: ChangedFile[];
}

export type ReviewRange = { type: 'working-tree' } | { type: 'branch'; branch: string; base: string };

export type SubjectResult = { type: 'subject'; subject: ReviewSubject } | { type: 'none'; reason: 'no-repository' | 'no-changes' };

const DIFF_OPTIONS = ['--no-color', '--unified=3', '--find-renames']; // --no-ext-diff and --no-textconv: added by the runner
/** An untracked file larger than this is listed but its text not sent. */
const MAX_UNTRACKED_BYTES = 256 * 1024;

export async function reviewSubject(folder: string): Promise<SubjectResult> {
  const repository = await discoverRepository(folder);
  if (!repository) return { type: 'none', reason: 'no-repository' };
  const working = await workingTreeChanges(repository);
  if (working.trim()) return subject(repository, "the working tree's changes (against HEAD)", { type: 'working-tree' }, working);
  const branch = await branchChanges(repository);
  if (branch && branch.diff.trim()) return subject(repository, `the branch ${branch.range.branch} against ${branch.range.base} (from their merge base)`, branch.range, branch.diff);
  return { type: 'none', reason: 'no-changes' };
}

function subject(repository: RepositoryFacts, what: string, range: ReviewRange, diff: string): SubjectResult {
  const files = changedFiles(diff);
  if (files.length === 0) return { type: 'none', reason: 'no-changes' };
  return { type: 'subject', subject: { repository, what, range, diff, files } };
}

async function workingTreeChanges(repo: RepositoryFacts): Promise<string> {
  const tracked = (await runGit(repo, ['diff', ...DIFF_OPTIONS, 'HEAD', '--'])).stdout;
  const untracked = (await runGit(repo, ['ls-files', '--others', '--exclude-standard', '-z'])).stdout.split('\0').filter(Boolean);
  const parts = [tracked];
  for (const path of untracked) {
    const counted = await runGit(repo, ['diff', '--no-index', '--numstat', '--', '/dev/null', path], { allowFailure: true });
    const [added] = counted.stdout.split('\t');
    if (added === '-') continue; // binary: no line to comment on
    const patch = await runGit(repo, ['diff', '--no-index', ...DIFF_OPTIONS, '--', '/dev/null', path], { allowFailure: true });
    if (patch.stdout.length > MAX_UNTRACKED_BYTES) continue;
    parts.push(patch.stdout);
  }
  return parts.filter((p) => p.trim()).join('\n');
}

/** The branch against its base: the remote's default branch, else main, master and their origin copies. */
async function branchChanges(repo: RepositoryFacts): Promise<{ range: ReviewRange & { type: 'branch' }; diff: string } | undefined> {
  const branch = (await runGit(repo, ['rev-parse', '--abbrev-ref', 'HEAD'], { allowFailure: true })).stdout.trim();
  const originHead = (await runGit(repo, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], { allowFailure: true })).stdout.trim();
  const candidates = [originHead, 'main', 'master', 'origin/main', 'origin/master'].filter((c, i, all) => c && c !== branch && all.indexOf(c) === i);
  const head = (await runGit(repo, ['rev-parse', 'HEAD'])).stdout.trim();
  for (const base of candidates) {
    const verified = await runGit(repo, ['rev-parse', '--verify', '--quiet', `${base}^{commit}`], { allowFailure: true });
    if (verified.code !== 0) continue;
    const mergeBase = await runGit(repo, ['merge-base', 'HEAD', base], { allowFailure: true });
    const at = mergeBase.stdout.trim();
    if (mergeBase.code !== 0 || !at || at === head) continue;
    const diff = (await runGit(repo, ['diff', ...DIFF_OPTIONS, at, 'HEAD', '--'])).stdout;
    return { range: { type: 'branch', branch: branch || 'HEAD', base }, diff };
  }
  return undefined;
}
