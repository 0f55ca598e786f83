// Path arithmetic and resolution for permission checks, without Node's `path`: the host's file system is
// reached only through `FileSystemFacts`. Internally every path uses `/` (Windows: `C:/dir`).
import type { FileSystemFacts } from './types';

export type PathStyle = 'posix' | 'windows';

export function toSlashes(path: string, style: PathStyle): string {
  return style === 'windows' ? path.replace(/\\/g, '/') : path;
}

/** The root of an absolute path (`/`, `C:/`, `//server/share/`), or undefined for a relative one. */
export function rootOf(path: string, style: PathStyle): string | undefined {
  if (style === 'windows') {
    const drive = /^([A-Za-z]):(\/|$)/.exec(path);
    if (drive) return `${drive[1]!.toUpperCase()}:/`;
    const unc = /^\/\/[^/]+\/[^/]+(\/|$)/.exec(path);
    if (unc) return unc[0].endsWith('/') ? unc[0] : `${unc[0]}/`;
  }
  return path.startsWith('/') ? '/' : undefined;
}

export function isAbsolutePath(path: string, style: PathStyle): boolean {
  return rootOf(toSlashes(path, style), style) !== undefined;
}

/** Resolves `.` and `..` lexically; `..` never climbs above the root. */
export function normalizePath(path: string, style: PathStyle): string {
  const slashed = toSlashes(path, style);
  const root = rootOf(slashed, style) ?? '';
  const parts: string[] = [];
  for (const segment of slashed.slice(root.length).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
      else if (!root) parts.push('..');
    } else parts.push(segment);
  }
  const joined = parts.join('/');
  return root ? root + joined : joined || '.';
}

export function joinPath(base: string, relative: string, style: PathStyle): string {
  const rel = toSlashes(relative, style);
  if (rootOf(rel, style)) return rel;
  return base.endsWith('/') ? base + rel : `${base}/${rel}`;
}

export function parentPath(path: string, style: PathStyle): string {
  const root = rootOf(path, style) ?? '';
  const rest = path.slice(root.length).replace(/\/+$/, '');
  const cut = rest.lastIndexOf('/');
  return cut < 0 ? root || '.' : root + rest.slice(0, cut);
}

/** `child` relative to `parent` when it is the same path or inside it, else undefined. */
export function relativeInside(child: string, parent: string, caseInsensitive: boolean): string | undefined {
  const c = caseInsensitive ? child.toLowerCase() : child;
  const p = (caseInsensitive ? parent.toLowerCase() : parent).replace(/\/+$/, '');
  if (c === p || c === `${p}/`) return '';
  const prefix = `${p}/`; // the root `/` becomes '' + '/'
  return c.startsWith(prefix) ? child.slice(prefix.length) : undefined;
}

export function isSameOrInside(child: string, parent: string, caseInsensitive: boolean): boolean {
  return relativeInside(child, parent, caseInsensitive) !== undefined;
}

export function samePath(a: string, b: string, caseInsensitive: boolean): boolean {
  return caseInsensitive ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** Expands `~` and `~/...`; `~user` cannot be resolved without the host, so it yields undefined. */
export function expandHome(path: string, homeDir: string, style: PathStyle): string | undefined {
  const p = toSlashes(path, style);
  if (p === '~') return homeDir;
  if (p.startsWith('~/')) return joinPath(homeDir, p.slice(2), style);
  if (p.startsWith('~')) return undefined;
  return p;
}

export interface ResolvedPath {
  /** As the tool or command gave it. */
  input: string;
  /** Absolute and normalized, `~` expanded, symlinks not followed. */
  lexical: string;
  /** Symlinks followed, through the nearest existing ancestor for paths that do not exist yet. */
  real: string;
  /** The workspace folder (real path) containing `real`, if any. */
  folder?: string;
  /** `real` relative to `folder` (`''` for the folder itself). */
  relative?: string;
  /** `lexical` relative to the workspace folder it names, if any: the name the user sees. */
  lexicalRelative?: string;
  /** `~user` and the like: the path cannot be known, so it counts as outside the workspace. */
  unresolvable?: boolean;
}

/** Workspace folders as given and with symlinks resolved; computed once per evaluation. */
export interface WorkspaceRoots {
  lexical: string[];
  real: string[];
}

export async function resolveWorkspaceRoots(facts: FileSystemFacts): Promise<WorkspaceRoots> {
  const style = facts.pathStyle ?? 'posix';
  const lexical = facts.workspaceFolders.map((f) => normalizePath(f, style));
  const real = await Promise.all(lexical.map(async (f) => normalizePath((await facts.realpath(f)) ?? f, style)));
  return { lexical, real };
}

/** Makes a path absolute: `~` to the home directory, relative paths against `base`. */
export function absolutePath(
  input: string,
  base: string,
  facts: Pick<FileSystemFacts, 'homeDir' | 'pathStyle'>,
): string | undefined {
  const style = facts.pathStyle ?? 'posix';
  const expanded = expandHome(input, facts.homeDir, style);
  if (expanded === undefined) return undefined;
  return isAbsolutePath(expanded, style) ? expanded : joinPath(base, expanded, style);
}

export async function resolvePath(
  input: string,
  base: string,
  facts: FileSystemFacts,
  roots: WorkspaceRoots,
): Promise<ResolvedPath> {
  const style = facts.pathStyle ?? 'posix';
  const absolute = absolutePath(input, base, facts);
  if (absolute === undefined) return { input, lexical: input, real: input, unresolvable: true };
  const lexical = normalizePath(absolute, style);
  const real = await realPathOf(absolute, facts, style);
  const result: ResolvedPath = { input, lexical, real };
  roots.real.forEach((folder) => {
    const relative = relativeInside(real, folder, facts.caseInsensitive);
    if (relative !== undefined && result.folder === undefined) Object.assign(result, { folder, relative });
  });
  for (const folder of roots.lexical) {
    const relative = relativeInside(lexical, folder, facts.caseInsensitive);
    if (relative !== undefined) {
      result.lexicalRelative = relative;
      break;
    }
  }
  return result;
}

/**
 * Follows symlinks like the kernel would: segment by segment, so `link/..` climbs from the link's target.
 * A path that does not exist yet resolves through its nearest existing ancestor.
 */
async function realPathOf(absolute: string, facts: FileSystemFacts, style: PathStyle): Promise<string> {
  const whole = await facts.realpath(normalizeSeparatorsOnly(absolute, style));
  if (whole !== undefined && !absolute.split('/').includes('..')) return normalizePath(whole, style);
  const root = rootOf(absolute, style) ?? '/';
  let current = root;
  for (const segment of absolute.slice(root.length).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      current = parentPath(current, style);
      continue;
    }
    const candidate = joinPath(current, segment, style);
    const real = await facts.realpath(candidate);
    current = real !== undefined ? normalizePath(real, style) : candidate;
  }
  return normalizePath(current, style);
}

function normalizeSeparatorsOnly(path: string, style: PathStyle): string {
  const root = rootOf(path, style) ?? '';
  return root + path.slice(root.length).replace(/\/+/g, '/').replace(/\/$/, '');
}
