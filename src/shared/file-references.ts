// References to workspace files in model text, as the instructions ask models to write them: `src/a.ts:10`,
// `src/a.ts:10-20`, `src/a.ts:10:5` (line and column), `src/a.ts#L10` and `#L10-L20`, relative, `./`, absolute
// and Windows paths. The chat turns each into a link that asks the host to open the file at the line; the host
// decides whether the file is in the workspace and exists. Pure: the webview and unit tests run it.
// Not a reference: anything inside a URL (`http://host:8080/a.ts:3`), a host and port (`localhost:8080`), a time
// (`10:30`), a version (`v1.2:3` has no letter after its dot).

export interface FileReference {
  /** Where the reference starts in the text, and its length (path and line part). */
  index: number;
  length: number;
  /** As written (separators kept); the host resolves it against the workspace. */
  path: string;
  /** 1-based. */
  line: number;
  /** The last line of a range, when one was given and is not before `line`. */
  endLine?: number;
}

/** Lines beyond this are no line numbers anyone writes (and would not fit an editor position comfortably). */
const MAX_LINE = 9_999_999;

// A path: optional root (drive, `/`, `./`, `../`), folders, then a name. A name needs an extension (a dot and a
// letter) unless the path has a folder: `Makefile:3` alone is too much like `host:3`.
const SEGMENT = String.raw`[\w@+-][\w.@+-]*`;
const ROOT = String.raw`(?:[A-Za-z]:[\\/]|\.{1,2}[\\/]|[\\/])`;
const WITH_FOLDER = String.raw`${ROOT}?(?:${SEGMENT}[\\/])+${SEGMENT}`;
const BARE_NAME = String.raw`${ROOT}?${SEGMENT}\.[A-Za-z][A-Za-z0-9]{0,9}`;
const LINES = String.raw`(?::(\d{1,7})(?:[-–](\d{1,7}))?(?::\d{1,5})?|#L(\d{1,7})(?:-L?(\d{1,7}))?)`;
const REFERENCE = new RegExp(String.raw`(?<![\w.@+\\/:#-])(${WITH_FOLDER}|${BARE_NAME})${LINES}(?![\w\\/]|[-–:]\d)`, 'g');
// A scheme and everything up to the next space or closing bracket or quote: no reference is found inside.
const URL_LIKE = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s<>"'`)\]]*/g;

export function findFileReferences(text: string): FileReference[] {
  const urls = [...text.matchAll(URL_LIKE)].map((m) => [m.index, m.index + m[0].length] as const);
  const found: FileReference[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    const start = match.index;
    const end = start + match[0].length;
    if (urls.some(([from, to]) => start < to && end > from)) continue;
    const line = Number(match[2] ?? match[4]);
    if (!(line >= 1 && line <= MAX_LINE)) continue;
    const last = match[3] ?? match[5];
    const endLine = last !== undefined ? Number(last) : undefined;
    found.push({ index: start, length: match[0].length, path: match[1]!, line, ...(endLine !== undefined && endLine > line ? { endLine } : {}) });
  }
  return found;
}
