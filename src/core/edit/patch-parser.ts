// Parser for the apply_patch format (as used by OpenAI's Codex):
//
//   *** Begin Patch
//   *** Add File: path        then lines starting with "+"
//   *** Delete File: path
//   *** Update File: path     optionally "*** Move to: new/path", then hunks:
//   @@ optional context line  then lines starting with " ", "-" or "+"; optionally "*** End of File"
//   *** End Patch
//
// Errors name the patch line (1-based) and what was expected there.
//
// As lenient as Codex's own parser (openai/codex, codex-rs/apply-patch) where models trained on it drift: marker
// lines may carry spaces before or after them, blank lines may follow "*** End of File" or separate a file header
// from its first hunk, and the patch may come wrapped in the shell here-document the model would have run
// (`apply_patch <<'EOF'` … `EOF`, also after `cd dir &&`, whose directory then prefixes the relative paths).

export type HunkLine = { op: ' ' | '-' | '+'; text: string };

export interface PatchHunk {
  /** The text after "@@ ", naming a line (such as the enclosing function) that comes before the hunk. */
  anchor?: string;
  lines: HunkLine[];
  /** "*** End of File" followed: the hunk's old lines end the file. */
  endOfFile: boolean;
  /** Patch line (1-based) where the hunk starts. */
  patchLine: number;
}

export type PatchOperation =
  | { type: 'add'; path: string; content: string; patchLine: number }
  | { type: 'delete'; path: string; patchLine: number }
  | { type: 'update'; path: string; moveTo?: string; hunks: PatchHunk[]; patchLine: number };

export interface PatchParseError {
  line: number;
  message: string;
}

export type ParsePatchResult = { ok: true; operations: PatchOperation[] } | { ok: false; error: PatchParseError };

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File:';
const DELETE = '*** Delete File:';
const UPDATE = '*** Update File:';
const MOVE = '*** Move to:';
const END_OF_FILE = '*** End of File';

class PatchSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export function parsePatch(patch: string): ParsePatchResult {
  try {
    return { ok: true, operations: new PatchReader(patch).read() };
  } catch (e) {
    if (e instanceof PatchSyntaxError) return { ok: false, error: { line: e.line, message: `line ${e.line}: ${e.message}` } };
    throw e;
  }
}

class PatchReader {
  private readonly lines: string[];
  private pos = 0;
  private readonly seen = new Set<string>();
  /** The directory a here-document wrapper `cd`-ed into: relative paths are read from there. */
  private readonly workdir: string | undefined;

  constructor(patch: string) {
    this.lines = patch.replace(/\r\n/g, '\n').split('\n');
    // Blank lines around the patch are noise from the model, not content.
    this.trimBlankEdges();
    const wrapper = this.lines[this.pos] !== undefined ? hereDocOpener(this.lines[this.pos]!) : undefined;
    if (wrapper && this.lines.length - this.pos >= 3 && this.lines[this.lines.length - 1]!.trim() === wrapper.delimiter) {
      // Line numbers keep counting the wrapper's lines: they are the lines the model wrote.
      this.lines.pop();
      this.pos++;
      this.trimBlankEdges();
      this.workdir = wrapper.workdir;
    } else if (wrapper) {
      this.fail(`the here-document "${this.lines[this.pos]!.trim()}" must end with a line "${wrapper.delimiter}"`, this.lines.length);
    }
  }

  private trimBlankEdges(): void {
    while (this.lines.length > this.pos && this.lines[this.lines.length - 1]!.trim() === '') this.lines.pop();
    while (this.pos < this.lines.length && this.lines[this.pos]!.trim() === '') this.pos++;
  }

  read(): PatchOperation[] {
    if (this.peek()?.trim() !== BEGIN) this.fail(`the patch must start with "${BEGIN}"`);
    this.pos++;
    const operations: PatchOperation[] = [];
    for (;;) {
      const line = this.peek();
      if (line === undefined) this.fail(`the patch ends without "${END}"`);
      if (line.trim() === END) break;
      operations.push(this.readOperation(line));
    }
    this.pos++;
    if (this.pos < this.lines.length) this.fail(`unexpected text after "${END}"`);
    if (operations.length === 0) this.fail('the patch changes no files', this.pos);
    return operations;
  }

  private readOperation(header: string): PatchOperation {
    const patchLine = this.pos + 1;
    const h = header.trim();
    if (h.startsWith(ADD)) {
      const path = this.takePath(h.slice(ADD.length));
      const content: string[] = [];
      for (let line = this.peek(); line !== undefined && !isHeader(line); line = this.peek()) {
        if (!line.startsWith('+')) this.fail(`every line of an added file must start with "+" (got ${quote(line)})`);
        content.push(line.slice(1));
        this.pos++;
      }
      return { type: 'add', path, content: content.length === 0 ? '' : `${content.join('\n')}\n`, patchLine };
    }
    if (h.startsWith(DELETE)) {
      const path = this.takePath(h.slice(DELETE.length));
      return { type: 'delete', path, patchLine };
    }
    if (h.startsWith(UPDATE)) {
      const path = this.takePath(h.slice(UPDATE.length));
      let moveTo: string | undefined;
      if (this.peek()?.trim().startsWith(MOVE)) moveTo = this.takePath(this.peek()!.trim().slice(MOVE.length));
      const hunks = this.readHunks();
      if (hunks.length === 0 && moveTo === undefined) this.fail(`"${UPDATE} ${path}" has no hunks`, patchLine);
      return { type: 'update', path, ...(moveTo !== undefined ? { moveTo } : {}), hunks, patchLine };
    }
    return this.fail(`expected "${ADD}", "${UPDATE}", "${DELETE}" or "${END}" (got ${quote(header)})`);
  }

