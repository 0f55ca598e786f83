// The workspace's secret files (core/sandbox/secret-files.ts) that exist below the folders a command may write,
// found before each sandboxed command and handed to the runtime as unreadable paths (a /dev/null mask over each).
// Like the protected-file walk (nested-protected.ts) it runs in-process with a few readdir calls and remembers
// nothing between commands, so a `.env` made a moment before is found. It looks deeper (a monorepo's
// `apps/api/config/.env`), skips the folders that only hold installed packages or caches, follows no symbolic
// link (the link's own name is judged where it stands), and matches files only (a virtualenv named `.env` is a
// folder Python needs). `.npmrc` and `.yarnrc.yml` are unreadable only when they hold a token of their own.
// Folders are read in place (dir-reader.ts).
import { readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { secretFileKind } from '../../core/sandbox/secret-files';
import { DirReader } from './dir-reader';

/** How deep below a root secret files are looked for. */
export const SECRET_SCAN_DEPTH = 6;

/** Folders of installed packages, build output and caches: no project secret lives there. */
const SKIPPED = new Set(['node_modules', '.git', '.venv', 'venv', '__pycache__', '.tox', '.nox', '.mypy_cache', '.pytest_cache', '.gradle', '.next', '.nuxt', '.turbo', 'bower_components', '.pnpm-store', '.yarn', 'target', '.terraform']);

/** Larger token configuration is not read (and counts as holding a token). */
const MAX_CONFIG_BYTES = 256 * 1024;

/**
 * The secret files below these roots (absolute paths), but those matching one of the user's patterns
 * (`relay.sandbox.allowSecretFiles`: globs relative to a root, or a bare name matched in any folder).
 */
export async function secretFilesIn(roots: readonly string[], allowed: readonly string[] = [], depth = SECRET_SCAN_DEPTH): Promise<string[]> {
  const found = new Set<string>();
  const allows = allowed.filter((p) => p.trim() !== '').map((p) => picomatch(p.trim(), { dot: true, basename: !p.includes('/') }));
  const reader = new DirReader();
  for (const root of roots) {
    await walk(reader, root, 0, depth, async (file, segments) => {
      const rel = relative(root, file).split(sep).join('/');
      if (allows.some((allow) => allow(rel))) return;
      const kind = secretFileKind(segments);
      if (kind === 'secret' || (kind === 'token-config' && (await holdsToken(file)))) found.add(file);
    });
  }
  return [...found].sort();
}

async function walk(reader: DirReader, dir: string, level: number, depth: number, visit: (file: string, segments: string[]) => Promise<void>): Promise<void> {
  const below: string[] = [];
  const pending: Promise<void>[] = [];
  for (const entry of await reader.entries(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (level + 1 < depth && !SKIPPED.has(entry.name)) below.push(path);
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      pending.push(visit(path, path.split(sep).slice(-3)));
    }
  }
  for (const sub of below) await walk(reader, sub, level + 1, depth, visit);
  await Promise.all(pending);
}

/**
 * Whether npm's or Yarn's configuration holds a credential of its own: a line setting `_authToken`, `_auth`,
 * `_password`, `npmAuthToken`, `npmAuthIdent` or a password to a value that is not only a `${VARIABLE}` reference
 * (which names the variable, itself left out of sandboxed commands). One setting per line in both formats.
 */
export async function holdsToken(file: string): Promise<boolean> {
  try {
    if ((await stat(file)).size > MAX_CONFIG_BYTES) return true;
    const text = await readFile(file, 'utf8');
    return text.split(/\r?\n/).some(lineSetsToken);
  } catch {
    return false; // unreadable to Relay: nothing a command could read either
  }
}

const TOKEN_KEYS = ['_authtoken', '_auth', '_password', 'npmauthtoken', 'npmauthident', 'password', 'token'];

function lineSetsToken(line: string): boolean {
  const text = line.trim();
  if (text === '' || text.startsWith('#') || text.startsWith(';')) return false;
  const at = [text.indexOf('='), text.indexOf(': ')].filter((i) => i >= 0).sort((a, b) => a - b)[0];
  if (at === undefined) return false;
  const key = text.slice(0, at).trim().toLowerCase();
  const value = text.slice(at + 1).trim().replace(/^["']|["']$/g, '');
  if (value === '' || /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(value)) return false;
  return TOKEN_KEYS.some((k) => key.endsWith(k));
}
