import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolErrorType } from '../../../src/core/tools';
import { BUILTIN_TOOL_NAMES, createBuiltinToolFactories } from '../../../src/tools';
import { filterToolsForTrust } from '../../../src/host/permissions/tools-for-trust';
import { span } from '../../support/fake-language-features';
import { expectFailure, expectSuccess, ToolHarness } from '../builtin-tools/harness';

const MATH = ['// Arithmetic', '', '/** Adds cents. */', 'export function addCents(a: number, b: number): number {', '  return a + b;', '}', ''].join('\n');
const INVOICE = ["import { addCents } from './math';", '', 'export function total(x: number) {', '  return addCents(x, 1);', '}', ''].join('\n');

/** A short deadline, for the tests of a server that never gets ready in time (their outcome does not depend on timing). */
const SHORT_WAIT = { options: { languageWait: { deadlineMs: 50, pollMs: 5, maxPollMs: 20 } } };

function harness(options: { options?: { languageWait: { deadlineMs: number; pollMs: number; maxPollMs: number } } } = {}) {
  const h = new ToolHarness({ ...options, files: { 'src/math.ts': MATH, 'src/invoice.ts': INVOICE, 'scripts/tool.rb': 'def add(a, b)\n  a + b\nend\n', '.env': 'SECRET=1\n' } });
  const lang = h.host.language;
  lang.symbols.set('/workspace/src/math.ts', [{ name: 'addCents', kind: 'function', range: { start: { line: 3, character: 0 }, end: { line: 5, character: 1 } }, children: [] }]);
  lang.symbols.set('/workspace/src/invoice.ts', [{ name: 'total', kind: 'function', range: { start: { line: 2, character: 0 }, end: { line: 4, character: 1 } }, children: [] }]);
  return h;
}

