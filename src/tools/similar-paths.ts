// "Did you mean": when a path does not exist, the names nearest to it by edit distance, first among its would-be
// siblings, then anywhere in the workspace (a file the model remembers in the wrong folder).
import { distance } from 'fastest-levenshtein';
import * as path from 'node:path';
import { displayPath } from './paths';
import type { ToolServices } from './services';

const MAX_SUGGESTIONS = 3;
/** How many workspace files are compared at most; this runs only on the error path. */
const WORKSPACE_SCAN_LIMIT = 20_000;

export async function suggestSimilarPaths(services: ToolServices, missing: string, signal: AbortSignal): Promise<string[]> {
  const roots = services.workspaceRoots();
  const wanted = path.basename(missing).toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  const scored = new Map<string, number>();
  const consider = (absolute: string, score: number) => {
    if (absolute !== missing && score <= limit && (scored.get(absolute) ?? Infinity) > score) scored.set(absolute, score);
  };

  const parent = path.dirname(missing);
  try {
    for (const entry of await services.files.list(parent)) {
      consider(path.join(parent, entry.name), distance(entry.name.toLowerCase(), wanted));
    }
  } catch {
    // The parent does not exist either: the workspace scan below still helps.
  }

  if (scored.size < MAX_SUGGESTIONS && roots[0] !== undefined) {
    const root = roots[0];
    try {
      const found = await services.search.findFiles({ cwd: root, glob: '**/*', limit: WORKSPACE_SCAN_LIMIT }, signal);
      for (const rel of found.files) {
        const absolute = path.join(root, rel);
        // Siblings already scored keep their score; elsewhere a name must be as close, and a little worse to rank after them.
        if (!scored.has(absolute)) consider(absolute, distance(path.basename(rel).toLowerCase(), wanted) + 0.5);
      }
    } catch {
      // Suggestions are a courtesy: a failed scan leaves the error message without them.
    }
  }

  return [...scored.entries()]
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_SUGGESTIONS)
    .map(([absolute]) => displayPath(absolute, roots));
}
