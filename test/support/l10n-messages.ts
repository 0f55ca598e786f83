// What the localisation bundles must cover, read from the sources as they are: every `l10n.t(...)` message
// (vscode.l10n.t or src/core/l10n.ts, the first argument must be a string literal), every `%key%` of
// package.json, and every English text of the webview's string table. Used by test/unit/l10n and by
// `npm run l10n:check`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { WEBVIEW_STRINGS } from '../../src/shared/webview-strings';

export const ROOT = join(__dirname, '..', '..');

export interface L10nCall {
  file: string;
  line: number;
  /** The message, or undefined when the first argument is not a literal (which the test refuses). */
  message: string | undefined;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every `l10n.t(…)`, `l10n.both(…)` and `l10n.mark(…)` call in src/, with its literal message. */
export function l10nCalls(root = ROOT): L10nCall[] {
  const calls: L10nCall[] = [];
  for (const path of sourceFiles(join(root, 'src'))) {
    const text = readFileSync(path, 'utf8');
    if (!text.includes('l10n.t') && !text.includes('l10n.both') && !text.includes('l10n.mark')) continue;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        (node.expression.name.text === 't' || node.expression.name.text === 'both' || node.expression.name.text === 'mark') &&
        /(^|\.)l10n$/.test(node.expression.expression.getText(source))
      ) {
        const first = node.arguments[0];
        const message = first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? first.text : undefined;
        calls.push({ file: relative(root, path), line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, message });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}

/** The keys l10n/bundle.l10n.<locale>.json must have: the host's messages and the webview's English texts. */
export function bundleMessages(root = ROOT): Set<string> {
  const messages = new Set<string>();
  for (const call of l10nCalls(root)) if (call.message !== undefined) messages.add(call.message);
  for (const english of Object.values(WEBVIEW_STRINGS)) messages.add(english);
  return messages;
}

/** Every `%key%` that package.json uses. */
export function manifestKeys(root = ROOT): Set<string> {
  const keys = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const match = /^%(.+)%$/.exec(value);
      if (match) keys.add(match[1]!);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')));
  return keys;
}

export function readJson(path: string): Record<string, string> {
  return JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Record<string, string>;
}

/** package.json with its `%key%` strings replaced from package.nls.json, as VS Code shows it in English. */
export function localizedManifest(nls = 'package.nls.json'): Record<string, unknown> {
  const table = readJson(nls);
  const resolve = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const match = /^%(.+)%$/.exec(value);
      return match && table[match[1]!] !== undefined ? table[match[1]!] : value;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  return resolve(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))) as Record<string, unknown>;
}

export function placeholders(text: string): string {
  return [...new Set(text.match(/\{\d+\}/g) ?? [])].sort().join(',');
}
