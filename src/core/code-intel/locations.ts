// Locations as the model reads them: grouped by file, each with its line of code, in file then line order,
// capped with a count of the rest. Files outside the workspace are named but not read (reading them asks).
import type { SourceLocation } from '../ports/language-features';

export interface LocationSource {
  /** How a path is shown (workspace-relative). */
  show(path: string): string;
  /** Whether a file's lines may be quoted without asking (inside the workspace, not sensitive). */
  readable(path: string): boolean;
  /** The file's text as the user sees it; undefined when it cannot be read. */
  read(path: string): Promise<string | undefined>;
}

export interface FormattedLocations {
  /** The listing, one "  line: code" row per location under each file's name. */
  text: string;
  /** Locations listed / in all. */
  listed: number;
  total: number;
  /** One entry per file, "path (n)", in order. */
  files: string[];
}

const MAX_LINE_CHARS = 200;

export async function formatLocations(locations: readonly SourceLocation[], source: LocationSource, limit: number): Promise<FormattedLocations> {
  const unique = dedupe(locations);
  const byFile = new Map<string, SourceLocation[]>();
  for (const loc of unique) byFile.set(loc.path, [...(byFile.get(loc.path) ?? []), loc]);
  const files = [...byFile.entries()]
    .map(([path, locs]) => ({ path, shown: source.show(path), locs: locs.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character) }))
    .sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0));

  const blocks: string[] = [];
  let listed = 0;
  let partlyListed = 0;
  for (const file of files) {
    if (listed >= limit) break;
    const rows = [file.shown];
    const readable = source.readable(file.path);
    const lines = readable ? (await source.read(file.path))?.split(/\r?\n|\r/) : undefined;
    if (!readable) rows[0] += ' (not quoted: outside the workspace or sensitive; read_file asks before reading it)';
    for (const loc of file.locs) {
      if (listed >= limit) break;
      const n = loc.range.start.line + 1;
      const span = loc.span && loc.span.end.line > loc.span.start.line ? ` [lines ${loc.span.start.line + 1}-${loc.span.end.line + 1}]` : '';
      const code = lines?.[loc.range.start.line];
      rows.push(code === undefined ? `  ${n}:${loc.range.start.character + 1}${span}` : `  ${n}:${span} ${cut(code.trim())}`);
      listed++;
    }
    if (rows.length - 1 < file.locs.length) partlyListed = 1;
    blocks.push(rows.join('\n'));
  }
  const rest = unique.length - listed;
  if (rest > 0) {
    const moreFiles = files.length - blocks.length + partlyListed;
    blocks.push(`[${rest} more in ${moreFiles} ${moreFiles === 1 ? 'file' : 'files'} not listed; raise limit to see them.]`);
  }
  return { text: blocks.join('\n\n'), listed, total: unique.length, files: files.map((f) => `${f.shown} (${f.locs.length})`) };
}

function dedupe(locations: readonly SourceLocation[]): SourceLocation[] {
  const seen = new Set<string>();
  return locations.filter((loc) => {
    const key = `${loc.path}\0${loc.range.start.line}:${loc.range.start.character}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function cut(code: string): string {
  return code.length <= MAX_LINE_CHARS ? code : `${code.slice(0, MAX_LINE_CHARS)}…`;
}
