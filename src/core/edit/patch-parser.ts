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

  constructor(patch: string) {
    this.lines = patch.replace(/\r\n/g, '\n').split('\n');
    // Blank lines around the patch are noise from the model, not content.
    while (this.lines.length > 0 && this.lines[this.lines.length - 1]!.trim() === '') this.lines.pop();
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
    const h = header.trimEnd();
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
      if (this.peek()?.startsWith(MOVE)) moveTo = this.takePath(this.peek()!.trimEnd().slice(MOVE.length));
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
    if (hunk && hunk.lines.length === 0) this.fail('this hunk has no lines', hunk.patchLine);
  }

  private takePath(raw: string): string {
    const path = raw.trim();
    if (path === '') this.fail('the file path is missing');
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

function isHeader(line: string): boolean {
  return line.startsWith('*** ') && line.trim() !== END_OF_FILE;
}

function hunkLine(line: string, patchLine: number): HunkLine {
  // An empty line is an empty context line whose leading space the model dropped.
  if (line === '') return { op: ' ', text: '' };
  const op = line[0];
  if (op === ' ' || op === '-' || op === '+') return { op, text: line.slice(1) };
  throw new PatchSyntaxError(patchLine, `each hunk line must start with " ", "-" or "+" (got ${quote(line)})`);
}

function quote(line: string): string {
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line);
}
