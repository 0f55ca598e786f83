// A task's change set as git prints it (`git diff --binary -M <base>`), read into files and hunks, and written back
// as the patch of what the person accepted: rejected files left out, rejected hunks dropped with the later hunks'
// line numbers moved, renames and binary files kept whole. `git apply --3way` takes the result.

export type FileChangeKind = 'added' | 'deleted' | 'modified' | 'renamed' | 'copied';

export interface PatchHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Text after the second `@@` (the function context git prints). */
  context: string;
  /** Body lines, each starting with ' ', '+', '-' or '\\'. */
  lines: string[];
}

export interface FilePatch {
  /** Path before (relative, unquoted); null for an added file. */
  oldPath: string | null;
  /** Path after; null for a deleted file. */
  newPath: string | null;
  kind: FileChangeKind;
  binary: boolean;
  /** `diff --git` and the extended header lines (modes, similarity, rename, index), as printed. */
  header: string[];
  /** `---`/`+++` lines, when printed. */
  fileLines: string[];
  hunks: PatchHunk[];
  /** A binary file's `GIT binary patch` body (or `Binary files … differ`), kept whole. */
  binaryBody: string[];
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$/;

/** Reads git's unified diff (with `--binary` and `-M`) into one entry per file. */
export function parseGitDiff(text: string): FilePatch[] {
  const files: FilePatch[] = [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let file: FilePatch | undefined;
  let hunk: PatchHunk | undefined;
  let inBinary = false;
  for (const line of lines) {
    if (line.startsWith('diff --git ')) {
      const [a, b] = splitDiffGitPaths(line.slice('diff --git '.length));
      file = { oldPath: a, newPath: b, kind: 'modified', binary: false, header: [line], fileLines: [], hunks: [], binaryBody: [] };
      files.push(file);
      hunk = undefined;
      inBinary = false;
      continue;
    }
    if (!file) continue;
    if (inBinary) {
      file.binaryBody.push(line);
      continue;
    }
    const h = HUNK.exec(line);
    if (h) {
      hunk = {
        oldStart: Number(h[1]),
        oldLines: h[2] === undefined ? 1 : Number(h[2]),
        newStart: Number(h[3]),
        newLines: h[4] === undefined ? 1 : Number(h[4]),
        context: h[5] ?? '',
        lines: [],
      };
      file.hunks.push(hunk);
      continue;
    }
    if (hunk) {
      hunk.lines.push(line);
      continue;
    }
    if (line === 'GIT binary patch' || (line.startsWith('Binary files ') && line.endsWith(' differ'))) {
      file.binary = true;
      inBinary = true;
      file.binaryBody.push(line);
    } else if (line.startsWith('--- ')) {
      file.fileLines.push(line);
      file.oldPath = pathOf(line.slice(4), 'a/');
    } else if (line.startsWith('+++ ')) {
      file.fileLines.push(line);
      file.newPath = pathOf(line.slice(4), 'b/');
    } else {
      file.header.push(line);
      readExtendedHeader(file, line);
    }
  }
  return files;
}

function readExtendedHeader(file: FilePatch, line: string): void {
  if (line.startsWith('new file mode')) {
    file.kind = 'added';
    file.oldPath = null;
  } else if (line.startsWith('deleted file mode')) {
    file.kind = 'deleted';
    file.newPath = null;
  } else if (line.startsWith('rename from ')) {
    file.kind = 'renamed';
    file.oldPath = unquote(line.slice('rename from '.length));
  } else if (line.startsWith('rename to ')) {
    file.newPath = unquote(line.slice('rename to '.length));
  } else if (line.startsWith('copy from ')) {
    file.kind = 'copied';
    file.oldPath = unquote(line.slice('copy from '.length));
  } else if (line.startsWith('copy to ')) {
    file.newPath = unquote(line.slice('copy to '.length));
  }
}

function pathOf(raw: string, prefix: string): string | null {
  const p = unquote(raw.replace(/\t$/, ''));
  if (p === '/dev/null') return null;
  return p.startsWith(prefix) ? p.slice(prefix.length) : p;
}

/** `a/x b/y`, either side possibly C-quoted. Unquoted names with spaces are split where both halves agree. */
function splitDiffGitPaths(rest: string): [string, string] {
  if (rest.startsWith('"')) {
    const end = closingQuote(rest, 0);
    const a = unquote(rest.slice(0, end + 1));
    const b = unquote(rest.slice(end + 2));
    return [strip(a, 'a/'), strip(b, 'b/')];
  }
  if (rest.endsWith('"')) {
    const start = rest.lastIndexOf(' "');
    return [strip(rest.slice(0, start), 'a/'), strip(unquote(rest.slice(start + 1)), 'b/')];
  }
  // Same name on both sides (the only case git leaves ambiguous): split in the middle.
  const mid = (rest.length - 1) / 2;
  if (Number.isInteger(mid) && rest[mid] === ' ' && rest.slice(2, mid) === rest.slice(mid + 3)) {
    return [rest.slice(2, mid), rest.slice(mid + 3)];
  }
  const space = rest.indexOf(' b/');
  return [strip(rest.slice(0, space), 'a/'), strip(rest.slice(space + 1), 'b/')];
}

function strip(p: string, prefix: string): string {
  return p.startsWith(prefix) ? p.slice(prefix.length) : p;
}

function closingQuote(s: string, open: number): number {
  for (let i = open + 1; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '"') return i;
  }
  return s.length - 1;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', '"': '"', '\\': '\\', a: '\x07', b: '\b', f: '\f', r: '\r', v: '\v' };

/** Git's C-style quoting (`"d\303\251j\303\240.txt"`): octal escapes are UTF-8 bytes. */
export function unquote(s: string): string {
  if (!(s.length >= 2 && s.startsWith('"') && s.endsWith('"'))) return s;
  const bytes: number[] = [];
  const body = s.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      bytes.push(...new TextEncoder().encode(c));
      continue;
    }
    const n = body[++i] ?? '';
    if (/[0-7]/.test(n)) {
      bytes.push(parseInt(body.slice(i, i + 3), 8));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(ESCAPES[n] ?? n));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The path a file is known by in the task's result (its new path, or the old one for a deletion). */
export function displayPath(file: FilePatch): string {
  return file.newPath ?? file.oldPath ?? '';
}

export interface FileDecision {
  /** false: the whole file is left out. */
  accept: boolean;
  /** Indexes (0-based) of this file's hunks left out. */
  rejectedHunks?: ReadonlySet<number>;
}

/**
 * The patch of what was accepted. Files without a decision are kept whole. A text file whose every hunk is
 * rejected is left out, unless it is a rename (the rename itself is kept, without content changes).
 */
export function buildPatch(files: readonly FilePatch[], decisions: ReadonlyMap<string, FileDecision> = new Map()): string {
  const out: string[] = [];
  for (const file of files) {
    const decision = decisions.get(displayPath(file));
    if (decision && !decision.accept) continue;
    const rejected = decision?.rejectedHunks ?? new Set<number>();
    if (file.binary || rejected.size === 0) {
      out.push(...file.header, ...file.fileLines, ...file.hunks.flatMap(hunkText), ...file.binaryBody);
      continue;
    }
    const kept = keepHunks(file.hunks, rejected);
    if (kept.length === 0) {
      if (file.kind !== 'renamed') continue;
      out.push(...file.header.filter((l) => !l.startsWith('index ')));
      continue;
    }
    if (file.kind === 'added' || file.kind === 'deleted') {
      // A new or deleted file has one hunk; keeping part of it would leave a file git cannot place.
      out.push(...file.header, ...file.fileLines, ...file.hunks.flatMap(hunkText));
      continue;
    }
    out.push(...file.header, ...file.fileLines, ...kept.flatMap(hunkText));
  }
  return out.length === 0 ? '' : out.join('\n') + '\n';
}

/** The hunks kept, their new-side start moved by what the dropped hunks before them added or removed. */
function keepHunks(hunks: readonly PatchHunk[], rejected: ReadonlySet<number>): PatchHunk[] {
  const kept: PatchHunk[] = [];
  let shift = 0;
  hunks.forEach((h, i) => {
    if (rejected.has(i)) {
      shift += h.newLines - h.oldLines;
      return;
    }
    kept.push({ ...h, newStart: h.newStart - shift });
  });
  return kept;
}

function hunkText(h: PatchHunk): string[] {
  const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
  return [`@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@${h.context}`, ...h.lines];
}
