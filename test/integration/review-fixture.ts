// What the two review suites (Review My Changes on the working tree, and on a parallel task) share: a git repository
// whose one commit holds src/calc.ts, the change they review in it, a finding on that change as the model answers
// it, and the parts of a recorded model request they read (its messages, the tools it offered).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedRequest } from '../support/scripted-model-server';

export type Json = Record<string, unknown>;

/** src/calc.ts as committed. */
export const ORIGINAL = 'export function ratio(a: number, b: number): number {\n  return a / b;\n}\n\nexport const NAME = "calc";\n';
/** src/calc.ts changed: line 2 rounds, line 6 adds a limit. */
export const CHANGED = 'export function ratio(a: number, b: number): number {\n  return Math.round(a / b);\n}\n\nexport const NAME = "calc";\nexport const LIMIT = -1;\n';

/** A finding on line 2 of src/calc.ts whose reason starts with `marker` (for finding it again in a fix's prompt); `over` changes any field. */
export const finding = (marker: string, over: Json = {}) => ({ path: 'src/calc.ts', line: 2, severity: 'error', title: 'Division by zero', reason: `${marker}: b may be 0.`, ...over });

/** A fresh repository at `repo` (removed first) on branch main, with src/calc.ts holding ORIGINAL committed. */
export function calcRepository(repo: string): void {
  rmSync(repo, { recursive: true, force: true });
  mkdirSync(join(repo, 'src'), { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'review@it');
  git('config', 'user.name', 'Review IT');
  git('config', 'commit.gpgsign', 'false');
  writeFileSync(join(repo, 'src', 'calc.ts'), ORIGINAL);
  git('add', '.');
  git('commit', '-q', '-m', 'calc');
}

/** The messages an OpenAI-style request sent. */
export const messages = (request: RecordedRequest) => (request.body as Json).messages as Json[];

/** The names of the tools an OpenAI-style request offered. */
export const toolNames = (request: RecordedRequest) => (((request.body as Json).tools as Json[] | undefined) ?? []).map((t) => String((t.function as Json).name));
