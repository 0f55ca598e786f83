import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyTextEdits, formatLocations, formatOutline, hoverToText, type LocationSource } from '../../../src/core/code-intel';
import type { DocumentSymbolInfo } from '../../../src/core/ports/language-features';
import { span } from '../../support/fake-language-features';

const TEXTS: Record<string, string> = {
  '/w/b.ts': 'import { f } from "./a";\nf();\nf();\n',
  '/w/a.ts': 'export function f() {\n  return 1;\n}\n',
};

const source: LocationSource = {
  show: (p) => (p.startsWith('/w/') ? p.slice(3) : p),
  readable: (p) => p.startsWith('/w/'),
  read: async (p) => TEXTS[p],
};

describe('locations: by file, with the line of code, capped', () => {
  it('groups by file (sorted), orders by line, quotes each line and drops duplicates', async () => {
    const out = await formatLocations(
      [
        { path: '/w/b.ts', range: span(2, 0, 1) },
        { path: '/w/b.ts', range: span(1, 0, 1) },
        { path: '/w/a.ts', range: span(0, 16, 17), span: { start: { line: 0, character: 0 }, end: { line: 2, character: 1 } } },
        { path: '/w/b.ts', range: span(1, 0, 1) },
      ],
      source,
      50,
    );
    assert.equal(out.text, ['a.ts', '  1: [lines 1-3] export function f() {', '', 'b.ts', '  2: f();', '  3: f();'].join('\n'));
    assert.deepEqual(out.files, ['a.ts (1)', 'b.ts (2)']);
    assert.equal(out.total, 3);
  });

  it('caps at the limit and counts the rest, with the files they are in', async () => {
    const out = await formatLocations(
      [{ path: '/w/a.ts', range: span(0, 0, 1) }, { path: '/w/b.ts', range: span(1, 0, 1) }, { path: '/w/b.ts', range: span(2, 0, 1) }],
      source,
      2,
    );
    assert.equal(out.listed, 2);
    assert.match(out.text, /\[1 more in 1 file not listed; raise limit to see them\.\]$/);
    assert.doesNotMatch(out.text, /  3: f\(\);/);
  });

  it('names files outside the workspace without quoting them', async () => {
    const out = await formatLocations([{ path: '/usr/lib/lib.d.ts', range: span(9, 4, 8) }], source, 10);
    assert.equal(out.text, '/usr/lib/lib.d.ts (not quoted: outside the workspace or sensitive; read_file asks before reading it)\n  10:5');
  });
});

describe('hover Markdown made text', () => {
  it('keeps code without fences, drops emphasis, links, tags and entities, and repeats nothing', () => {
    const text = hoverToText([
      '\n```typescript\nfunction addCents(a: number, b: number): number\n```\n',
      'Adds **two** amounts, see [the docs](https://example.com/a_(b)) &mdash; *cents*.\n\n---\n\n_@param_ `a` first<br/>&lt;T&gt;',
      '\n```typescript\nfunction addCents(a: number, b: number): number\n```\n',
    ]);
    assert.equal(text, 'function addCents(a: number, b: number): number\n\nAdds two amounts, see the docs &mdash; cents.\n\n@param a first<T>');
  });
});

describe('outline: an indented tree with line ranges', () => {
  const symbol = (name: string, kind: string, from: number, to: number, children: DocumentSymbolInfo[] = []): DocumentSymbolInfo => ({
    name,
    kind,
    range: { start: { line: from, character: 0 }, end: { line: to, character: 1 } },
    children,
  });
  const tree = [symbol('Ledger', 'class', 10, 20, [symbol('balance', 'method', 16, 18), symbol('record', 'method', 12, 14)]), symbol('addCents', 'function', 2, 4)];

  it('orders by position and indents children under their container', () => {
    assert.equal(formatOutline(tree, 100).text, ['function addCents (lines 3-5)', 'class Ledger (lines 11-21)', '  method record (lines 13-15)', '  method balance (lines 17-19)'].join('\n'));
  });

  it('caps with a count, and limits the depth', () => {
    const capped = formatOutline(tree, 2);
    assert.equal(capped.total, 4);
    assert.match(capped.text, /\[2 more symbols not listed/);
    assert.equal(formatOutline(tree, 100, 1).text, 'function addCents (lines 3-5)\nclass Ledger (lines 11-21)');
  });
});

describe('text edits applied to a file', () => {
  it('applies edits in any order, keeping CRLF line endings', () => {
    const text = 'a.f();\r\nf(1);\r\n';
    const out = applyTextEdits(text, [
      { range: span(1, 0, 1), newText: 'g' },
      { range: span(0, 2, 3), newText: 'g' },
    ]);
    assert.equal(out, 'a.g();\r\ng(1);\r\n');
  });

  it('refuses overlapping edits', () => {
    assert.throws(() => applyTextEdits('abcdef', [{ range: span(0, 0, 3), newText: 'x' }, { range: span(0, 2, 4), newText: 'y' }]), /overlapping/);
  });
});
