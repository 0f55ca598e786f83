// Turns a shell word's syntax node into the value the shell would pass: quotes removed, escapes decoded,
// so `'r''m'`, `"rm"`, `r\m` and `$'\x72m'` all read `rm`. Expansions keep their source text and mark the
// word as not literal; `$HOME` is the one expansion we know, read as `~`.
import type { SyntaxNode } from './shell-parser';

export interface CommandWord {
  /** Source text. */
  raw: string;
  /** Value after quote removal; unknown parts keep their source text. */
  value: string;
  /** True when the value is fully known (no substitution or expansion other than `$HOME`). */
  literal: boolean;
  /** True when unquoted `*`, `?`, `[...]` or `{a,b}` would make the shell expand it. */
  glob: boolean;
  /** Names of the commands run by substitutions inside the word (`$(curl ...)`, `<(wget ...)`). */
  substituted: string[];
}

interface Piece {
  value: string;
  literal: boolean;
  /** The value with quoted and escaped characters masked, to see which glob characters are live. */
  probe: string;
}

export function wordFromNode(node: SyntaxNode): CommandWord {
  const piece = pieceOf(node, true);
  return {
    raw: node.text,
    value: piece.value,
    literal: piece.literal,
    glob: isLiveGlob(piece.probe),
    substituted: substitutedCommandNames(node),
  };
}

function substitutedCommandNames(node: SyntaxNode): string[] {
  const names: string[] = [];
  const visit = (n: SyntaxNode): void => {
    if (n.type === 'command') {
      const name = n.children.find((c) => c.field === 'name');
      if (name) names.push(commandBaseName(pieceOf(name.children[0] ?? name, true).value));
    }
    n.children.forEach(visit);
  };
  visit(node);
  return names;
}

/** `/usr/bin/rm` and `./rm` run as `rm` for our purposes. */
export function commandBaseName(value: string): string {
  const trimmed = value.replace(/[\\/]+$/, '');
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
}

/** A word made by the analysis itself (e.g. from a wrapper's argument list). */
export function literalWord(value: string): CommandWord {
  return { raw: value, value, literal: true, glob: false, substituted: [] };
}

function isLiveGlob(probe: string): boolean {
  return /[*?]/.test(probe) || /\[[^\]]*\]/.test(probe) || /\{[^{}]*(,|\.\.)[^{}]*\}/.test(probe);
}

function masked(value: string): string {
  return '_'.repeat(value.length);
}

function pieceOf(node: SyntaxNode, atStart: boolean): Piece {
  switch (node.type) {
    case 'word':
      return unescapeBare(node.text);
    case 'number':
    case '$':
      return { value: node.text, literal: true, probe: node.text };
    case 'raw_string': {
      const value = node.text.slice(1, -1);
      return { value, literal: true, probe: masked(value) };
    }
    case 'ansi_c_string': {
      const value = decodeAnsiC(node.text.slice(2, -1));
      return { value, literal: true, probe: masked(value) };
    }
    case 'string':
    case 'translated_string':
      return stringPiece(node, atStart);
    case 'concatenation':
      return joinPieces(node.children.map((child, i) => pieceOf(child, atStart && i === 0)));
    case 'simple_expansion':
    case 'expansion':
      if (atStart && isHomeExpansion(node)) return { value: '~', literal: true, probe: '~' };
      return dynamic(node);
    default:
      return dynamic(node);
  }
}

function dynamic(node: SyntaxNode): Piece {
  return { value: node.text, literal: false, probe: masked(node.text) };
}

function joinPieces(pieces: Piece[]): Piece {
  return {
    value: pieces.map((p) => p.value).join(''),
    literal: pieces.every((p) => p.literal),
    probe: pieces.map((p) => p.probe).join(''),
  };
}

function isHomeExpansion(node: SyntaxNode): boolean {
  const named = node.children.filter((c) => c.named);
  const plainBraces = node.type === 'simple_expansion' || node.children.length === 3; // `${HOME}` only
  return plainBraces && named.length === 1 && named[0]!.type === 'variable_name' && named[0]!.text === 'HOME';
}

function stringPiece(node: SyntaxNode, atStart: boolean): Piece {
  const pieces: Piece[] = [];
  for (const child of node.children) {
    if (child.type === '"' || child.type === '$"') continue;
    if (child.type === 'string_content') {
      const value = child.text.replace(/\\([$`"\\])/g, '$1').replace(/\\\n/g, '');
      pieces.push({ value, literal: true, probe: masked(value) });
    } else {
      const inner = pieceOf(child, atStart && pieces.length === 0);
      pieces.push({ ...inner, probe: masked(inner.value) });
    }
  }
  return joinPieces(pieces);
}

function unescapeBare(text: string): Piece {
  let value = '';
  let probe = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      const next = text[++i]!;
      if (next === '\n') continue; // line continuation
      value += next;
      probe += '_';
    } else {
      value += ch;
      probe += ch;
    }
  }
  return { value, literal: true, probe };
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Decodes the body of `$'...'` as bash does. */
export function decodeAnsiC(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\' || i + 1 >= body.length) {
      out += ch;
      continue;
    }
    const next = body[++i]!;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const numeric = readNumericEscape(body, i);
    if (numeric) {
      out += numeric.text;
      i = numeric.end - 1;
    } else if (next === 'c' && i + 1 < body.length) {
      out += String.fromCharCode(body.charCodeAt(++i) & 0x1f);
    } else out += `\\${next}`;
  }
  return out;
}

function readNumericEscape(body: string, at: number): { text: string; end: number } | undefined {
  const rest = body.slice(at);
  const forms: [RegExp, number][] = [
    [/^x([0-9a-fA-F]{1,2})/, 16],
    [/^u([0-9a-fA-F]{1,4})/, 16],
    [/^U([0-9a-fA-F]{1,8})/, 16],
    [/^([0-7]{1,3})/, 8],
  ];
  for (const [form, radix] of forms) {
    const m = form.exec(rest);
    if (m) {
      const code = parseInt(m[1]!, radix);
      const text = code <= 0x10ffff ? String.fromCodePoint(code) : '';
      return { text, end: at + m[0].length };
    }
  }
  return undefined;
}
