// The one way Relay starts git. Every run names its repository explicitly (GIT_DIR, GIT_COMMON_DIR and
// GIT_WORK_TREE, resolved by git-repositories.ts from what Relay created or knows, never from a `.git` file a command
// could have written), or runs outside any repository, or only asks where a workspace folder's repository is; and
// every run switches off the ways git starts a program (src/core/git/hardened-git.ts): hooks, fsmonitor, external
// diffs and textconv, the filter and merge drivers the repository's configuration defines, editors, pagers,
// prompts, credential helpers and transports.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { configEnvironment, driverOverrides, hardenedArguments, hardenedConfig, hardenedEnvironment, NO_HOOKS_POSIX, parseConfigListing } from '../../core/git/hardened-git';

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

/** A repository as Relay resolved it: its git directory, the common one (shared by its worktrees) and its files. */
export interface GitRepository {
  gitDir: string;
  commonDir: string;
  workTree: string;
}

/**
 * Where a git process runs: in a resolved repository; `{ discover }` only to ask git which repository a folder is
 * in (rev-parse); `{ outside }` in a folder Relay made that is in no repository (merge-file on temporary files).
 */
export type GitLocation = GitRepository | { discover: string } | { outside: string };

export interface GitOptions {
  env?: Record<string, string>;
  input?: string;
  /** Return a non-zero exit as a result instead of throwing. */
  allowFailure?: boolean;
}

const MAX_BUFFER = 256 * 1024 * 1024;

let windowsHooks: string | undefined;

/** Where hooks are looked for: /dev/null (never a folder, so never a hook); on Windows an empty folder Relay made, checked empty. */
function hooksPath(): string {
  if (process.platform !== 'win32') return NO_HOOKS_POSIX;
  const empty = (dir: string) => {
    try {
      return readdirSync(dir).length === 0;
    } catch {
      return false;
    }
  };
  if (!windowsHooks || !empty(windowsHooks)) windowsHooks = mkdtempSync(join(tmpdir(), 'relay-no-hooks-'));
  return windowsHooks;
}

function isRepository(at: GitLocation): at is GitRepository {
  return 'gitDir' in at;
}

function locationEnv(at: GitLocation): Record<string, string> {
  if (isRepository(at)) return { GIT_DIR: at.gitDir, GIT_COMMON_DIR: at.commonDir, GIT_WORK_TREE: at.workTree };
  // Outside: git may look for a repository from the folder, but not above it.
  if ('outside' in at) return { GIT_CEILING_DIRECTORIES: dirname(at.outside) };
  return {};
}

function cwdOf(at: GitLocation): string {
  return isRepository(at) ? at.workTree : 'outside' in at ? at.outside : at.discover;
}

interface Spawned {
  stdout: string | Buffer;
  stderr: string;
  code: number;
  /** Set when git did not run or did not exit by itself (missing, killed, output too large). */
  error?: Error;
}

function spawnGit(at: GitLocation, args: readonly string[], env: Record<string, string>, encoding: 'utf8' | 'buffer', input: string | undefined): Promise<Spawned> {
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      ['--no-pager', ...hardenedArguments(args)],
      { cwd: cwdOf(at), maxBuffer: MAX_BUFFER, env, encoding, windowsHide: true },
      (error, stdout, stderr) => {
        const exited = !error || typeof error.code === 'number';
        resolve({ stdout, stderr: String(stderr), code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, ...(exited ? {} : { error: error! }) });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** The environment of a run: hardened configuration, the repository named, its own drivers neutralised. */
async function environmentFor(at: GitLocation, extra: Record<string, string> | undefined): Promise<Record<string, string>> {
  const base = hardenedConfig(hooksPath());
  const env = (pairs: [string, string][]) => hardenedEnvironment(process.env, { ...locationEnv(at), ...configEnvironment(pairs), ...extra });
  if (!isRepository(at)) return env(base);
  // The drivers come from the configuration as git will read it for this run (includes followed, nothing run).
  const listed = await spawnGit(at, ['config', '--list', '--show-scope', '--show-origin', '-z'], env(base), 'utf8', undefined);
  if (listed.error) throw listed.error;
  return env([...base, ...driverOverrides(parseConfigListing(String(listed.stdout)), [at.workTree, at.gitDir, at.commonDir])]);
}

export async function runGit(at: GitLocation, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  const r = await spawnGit(at, args, await environmentFor(at, options.env), 'utf8', options.input);
  if (r.error) throw r.error; // git missing, or killed
  const result = { stdout: String(r.stdout), stderr: r.stderr, code: r.code };
  if (r.code !== 0 && !options.allowFailure) throw new GitError(args, result);
  return result;
}

/** Raw bytes of `git cat-file blob` / `git show`, for binary files. */
export async function gitBytes(at: GitLocation, args: readonly string[], env?: Record<string, string>): Promise<Buffer> {
  const r = await spawnGit(at, args, await environmentFor(at, env), 'buffer', undefined);
  if (r.error) throw r.error;
  if (r.code !== 0) throw new GitError(args, { stdout: '', stderr: r.stderr, code: r.code });
  return r.stdout as Buffer;
}
