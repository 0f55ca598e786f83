// Which files and lines a change touches, from `git diff` output (parsed with the `diff` library): the review may
// only comment on a file the change touches, and its findings are placed on the new version's lines.
import { parsePatch } from 'diff';

/** A range of lines in the new version of a file, 1-based and inclusive. */
export interface LineRange {
  start: number;
  end: number;
}

export interface ChangedFile {
  /** Relative to the repository's top folder, with forward slashes. */
  path: string;
  /** Lines added or changed in the new version (empty for a file only deleted lines from). */
  changed: LineRange[];
  /** The new version's hunks as a whole (context included), where a finding may also point. */
  hunks: LineRange[];
}

/** The files a unified diff (`git diff`, any context) changes, deleted files left out (no line to comment on). */
export function changedFiles(unifiedDiff: string): ChangedFile[] {
  const files: ChangedFile[] = [];
  for (const patch of parsePatch(unifiedDiff)) {
    const path = stripPrefix(patch.newFileName);
    if (!path) continue; // deleted (/dev/null) or no header
    const changed: LineRange[] = [];
    const hunks: LineRange[] = [];
    for (const hunk of patch.hunks) {
      if (hunk.newLines > 0) hunks.push({ start: hunk.newStart, end: hunk.newStart + hunk.newLines - 1 });
      let line = hunk.newStart;
      for (const text of hunk.lines) {
        if (text.startsWith('+')) {
          addLine(changed, line);
          line++;
        } else if (text.startsWith(' ')) line++;
        // '-' lines and "\ No newline at end of file" take no line of the new version.
      }
    }
    files.push({ path, changed, hunks });
  }
  return files;
}

/** A file that is new as a whole (untracked): every one of its lines is changed. */
export function newFile(path: string, lineCount: number): ChangedFile {
  const all = lineCount > 0 ? [{ start: 1, end: lineCount }] : [];
  return { path, changed: all, hunks: all };
}

function addLine(ranges: LineRange[], line: number): void {
  const last = ranges[ranges.length - 1];
  if (last && last.end + 1 === line) last.end = line;
  else ranges.push({ start: line, end: line });
}

function stripPrefix(name: string | undefined): string | undefined {
  if (!name || name === '/dev/null') return undefined;
  const unquoted = name.replace(/\t.*$/, '');
  return unquoted.startsWith('b/') ? unquoted.slice(2) : unquoted;
}

export function touches(file: ChangedFile, line: number): boolean {
  return [...file.changed, ...file.hunks].some((r) => line >= r.start && line <= r.end);
}
