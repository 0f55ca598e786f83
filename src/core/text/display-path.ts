// How a path reads to a person in a report or a question: relative to the workspace folder it is in (the folder's
// name first when the window has several), else from the home folder as `~/…`, else whole. "/tmp/relay-e2e-
// workspace-upm3YM/.vscode/settings.json" said nothing a person did not know but the part they needed.
import { isAbsolute, relative, sep } from 'node:path';

export interface DisplayRoot {
  name: string;
  path: string;
}

/** `path` relative to `base` when it is `base` or inside it; undefined otherwise. */
function inside(base: string, path: string): string | undefined {
  const rel = relative(base, path);
  if (rel === '') return '';
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel;
}

export function displayPath(path: string, roots: readonly DisplayRoot[], home: string | undefined): string {
  // The innermost folder first: a folder can lie inside another of the window's.
  for (const root of [...roots].sort((a, b) => b.path.length - a.path.length)) {
    const rel = inside(root.path, path);
    if (rel === undefined) continue;
    const shown = rel === '' ? '.' : rel.split(sep).join('/');
    return roots.length > 1 ? `${root.name}/${rel === '' ? '' : shown}`.replace(/\/$/, '') : shown;
  }
  const fromHome = home ? inside(home, path) : undefined;
  if (fromHome !== undefined) return fromHome === '' ? '~' : `~/${fromHome.split(sep).join('/')}`;
  return path;
}

/**
 * A sentence that names paths (a report's line: "Command: /review (Claude Code, /tmp/ws/.claude/commands/review.md)")
 * with each workspace folder's and the home folder's prefix read as `displayPath` reads it.
 */
export function displayPathsIn(text: string, roots: readonly DisplayRoot[], home: string | undefined): string {
  let shown = text;
  for (const root of [...roots].sort((a, b) => b.path.length - a.path.length)) shown = shown.split(`${root.path}${sep}`).join(roots.length > 1 ? `${root.name}/` : '');
  if (home) shown = shown.split(`${home}${sep}`).join('~/');
  return shown;
}