  private readHunks(): PatchHunk[] {
    const hunks: PatchHunk[] = [];
    let current: PatchHunk | undefined;
    for (let line = this.peek(); line !== undefined && !isHeader(line); line = this.peek()) {
      const patchLine = this.pos + 1;
      // Blank lines before the first hunk and after "*** End of File" separate, as Codex reads them.
      if (line.trim() === '' && (!current || current.endOfFile)) {
        this.pos++;
        continue;
      }
      if (line.startsWith('@@')) {
        this.closeHunk(current);
        const anchor = line.slice(2).trim();
        current = { lines: [], endOfFile: false, patchLine, ...(anchor !== '' ? { anchor } : {}) };
        hunks.push(current);
      } else if (line.trim() === END_OF_FILE) {
        if (!current || current.lines.length === 0) this.fail(`"${END_OF_FILE}" must follow a hunk's lines`);
        current.endOfFile = true;
      } else {
        // The first hunk may omit its "@@" line.
        if (!current) {
          current = { lines: [], endOfFile: false, patchLine };
          hunks.push(current);
        }
        if (current.endOfFile) this.fail(`"${END_OF_FILE}" must be the last line of its hunk`);
        current.lines.push(hunkLine(line, this.pos + 1));
      }
      this.pos++;
    }
    this.closeHunk(current);
    return hunks;
  }

  private closeHunk(hunk: PatchHunk | undefined): void {
    if (!hunk) return;
    // Empty lines (no " " either) ending a hunk separate it from the next one; they are no context the model meant.
    if (!hunk.endOfFile) while (hunk.lines.length > 0 && BARE_EMPTY.has(hunk.lines[hunk.lines.length - 1]!)) hunk.lines.pop();
    if (hunk.lines.length === 0) this.fail('this hunk has no lines', hunk.patchLine);
  }

  private takePath(raw: string): string {
    const written = raw.trim();
    if (written === '') this.fail('the file path is missing');
    const path = this.workdir !== undefined && !isAbsolutePath(written) ? `${this.workdir.replace(/[\\/]+$/, '')}/${written}` : written;
    if (this.seen.has(path)) this.fail(`"${path}" appears twice in this patch; put all its changes in one section`);
    this.seen.add(path);
    this.pos++;
    return path;
  }

  private peek(): string | undefined {
    return this.lines[this.pos];
  }

  private fail(message: string, line = this.pos + 1): never {
    throw new PatchSyntaxError(line, message);
  }
}

/** Markers a line may carry with spaces around it and still be a marker (Codex trims them too). */
const PADDED_MARKERS = [ADD, DELETE, UPDATE, MOVE, END];

function isHeader(line: string): boolean {
  if (line.startsWith('*** ')) return line.trim() !== END_OF_FILE;
  // " *** Update File: x" is a header with a slipped space, not the context line "*** Update File: x".
  const trimmed = line.trim();
  return line !== trimmed && PADDED_MARKERS.some((m) => trimmed.startsWith(m));
}

/** Hunk lines read from an empty patch line (no " " before it). */
const BARE_EMPTY = new WeakSet<HunkLine>();

function hunkLine(line: string, patchLine: number): HunkLine {
  // An empty line is an empty context line whose leading space the model dropped.
  if (line === '') {
    const empty: HunkLine = { op: ' ', text: '' };
    BARE_EMPTY.add(empty);
    return empty;
  }
  const op = line[0];
  if (op === ' ' || op === '-' || op === '+') return { op, text: line.slice(1) };
  throw new PatchSyntaxError(patchLine, `each hunk line must start with " ", "-" or "+" (got ${quote(line)})`);
}

function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p);
}

/**
 * The first line of a shell here-document that feeds the patch to Codex's `apply_patch` command, as models trained on
 * Codex write it: `<<EOF`, `<<'EOF'`, `<<"EOF"` (any delimiter word), optionally after `apply_patch ` or
 * `applypatch `, optionally after `cd <dir> && ` (one word, or one quoted string without quotes, `$` or backslashes
 * inside). Anything else is not a wrapper and is left for the parser to refuse.
 */
function hereDocOpener(line: string): { delimiter: string; workdir?: string } | undefined {
  let rest = line.trim();
  let workdir: string | undefined;
  if (rest.startsWith('cd ')) {
    const words = rest.slice(3).trimStart();
    const end = words.indexOf(' && ');
    if (end <= 0) return undefined;
    workdir = shellWord(words.slice(0, end).trim());
    if (workdir === undefined) return undefined;
    rest = words.slice(end + 4).trimStart();
  }
  let named = false;
  for (const command of ['apply_patch', 'applypatch']) {
    if (!named && (rest.startsWith(`${command} `) || rest.startsWith(`${command}<<`))) {
      rest = rest.slice(command.length).trimStart();
      named = true;
    }
  }
  if (workdir !== undefined && !named) return undefined;
  if (!rest.startsWith('<<')) return undefined;
  const delimiter = shellWord(rest.slice(2).trim());
  if (delimiter === undefined || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(delimiter)) return undefined;
  return workdir !== undefined ? { delimiter, workdir } : { delimiter };
}

/** A plain shell word or one quoted string, unquoted; undefined when it needs a shell to be read. */
function shellWord(word: string): string | undefined {
  const quoted = word.length >= 2 && (word[0] === "'" || word[0] === '"') && word[word.length - 1] === word[0];
  const inner = quoted ? word.slice(1, -1) : word;
  if (inner === '' || /[\s'"$`\\;&|<>(){}*?~!#]/.test(inner)) return undefined;
  return inner;
}

function quote(line: string): string {
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line);
}
