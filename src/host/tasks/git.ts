// The git CLI for parallel tasks: reads run at once, writes to one repository run one after the other (two
// `git worktree add` at once race on the repository's lock files and one of them fails).
import { execFile } from 'node:child_process';

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly result: GitResult,
  ) {
    super(`git ${args.join(' ')} failed (${result.code}): ${result.stderr.trim() || result.stdout.trim()}`);
  }
}

export interface GitOptions {
  env?: Record<string, string>;
  input?: string;
  /** Return a non-zero exit as a result instead of throwing. */
  allowFailure?: boolean;
  encoding?: 'utf8' | 'buffer';
}

const MAX_BUFFER = 256 * 1024 * 1024;

export function runGit(cwd: string, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      // Paths as they are (no octal quoting) and no pager or prompts: the output is parsed, nobody types.
      ['-c', 'core.quotePath=false', ...args],
      { cwd, maxBuffer: MAX_BUFFER, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', ...options.env }, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        if (error && typeof error.code !== 'number') return reject(error); // git missing, or killed
        const result = { stdout, stderr, code };
        if (code !== 0 && !options.allowFailure) return reject(new GitError(args, result));
        resolve(result);
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Raw bytes of `git cat-file blob` / `git show`, for binary files. */
export function gitBytes(cwd: string, args: readonly string[], env?: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile('git', args as string[], { cwd, maxBuffer: MAX_BUFFER, encoding: 'buffer', env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      if (error) reject(new GitError(args, { stdout: '', stderr: stderr.toString(), code: typeof error.code === 'number' ? error.code : 1 }));
      else resolve(stdout);
    });
  });
}

/** One queue per repository (its common git directory): writes wait for the one before. */
export class GitWriteQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(repoKey: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(repoKey) ?? Promise.resolve();
    const next = before.then(work, work);
    const tail = next.catch(() => undefined);
    this.tails.set(repoKey, tail);
    void tail.then(() => {
      if (this.tails.get(repoKey) === tail) this.tails.delete(repoKey);
    });
    return next;
  }
}
