// Mentions in a user message: `@problems`, `@terminal`, `@changes`, `@selection`, `@https://…` and workspace
// paths (`@src/app.ts`, `@src/app.ts:10-20`, `@"docs/with space.md"`, `@src/` for a folder). The host parses
// the text it is sent, so a mention typed by hand works as well as one picked from the list.

export type MentionKeyword = 'problems' | 'terminal' | 'changes' | 'selection';

export const MENTION_KEYWORDS: readonly MentionKeyword[] = ['problems', 'terminal', 'changes', 'selection'];

export interface LineRange {
  /** 1-based, inclusive. */
  start: number;
  end: number;
}

export type MentionRef =
  | { kind: MentionKeyword }
  | { kind: 'url'; url: string }
  /** A file or folder (trailing "/" or found to be one), relative to the workspace; `lines` for a file range. */
  | { kind: 'path'; path: string; lines?: LineRange };

export interface ParsedMention {
  ref: MentionRef;
  /** The whole token as written, "@" included. */
  token: string;
  /** Offset of the "@" in the text. */
  start: number;
}

/** "@" starts a mention at the start of the text or after whitespace or an opening bracket (not in "a@b.com"). */
const MENTION = /(^|[\s([{])@(?:"([^"\n]{1,1000})"|(\S{1,2000}))/g;
/** Sentence punctuation after a mention is not part of it ("see @src/a.ts."). */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;
const LINE_SUFFIX = /:(\d{1,7})(?:-(\d{1,7}))?$/;

/** Every mention in `text`, in order, each distinct one once. */
export function parseMentions(text: string): ParsedMention[] {
  const found: ParsedMention[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    const start = match.index + match[1]!.length;
    const quoted = match[2];
    const bare = quoted ?? match[3]!.replace(TRAILING_PUNCTUATION, '');
    const ref = quoted !== undefined ? pathRef(quoted) : refOf(bare);
    if (!ref) continue;
    const key = mentionKey(ref);
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ ref, token: quoted !== undefined ? `@"${quoted}"` : `@${bare}`, start });
  }
  return found;
}

function refOf(bare: string): MentionRef | undefined {
  if (/^https?:\/\//i.test(bare)) {
    try {
      const parsed = new URL(bare);
      return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? { kind: 'url', url: parsed.href } : undefined;
    } catch {
      return undefined;
    }
  }
  if ((MENTION_KEYWORDS as readonly string[]).includes(bare)) return { kind: bare as MentionKeyword };
  return pathRef(bare);
}

function pathRef(raw: string): MentionRef | undefined {
  let path = raw.trim();
  let lines: LineRange | undefined;
  const suffix = LINE_SUFFIX.exec(path);
  if (suffix) {
    const start = Number(suffix[1]);
    const end = suffix[2] === undefined ? start : Number(suffix[2]);
    if (start >= 1 && end >= start) lines = { start, end };
    path = path.slice(0, suffix.index);
  }
  path = path.replace(/\\/g, '/').replace(/^\.\//, '');
  if (!path || !looksLikePath(path)) return undefined;
  return lines ? { kind: 'path', path, lines } : { kind: 'path', path };
}

/** A word such as "@alice" is not a path; "README", "src/", "a.ts" and "Makefile" style names are left to resolution. */
function looksLikePath(path: string): boolean {
  return /[\w.-]/.test(path) && !/^[.]+$/.test(path);
}

/** One key per distinct mention (a file and a range of it are distinct). */
export function mentionKey(ref: MentionRef): string {
  switch (ref.kind) {
    case 'url':
      return `url:${ref.url}`;
    case 'path':
      return `path:${ref.path.replace(/\/+$/, '')}${ref.lines ? `:${ref.lines.start}-${ref.lines.end}` : ''}`;
    default:
      return ref.kind;
  }
}

/** The text that mentions `ref`: "@problems", "@src/a.ts:3-9", `@"a b.md"`. */
export function mentionToken(ref: MentionRef): string {
  switch (ref.kind) {
    case 'url':
      return `@${ref.url}`;
    case 'path': {
      const lines = ref.lines ? (ref.lines.start === ref.lines.end ? `:${ref.lines.start}` : `:${ref.lines.start}-${ref.lines.end}`) : '';
      return /[\s"]/.test(ref.path) ? `@"${ref.path}${lines}"` : `@${ref.path}${lines}`;
    }
    default:
      return `@${ref.kind}`;
  }
}