describe('code intelligence tools on a scripted language server', () => {
  it('go_to_definition: resolves the column from the name and lists the definition with its line and span', async () => {
    const h = harness();
    h.host.language.definitionsAt = (path, pos) =>
      path === '/workspace/src/invoice.ts' && pos.line === 3 && pos.character === 9
        ? [{ path: '/workspace/src/math.ts', range: span(3, 16, 24), span: { start: { line: 3, character: 0 }, end: { line: 5, character: 1 } } }]
        : [];
    const text = expectSuccess(await h.call('go_to_definition', { path: 'src/invoice.ts', line: 4, symbol: 'addCents' }));
    assert.equal(text, ['1 definition in 1 file for addCents (src/invoice.ts:4):', '', 'src/math.ts', '  4: [lines 4-6] export function addCents(a: number, b: number): number {'].join('\n'));
  });

  it('find_references: the nearest line when the given one drifted, grouped by file, with the note', async () => {
    const h = harness();
    h.host.language.referencesAt = () => [
      { path: '/workspace/src/math.ts', range: span(3, 16, 24) },
      { path: '/workspace/src/invoice.ts', range: span(3, 9, 17) },
      { path: '/workspace/src/invoice.ts', range: span(0, 9, 17) },
    ];
    const outcome = await h.call('find_references', { path: 'src/math.ts', line: 2, symbol: 'addCents' });
    const text = expectSuccess(outcome);
    assert.match(text, /^"addCents" is not on line 2; used line 4 \(2 lines below\)/);
    assert.match(text, /3 references in 2 files for addCents \(src\/math\.ts:4\):\n\nsrc\/invoice\.ts\n  1: import \{ addCents \} from '\.\/math';\n  4: return addCents\(x, 1\);\n\nsrc\/math\.ts\n  4: export function/);
    assert.deepEqual(outcome.final?.options.blocks, [{ type: 'file_list', files: ['src/invoice.ts (2)', 'src/math.ts (1)'], truncated: false }]);
    const asked = h.host.language.requests.find((r) => r.method === 'references');
    assert.deepEqual(asked?.position, { line: 3, character: 16 });
  });

  it('does not quote sensitive files among the locations', async () => {
    const h = harness();
    h.host.language.referencesAt = () => [{ path: '/workspace/.env', range: span(0, 0, 6) }];
    const text = expectSuccess(await h.call('find_references', { path: 'src/math.ts', line: 4, symbol: 'addCents' }));
    assert.match(text, /\.env \(not quoted: outside the workspace or sensitive/);
    assert.doesNotMatch(text, /SECRET/);
  });

  it('a file whose language nothing serves: says so and points to search_text, without waiting', async () => {
    const h = harness();
    const message = expectFailure(await h.call('find_references', { path: 'scripts/tool.rb', line: 1, symbol: 'add' }), ToolErrorType.EXECUTION_FAILED);
    assert.equal(message, 'No language support for ruby is installed in VS Code, so nothing can answer the references of add in scripts/tool.rb. Use search_text (pattern "\\badd\\b") and read_file instead.');
    assert.equal(h.host.language.requests.filter((r) => r.method === 'references').length, 1, 'asked once');
  });

  it('a server that is still starting is waited for, then answers', async () => {
    const h = harness();
    h.host.language.startsAfter = 3;
    h.host.language.hoverAt = () => ['```ts\nfunction addCents(a: number, b: number): number\n```', 'Adds cents.'];
    const text = expectSuccess(await h.call('hover_info', { path: 'src/math.ts', line: 4, symbol: 'addCents' }));
    assert.equal(text, 'addCents (src/math.ts:4):\nfunction addCents(a: number, b: number): number\n\nAdds cents.');
    assert.ok(h.host.language.readyChecks >= 2, 'readiness asked again while the server started');
    assert.equal(h.host.language.requests.filter((r) => r.method === 'hover').length, 1, 'asked once it was ready: no partial answer');
  });

  it('a server still starting at the deadline: says which it is and suggests search_text', async () => {
    const h = harness(SHORT_WAIT);
    h.host.language.startsAfter = Number.MAX_SAFE_INTEGER;
    const message = expectFailure(await h.call('go_to_definition', { path: 'src/math.ts', line: 4, symbol: 'addCents' }), ToolErrorType.EXECUTION_FAILED);
    assert.match(message, /^The typescript language server \(fake\.typescript\) is still starting: no answer for the definitions of addCents in src\/math\.ts after \d+ s\. Try again in a moment, or use search_text \(pattern "\\baddCents\\b"\) meanwhile\.$/);
  });

  it('an answer at the deadline from a server not yet ready is given with a caveat', async () => {
    const h = harness(SHORT_WAIT);
    h.host.language.startsAfter = Number.MAX_SAFE_INTEGER;
    h.host.language.served.add('typescript');
    h.host.language.ready = async () => false;
    h.host.language.referencesAt = () => [{ path: '/workspace/src/math.ts', range: span(3, 16, 24) }];
    Object.defineProperty(h.host.language, 'up', { get: () => true });
    const text = expectSuccess(await h.call('find_references', { path: 'src/math.ts', line: 4, symbol: 'addCents' }));
    assert.match(text, /^\(The language server had not finished loading the project after \d+ s, so this answer may be incomplete/);
    assert.match(text, /1 reference in 1 file for addCents/);
  });

  it('an empty answer from a server that is up is the answer', async () => {
    const h = harness();
    const text = expectSuccess(await h.call('find_references', { path: 'src/math.ts', line: 4, symbol: 'addCents' }));
    assert.match(text, /found no references to addCents at src\/math\.ts:4/);
  });

  it('a name that is not near the line is refused before asking anyone', async () => {
    const h = harness();
    const message = expectFailure(await h.call('hover_info', { path: 'src/math.ts', line: 1, symbol: 'nowhere' }), ToolErrorType.INVALID_PARAMS);
    assert.match(message, /^src\/math\.ts: "nowhere" is not on line 1/);
    assert.equal(h.host.language.requests.length, 0);
    expectFailure(await h.call('hover_info', { path: 'src/missing.ts', line: 1, symbol: 'x' }), ToolErrorType.FILE_NOT_FOUND);
  });

  it('document_outline: the tree with line ranges, on the card too', async () => {
    const h = harness();
    const outcome = await h.call('document_outline', { path: 'src/math.ts' });
    assert.equal(expectSuccess(outcome), 'Outline of src/math.ts (1 symbol):\nfunction addCents (lines 4-6)');
    assert.deepEqual(outcome.final?.options.blocks, [{ type: 'text', text: 'function addCents (lines 4-6)' }]);
  });

  it('find_symbol: exact names first, kind filter, cap with the rest counted', async () => {
    const h = harness();
    const at = (path: string, line: number) => ({ path, range: span(line, 0, 1) });
    h.host.language.workspace = [
      { name: 'addCentsTwice', kind: 'function', location: at('/workspace/src/b.ts', 1) },
      { name: 'addCents', kind: 'function', location: at('/workspace/src/math.ts', 3) },
      { name: 'addCents', kind: 'property', containerName: 'Api', location: at('/workspace/src/api.ts', 7) },
    ];
    const text = expectSuccess(await h.call('find_symbol', { query: 'addCents', limit: 2 }));
    assert.equal(text, ['3 symbols matching "addCents":', 'property addCents (in Api) src/api.ts:8', 'function addCents src/math.ts:4', '[1 more not listed; narrow the query, give kind, or raise limit.]'].join('\n'));
    const functions = expectSuccess(await h.call('find_symbol', { query: 'addCents', kind: 'Function' }));
    assert.match(functions, /^2 function symbols matching/);
    h.host.language.workspace = [];
    assert.match(expectSuccess(await h.call('find_symbol', { query: 'zzz' })), /pass path \(any source file of the project\)/);
  });

  it('call_hierarchy: callers by file with the line of each call, and outgoing calls', async () => {
    const h = harness();
    const item = { name: 'addCents', kind: 'function', path: '/workspace/src/math.ts', selectionRange: span(3, 16, 24), handle: 'h' };
    const caller = { name: 'total', kind: 'function', path: '/workspace/src/invoice.ts', selectionRange: span(2, 16, 21), handle: 't' };
    h.host.language.callItemsAt = () => [item];
    h.host.language.incoming = () => [{ item: caller, ranges: [span(3, 9, 17)] }];
    h.host.language.outgoing = () => [];
    const text = expectSuccess(await h.call('call_hierarchy', { path: 'src/math.ts', line: 4, symbol: 'addCents' }));
    assert.equal(text, ['1 caller in 1 file of function addCents (src/math.ts:4):', 'src/invoice.ts', '  function total (line 3)', '    4: return addCents(x, 1);'].join('\n'));
    h.host.language.callItemsAt = () => [caller];
    h.host.language.outgoing = () => [{ item, ranges: [span(3, 9, 17)] }];
    const out = expectSuccess(await h.call('call_hierarchy', { path: 'src/invoice.ts', line: 3, symbol: 'total', direction: 'outgoing' }));
    assert.equal(out, ['function total (src/invoice.ts:3) calls 1 function:', 'function addCents (declared at src/math.ts:4)', '  4: return addCents(x, 1);'].join('\n'));
  });

  it('are registered read-only, offered in Restricted Mode, and aim their prepare at the file', async () => {
    const names = ['find_symbol', 'document_outline', 'go_to_definition', 'find_references', 'hover_info', 'call_hierarchy'];
    for (const name of names) assert.ok(BUILTIN_TOOL_NAMES.includes(name), name);
    const entries = createBuiltinToolFactories(harness().host.services).filter((e) => names.includes(e.name));
    assert.ok(entries.every((e) => e.kind === 'readonly'));
    assert.deepEqual(filterToolsForTrust(entries, false).map((e) => e.name).sort(), [...names].sort());
    const tool = harness().tool('find_references');
    const prep = await tool.prepare!({ path: 'src/math.ts', line: 4, symbol: 'addCents', limit: 50 }, {} as never);
    assert.deepEqual(prep.targets, { paths: ['/workspace/src/math.ts'] });
  });
});
