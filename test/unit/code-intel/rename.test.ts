import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolErrorType } from '../../../src/core/tools';
import { createBuiltinToolFactories } from '../../../src/tools';
import { filterToolsForTrust } from '../../../src/host/permissions/tools-for-trust';
import { span } from '../../support/fake-language-features';
import { expectFailure, expectSuccess, ToolHarness } from '../builtin-tools/harness';

const MATH = 'export function addCents(a: number, b: number) {\n  return a + b;\n}\n';
const MAIN = "import { addCents } from './math';\n// addCents in a comment stays\nconsole.log(addCents(1, 2));\n";

function harness() {
  const h = new ToolHarness({ files: { 'src/math.ts': MATH, 'src/main.ts': MAIN }, options: { previewEdits: true } });
  const lang = h.host.language;
  lang.symbols.set('/workspace/src/math.ts', [{ name: 'addCents', kind: 'function', range: span(0, 0, 1), children: [] }]);
  lang.renameAt = (_path, position, newName) => {
    if (position.line !== 0 || position.character !== 16) throw new Error('You cannot rename this element.');
    return [
      { path: '/workspace/src/main.ts', edits: [{ range: span(2, 12, 20), newText: newName }, { range: span(0, 9, 17), newText: newName }] },
      { path: '/workspace/src/math.ts', edits: [{ range: span(0, 16, 24), newText: newName }] },
    ];
  };
  return h;
}

describe('rename_symbol: the language server\'s rename through the edit review path', () => {
  it('proposes every file as a diff before approval, then applies them all in one step', async () => {
    const h = harness();
    const outcome = await h.call('rename_symbol', { path: 'src/math.ts', line: 1, symbol: 'addCents', new_name: 'plusCents' }, {
      approve: (prep) => {
        assert.deepEqual(prep?.targets.paths, ['/workspace/src/main.ts', '/workspace/src/math.ts']);
        assert.equal(prep?.summary, 'Rename addCents to plusCents in 2 files');
        assert.deepEqual(h.host.reviewer.open.map((p) => p.changes.map((c) => c.path)), [['/workspace/src/main.ts', '/workspace/src/math.ts']], 'one review of every file (the multi-file diff editor), before approval');
        assert.equal(h.host.applier.calls.length, 0, 'nothing applied before approval');
      },
    });
    const text = expectSuccess(outcome);
    assert.match(text, /^Renamed addCents to plusCents: 3 places in 2 files: src\/main\.ts \(2\), src\/math\.ts \(1\)\./);
    assert.equal(h.host.applier.calls.length, 1, 'one apply for every file: one undo step');
    assert.equal(h.host.files.read('src/main.ts'), "import { plusCents } from './math';\n// addCents in a comment stays\nconsole.log(plusCents(1, 2));\n");
    assert.equal(h.host.files.read('src/math.ts'), 'export function plusCents(a: number, b: number) {\n  return a + b;\n}\n');
    const blocks = outcome.final?.options.blocks ?? [];
    assert.deepEqual(blocks.map((b) => [b.type, (b as { path?: string }).path]), [['diff', 'src/main.ts'], ['diff', 'src/math.ts']]);
    assert.equal(h.host.reviewer.open.length, 0, 'the diff editors closed after applying');
  });

  it('what the user changed in a file\'s diff is what lands', async () => {
    const h = harness();
    const outcome = await h.call('rename_symbol', { path: 'src/math.ts', line: 1, symbol: 'addCents', new_name: 'plusCents' }, {
      approve: () => h.host.reviewer.open[0]!.userEdits('export function plusCents(a: number, b: number) {\n  return b + a;\n}\n', 1),
    });
    assert.match(expectSuccess(outcome), /The user edited your proposal for src\/math\.ts/);
    assert.match(h.host.files.read('src/math.ts') ?? '', /return b \+ a/);
  });

  it('a position the server cannot rename is refused before anyone is asked, with its reason', async () => {
    const h = harness();
    const outcome = await h.call('rename_symbol', { path: 'src/main.ts', line: 2, symbol: 'addCents', new_name: 'x' });
    assert.ok(outcome.prepareError, 'refused in prepare');
    assert.equal(outcome.text, 'addCents at src/main.ts:2 cannot be renamed: You cannot rename this element. Nothing was changed. Check the line holds the symbol itself, or use apply_patch.');
    assert.equal(h.host.applier.calls.length, 0);
  });

  it('the same name is no change', async () => {
    const h = harness();
    expectFailure(await h.call('rename_symbol', { path: 'src/math.ts', line: 1, symbol: 'addCents', new_name: 'addCents' }), ToolErrorType.EDIT_NO_CHANGE);
  });

  it('is a write tool: not offered in Restricted Mode', () => {
    const entries = createBuiltinToolFactories(harness().host.services);
    assert.equal(entries.find((e) => e.name === 'rename_symbol')?.kind, 'write');
    assert.ok(!filterToolsForTrust(entries, false).some((e) => e.name === 'rename_symbol'));
  });
});
