// What the sandbox refused a command, from the two places it shows: the runtime's own reports (its proxy's denials,
// its write monitor: `deny network-outbound host:443 (reason)`, `deny openat /path`) and the command's error output
// (`/x: Read-only file system`, a denied credential folder that reads as missing). Error lines are counted only
// when the boundary explains them, so an ordinary "No such file" is not called a violation.
import { posix } from 'node:path';
import type { SandboxViolation } from '../ports/command-sandbox';
import type { SandboxBoundary } from './boundary';

/** One line the runtime reported. */
export function parseRuntimeLine(line: string): SandboxViolation | undefined {
  const text = line.trim();
  const network = /^deny network-outbound (\S+?)(?::(\d+))? \((.*)\)$/.exec(text);
  if (network) return { kind: 'network', target: network[2] ? `${network[1]}:${network[2]}` : network[1]!, detail: text };
  const file = /^deny (\w+) (\/.*)$/.exec(text);
  if (file) return { kind: 'write', target: file[2]!, detail: text };
  return text === '' ? undefined : { kind: 'other', target: '', detail: text };
}

const READ_ONLY = /read-only file system|\[errno 30\]|erofs/i;
// EBUSY: renaming over (or removing) a read-only file the sandbox mounted; counted only where the boundary explains it.
const DENIED = /permission denied|operation not permitted|device or resource busy|\[errno 13\]|\[errno 1\]|\[errno 16\]|eacces|eperm|ebusy/i;
const MISSING = /no such file or directory|\[errno 2\]|enoent/i;
// A read-only path that did not exist is an empty mount point: making it (`mkdir -p .vscode`) finds it "exists".
// Counted only for a path the boundary keeps read-only.
const EXISTS = /file exists|\[errno 17\]|eexist/i;

/** Violations named in the command's output, judged against the boundary it ran in. */
export function parseOutputViolations(output: string, boundary: SandboxBoundary, cwd: string): SandboxViolation[] {
  const found: SandboxViolation[] = [];
  for (const raw of output.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.length > 2000) continue;
    const readOnly = READ_ONLY.test(line);
    const denied = !readOnly && DENIED.test(line);
    const missing = !readOnly && !denied && MISSING.test(line);
    const exists = !readOnly && !denied && !missing && EXISTS.test(line);
    if (!readOnly && !denied && !missing && !exists) continue;
    for (const candidate of pathsIn(line)) {
      const target = posix.resolve(cwd, candidate);
      if (exists) {
        if (boundary.denyWrite.some((root) => within(target, root))) {
          found.push({ kind: 'write', target, detail: line });
          break;
        }
        continue;
      }
      if (missing || denied) {
        if (boundary.denyRead.some((root) => within(target, root))) {
          found.push({ kind: 'read', target, detail: line });
          break;
        }
        if (missing) continue;
      }
      if (readOnly || !writable(target, boundary)) {
        found.push({ kind: 'write', target, detail: line });
        break;
      }
    }
  }
  return found;
}

/** Runtime reports first, then what only the output shows; one entry per kind and target. */
export function mergeViolations(...lists: readonly (readonly SandboxViolation[])[]): SandboxViolation[] {
  const seen = new Map<string, SandboxViolation>();
  for (const v of lists.flat()) {
    const key = `${v.kind === 'other' ? 'other' : v.kind === 'network' ? 'network' : 'file'}\0${v.target || v.detail}`;
    if (!seen.has(key)) seen.set(key, v);
  }
  return [...seen.values()];
}

export function writable(path: string, boundary: SandboxBoundary): boolean {
  return boundary.allowWrite.some((root) => within(path, root)) && !boundary.denyWrite.some((root) => within(path, root));
}

export function within(path: string, root: string): boolean {
  const r = root.length > 1 ? root.replace(/\/+$/, '') : root;
  return path === r || path.startsWith(r === '/' ? '/' : `${r}/`);
}

/** Quoted words, then `:`-separated fields from the last (the one beside the error) back, that look like paths. */
function pathsIn(line: string): string[] {
  const out: string[] = [];
  const quoted: string[] = [];
  for (const m of line.matchAll(/['"‘’`]([^'"‘’`\n]+)['"‘’`]/g)) quoted.push(m[1]!);
  out.push(...quoted);
  for (const field of line.split(/:\s+/).reverse()) {
    const word = field.trim().replace(/^(cannot \w+|can't \w+|open|openat|mkdir|touch)\s+/i, '');
    out.push(word);
    // The last word of a sentence (`could not write config file .git/config`).
    const last = word.split(/\s+/).at(-1);
    if (last && last !== word) out.push(last);
  }
  // `prog: [line 1: ]path: message`: with three fields or more the first is the program that speaks (the shell
  // refusing a redirect says `/usr/bin/bash: line 1: .gitmodules: Read-only file system`), and the field before the
  // message is the file, a bare name too.
  const fields = line.split(/:\s+/);
  const program = fields.length >= 3 ? fields[0]!.trim() : undefined;
  const named = fields.length >= 3 ? fields[fields.length - 2]!.trim() : undefined;
  const bareName = (p: string) => p === named && /^[\w.@+-]+$/.test(p) && !/^\.{1,2}$/.test(p) && !/^E[A-Z]{2,}$/.test(p);
  const pathLike = (p: string) => p !== program && (/^(\/|\.{1,2}\/)/.test(p) || (/^[\w.@-]+\/[\w./@-]*$/.test(p) && !/^line \d/.test(p)));
  // A quoted name without a folder (`open '.envrc'`) is a path in the working directory; an error code is not
  // (node's error object prints `code: 'EROFS'` on a line of its own).
  const quotedName = (p: string) => quoted.includes(p) && /^[\w.@+-]+$/.test(p) && !/^\.{1,2}$/.test(p) && !/^E[A-Z]{2,}$/.test(p);
  return out.filter((p) => pathLike(p) || quotedName(p) || bareName(p));
}
