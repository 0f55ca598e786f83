// A deliberately small highlighter for code blocks: comments, strings, numbers and common keywords, enough to
// make code readable at a glance without shipping a grammar library. Unknown languages stay plain monospace.

type Family = 'c' | 'hash' | 'sql';

const FAMILIES: Record<string, Family> = {
  js: 'c', javascript: 'c', jsx: 'c', ts: 'c', typescript: 'c', tsx: 'c', java: 'c', kotlin: 'c', c: 'c', cpp: 'c',
  'c++': 'c', cs: 'c', csharp: 'c', go: 'c', rust: 'c', rs: 'c', swift: 'c', php: 'c', scala: 'c', dart: 'c', json: 'c',
  jsonc: 'c', css: 'c', scss: 'c', less: 'c',
  py: 'hash', python: 'hash', sh: 'hash', bash: 'hash', shell: 'hash', zsh: 'hash', rb: 'hash', ruby: 'hash',
  yaml: 'hash', yml: 'hash', toml: 'hash', dockerfile: 'hash', makefile: 'hash', r: 'hash', perl: 'hash',
  sql: 'sql', lua: 'sql',
};

const KEYWORDS = new Set(
  (
    'abstract as async await break case catch class const continue def default delete do elif else enum export ' +
    'extends false finally fn for from func function if impl implements import in instanceof interface let match ' +
    'mod module mut namespace new nil None not null of or and package private protected pub public readonly return ' +
    'self static struct super switch this throw throws trait true True False try type typeof undefined use var ' +
    'void while with yield lambda pass raise except select insert update where join then fi done esac echo local'
  ).split(' '),
);

const COMMENT: Record<Family, string> = {
  c: String.raw`\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)`,
  hash: String.raw`#[^\n]*`,
  sql: String.raw`--[^\n]*`,
};
const STRING = String.raw`"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|\x60(?:[^\x60\\]|\\[\s\S])*\x60?`;
const NUMBER = String.raw`\b(?:0x[\da-f]+|\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?)\b`;
const WORD = String.raw`[A-Za-z_$][\w$]*`;

const patterns = new Map<Family, RegExp>();

function pattern(family: Family): RegExp {
  let re = patterns.get(family);
  if (!re) {
    re = new RegExp(`(${COMMENT[family]})|(${STRING})|(${NUMBER})|(${WORD})`, 'gi');
    patterns.set(family, re);
  }
  return re;
}

/** Fills `target` with text and token spans for `code`; returns false when the language is not one we know. */
export function highlightInto(doc: Document, target: Element, code: string, language: string): boolean {
  const family = FAMILIES[language.toLowerCase()];
  if (!family || code.length > 200_000) return false;
  const re = pattern(family);
  re.lastIndex = 0;
  const out = doc.createDocumentFragment();
  let plainStart = 0;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const kind = m[1] ? 'comment' : m[2] ? 'string' : m[3] ? 'number' : KEYWORDS.has(m[4]!) ? 'keyword' : undefined;
    if (!kind) continue;
    if (m.index > plainStart) out.append(code.slice(plainStart, m.index));
    const span = doc.createElement('span');
    span.className = `tok-${kind}`;
    span.textContent = m[0];
    out.append(span);
    plainStart = m.index + m[0].length;
  }
  out.append(code.slice(plainStart));
  target.replaceChildren(out);
  return true;
}
