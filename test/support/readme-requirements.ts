// What `.ci/run` installs with apt and what the README's requirements line tells a newcomer to install, each read
// with its format's parser (tree-sitter-bash for the script and the README's command, marked for the Markdown), so
// a unit test can hold the two together.
import { marked, type Token, type Tokens } from 'marked';
import { createLazyShellParser, type SyntaxNode } from '../../src/core/permissions/shell-parser';

export interface ShellWasm {
  treeSitterWasmPath: string;
  bashWasmPath: string;
}

/** Every Debian package the script can hand to `apt-get install`: literal arguments and the arrays it expands there. */
export async function aptPackagesOfScript(script: string, wasm: ShellWasm): Promise<string[]> {
  const parse = await createLazyShellParser(wasm)();
  const root = parse(script).root;
  const arrays = new Map<string, string[]>();
  for (const node of walk(root)) {
    if (node.type !== 'variable_assignment') continue;
    const name = node.children.find((c) => c.field === 'name')?.text;
    const value = node.children.find((c) => c.field === 'value');
    if (!name || value?.type !== 'array') continue;
    const words = value.children.filter((c) => c.named).map(wordText);
    arrays.set(name, [...(arrays.get(name) ?? []), ...words]);
  }
  const packages: string[] = [];
  for (const args of aptInstalls(root)) {
    for (const arg of args) {
      const expanded = /^\$\{(\w+)\[@\]\}$/.exec(arg.replace(/^"|"$/g, ''));
      if (expanded) packages.push(...(arrays.get(expanded[1]!) ?? []));
      else if (!arg.startsWith('-')) packages.push(arg);
    }
  }
  return [...new Set(packages)].sort();
}

/** The packages of every `apt-get install` (or `apt install`) command in the README's "Requirements:" paragraph. */
export async function aptPackagesOfReadme(markdown: string, wasm: ShellWasm): Promise<string[]> {
  const paragraph = marked.lexer(markdown).find((t): t is Tokens.Paragraph => t.type === 'paragraph' && t.text.startsWith('Requirements:'));
  if (!paragraph) return [];
  const parse = await createLazyShellParser(wasm)();
  const packages: string[] = [];
  for (const span of codeSpans(paragraph.tokens ?? [])) {
    for (const args of aptInstalls(parse(span).root)) packages.push(...args.filter((a) => !a.startsWith('-')));
  }
  return [...new Set(packages)].sort();
}

/** The arguments after `install` of each apt command, as written. */
function aptInstalls(root: SyntaxNode): string[][] {
  const found: string[][] = [];
  for (const node of walk(root)) {
    if (node.type !== 'command') continue;
    const name = node.children.find((c) => c.field === 'name')?.text;
    if (name !== 'apt-get' && name !== 'apt') continue;
    const args = node.children.filter((c) => c.field === 'argument').map((c) => c.text);
    const install = args.indexOf('install');
    if (install >= 0) found.push(args.slice(install + 1));
  }
  return found;
}

function wordText(node: SyntaxNode): string {
  return node.type === 'raw_string' || node.type === 'string' ? node.text.slice(1, -1) : node.text;
}

function* walk(node: SyntaxNode): Generator<SyntaxNode> {
  yield node;
  for (const child of node.children) yield* walk(child);
}

function* codeSpans(tokens: readonly Token[]): Generator<string> {
  for (const t of tokens) {
    if (t.type === 'codespan') yield (t as Tokens.Codespan).text;
    const nested = (t as { tokens?: Token[] }).tokens;
    if (nested) yield* codeSpans(nested);
  }
}
