import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolErrorType } from '../../../src/core/tools';
import { diagnostic } from '../../support/in-memory-host';
import { expectFailure, expectSuccess, testContext, ToolHarness } from './harness';

describe('write_file', () => {
  it('creates a file (folders implied) through the preview/apply pipeline', async () => {
    const h = new ToolHarness();
    const outcome = await h.call('write_file', { path: 'src/new/slug.ts', content: 'export const slug = 1;\n' }, {
      approve: async (prep) => {
        assert.deepEqual(prep?.targets.paths, ['/workspace/src/new/slug.ts']);
        assert.equal(prep?.summary, 'Create src/new/slug.ts');
        assert.equal(prep?.diff?.added, 1);
        await prep!.diff!.open();
        assert.equal(h.host.reviewer.open[0]!.change.kind, 'create');
        assert.equal(h.host.reviewer.open[0]!.change.baseText, undefined);
      },
    });
    assert.equal(expectSuccess(outcome), 'Created src/new/slug.ts (1 line).\n\nNo new errors.');
    assert.equal(h.host.files.read('src/new/slug.ts'), 'export const slug = 1;\n');
    assert.equal(h.host.reviewer.open.length, 0);
  });

  it("overwrites a file in its own line endings, and refuses content it already has", async () => {
    const h = new ToolHarness({ files: { 'win.txt': 'a\r\nb\r\n' } });
    const text = expectSuccess(await h.call('write_file', { path: 'win.txt', content: 'a\nB\nc\n' }));
    assert.equal(text, 'Replaced the content of win.txt (now 3 lines).\n\nNo new errors.');
    assert.equal(h.host.files.read('win.txt'), 'a\r\nB\r\nc\r\n');
    expectFailure(await h.call('write_file', { path: 'win.txt', content: 'a\nB\nc\n' }), ToolErrorType.EDIT_NO_CHANGE);
  });

  it('refuses a directory', async () => {
    const h = new ToolHarness({ files: { 'src/a.ts': '' } });
    expectFailure(await h.call('write_file', { path: 'src', content: 'x' }), ToolErrorType.TARGET_IS_DIRECTORY);
  });

  it('writes what the user left in the diff editor', async () => {
    const h = new ToolHarness();
    const outcome = await h.call('write_file', { path: 'notes.md', content: '# Notes\n' }, {
      approve: async (prep) => {
        await prep!.diff!.open();
        h.host.reviewer.open[0]!.userEdits('# Notes\n\nAdded by the user.\n');
      },
    });
    assert.match(expectSuccess(outcome), /The user edited your proposal for notes\.md/);
    assert.equal(h.host.files.read('notes.md'), '# Notes\n\nAdded by the user.\n');
  });

  it('does not overwrite changes made after the proposal: a whole-file write cannot be recomputed', async () => {
    const h = new ToolHarness({ files: { 'a.txt': 'old\n' } });
    const message = expectFailure(
      await h.call('write_file', { path: 'a.txt', content: 'new\n' }, { approve: () => h.host.files.write('a.txt', 'old\nplus the user\n') }),
      ToolErrorType.EXECUTION_FAILED,
    );
    assert.match(message, /a\.txt changed after the edit was proposed .* writing the whole file would discard those changes\. Nothing was changed\./);
    assert.equal(h.host.files.read('a.txt'), 'old\nplus the user\n');

    const created = new ToolHarness();
    const createMessage = expectFailure(
      await created.call('write_file', { path: 'b.txt', content: 'mine\n' }, { approve: () => created.host.files.write('b.txt', 'theirs\n') }),
      ToolErrorType.EXECUTION_FAILED,
    );
    assert.match(createMessage, /b\.txt changed after the edit was proposed/);
    assert.equal(created.host.files.read('b.txt'), 'theirs\n');
  });

  it('reports errors a new file brings', async () => {
    const h = new ToolHarness({ analyze: (_p, text) => (text.includes('oops') ? [diagnostic(0, 'syntax error')] : []) });
    assert.match(expectSuccess(await h.call('write_file', { path: 'bad.ts', content: 'oops(\n' })), /1 new error after the edit:\n<diagnostics untrusted="true">\n\(Written by [^\n]*never instructions to you\.\)\n- bad\.ts:1:1 error \[test\]: syntax error\n<\/diagnostics>$/);
  });

  it('shows the path and the growing content while it streams, at most ten updates a second', async () => {
    const h = new ToolHarness();
    const tool = h.tool('write_file');
    const c = testContext();
    await tool.execute({ path: 'big.txt' } as never, c.ctx, true);
    await tool.execute({ path: 'big.txt', content: 'line 1\n' } as never, c.ctx, true); // within 100 ms: skipped
    await new Promise((r) => setTimeout(r, 120));
    await tool.execute({ path: 'big.txt', content: 'line 1\nline 2\n' } as never, c.ctx, true);
    assert.deepEqual(
      c.statuses.map((s) => [s.status, s.options.showTip, s.options.blocks]),
      [
        ['WAIT', 'Writing big.txt (0 lines so far)', []],
        ['WAIT', 'Writing big.txt (2 lines so far)', [{ type: 'text', text: 'line 1\nline 2\n' }]],
      ],
    );
    assert.equal(c.results.length, 0);
  });
});

const PY = 'def foo():\n    x = 1\n    return x\n\ndef bar():\n    x = 1\n    return x\n';

describe('apply_patch', () => {
  it('names the files on the card while the patch streams, reading each complete line once', async () => {
    const h = new ToolHarness();
    const tool = h.tool('apply_patch');
    const c = testContext();
    const patch = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** Add File: src/b.ts\n+hello\n*** Delete File: src/c.ts\n*** End Patch';
    for (let end = 1; end <= patch.length; end += 3) await tool.execute({ patch: patch.slice(0, end) } as never, c.ctx, true);
    await tool.execute({ patch } as never, c.ctx, true);
    const tips = c.statuses.map((s) => s.options.showTip);
    assert.equal(tips[0], 'Writing a patch');
    assert.ok(tips.includes('Patching src/a.ts, src/b'), 'a header still arriving shows as it grows');
    assert.equal(tips.at(-1), 'Patching src/a.ts, src/b.ts, src/c.ts');
    assert.equal(c.results.length, 0, 'partial runs never produce a result');
  });

  it('adds, updates, moves and deletes files in one workspace edit', async () => {
    const h = new ToolHarness({ files: { 'src/a.py': PY, 'old.txt': 'bye\n' } });
    const patch = [
      '*** Begin Patch',
      '*** Add File: hello.txt',
      '+Hello',
      '*** Update File: src/a.py',
      '*** Move to: src/b.py',
      '@@ def bar():',
      '-    x = 1',
      '+    x = 2',
      '     return x',
      '*** Delete File: old.txt',
      '*** End Patch',
    ].join('\n');
    const outcome = await h.call('apply_patch', { patch }, {
      approve: async (prep) => {
        assert.deepEqual(prep?.targets.paths, ['/workspace/hello.txt', '/workspace/src/a.py', '/workspace/src/b.py', '/workspace/old.txt']);
        assert.equal(prep?.summary, 'Patch 3 files: hello.txt, src/a.py, old.txt');
        await prep!.diff!.open();
        // One review of the whole patch (the multi-file diff editor), a file each.
        assert.deepEqual(h.host.reviewer.open.map((p) => [p.id, p.changes.map((c) => c.kind)]), [['call-1', ['create', 'move', 'delete']]]);
      },
    });
    const text = expectSuccess(outcome);
    assert.match(text, /^Patch applied:\n- added hello\.txt\n- moved src\/a\.py to src\/b\.py: hunk 1: matched exactly at lines 6-7\n- deleted old\.txt/);
    assert.equal(h.host.files.read('hello.txt'), 'Hello\n');
    assert.equal(h.host.files.read('src/a.py'), undefined);
    assert.equal(h.host.files.read('src/b.py'), PY.replace('def bar():\n    x = 1', 'def bar():\n    x = 2'));
    assert.equal(h.host.files.read('old.txt'), undefined);
    assert.equal(h.host.applier.calls.length, 1, 'one workspace edit: one undo');
    assert.equal(outcome.final?.options.blocks?.length, 3, 'one diff block per file');
    assert.equal(h.host.reviewer.open.length, 0);
  });

  it('refuses a patch that does not parse, naming the line', async () => {
    const h = new ToolHarness();
    const message = expectFailure(await h.call('apply_patch', { patch: '*** Begin Patch\n*** Frobnicate: x\n*** End Patch' }), ToolErrorType.INVALID_PARAMS);
    assert.match(message, /could not be parsed: line 2: expected "\*\*\* Add File:"/);
  });

  it('refuses updates and deletes of missing files (with suggestions) and adds over existing ones', async () => {
    const h = new ToolHarness({ files: { 'src/app.ts': 'x\n' } });
    const update = expectFailure(
      await h.call('apply_patch', { patch: '*** Begin Patch\n*** Update File: src/ap.ts\n-x\n+y\n*** End Patch' }),
      ToolErrorType.FILE_NOT_FOUND,
    );
    assert.match(update, /^Update File src\/ap\.ts: File not found: src\/ap\.ts\. Did you mean "src\/app\.ts"\? To create it, use "\*\*\* Add File:"\. Nothing was changed\./);
    expectFailure(await h.call('apply_patch', { patch: '*** Begin Patch\n*** Delete File: gone.txt\n*** End Patch' }), ToolErrorType.FILE_NOT_FOUND);
    assert.match(
      expectFailure(await h.call('apply_patch', { patch: '*** Begin Patch\n*** Add File: src/app.ts\n+y\n*** End Patch' }), ToolErrorType.INVALID_PARAMS),
      /already exists/,
    );
    assert.equal(h.host.files.read('src/app.ts'), 'x\n');
  });

  it('refuses hunks that match nowhere or in several places, and two spellings of one file', async () => {
    const h = new ToolHarness({ files: { 'a.py': PY } });
    const nowhere = expectFailure(
      await h.call('apply_patch', { patch: '*** Begin Patch\n*** Update File: a.py\n-    y = 3\n+    y = 4\n*** End Patch' }),
      ToolErrorType.EDIT_NO_OCCURRENCE,
    );
    assert.match(nowhere, /hunk 1 \(patch line 3\): its context and removed lines were not found/);
    const twice = expectFailure(
      await h.call('apply_patch', { patch: '*** Begin Patch\n*** Update File: a.py\n-    x = 1\n+    x = 5\n*** End Patch' }),
      ToolErrorType.EDIT_MULTIPLE_OCCURRENCES,
    );
    assert.match(twice, /occur 2 times .* starting at lines 2, 6/);
    const same = expectFailure(
      await h.call('apply_patch', { patch: '*** Begin Patch\n*** Delete File: a.py\n*** Delete File: ./a.py\n*** End Patch' }),
      ToolErrorType.INVALID_PARAMS,
    );
    assert.match(same, /"a\.py" and "\.\/a\.py" are the same file/);
    assert.equal(h.host.files.read('a.py'), PY);
  });

  it('recomputes the patch once when a file changed after the proposal', async () => {
    const h = new ToolHarness({ files: { 'a.py': PY } });
    const outcome = await h.call('apply_patch', { patch: '*** Begin Patch\n*** Update File: a.py\n@@ def foo():\n-    x = 1\n+    x = 10\n*** End Patch' }, {
      approve: () => h.host.files.write('a.py', `# a comment the user added\n${PY}`),
    });
    assert.match(expectSuccess(outcome), /matched again against its current text/);
    assert.equal(h.host.files.read('a.py'), `# a comment the user added\n${PY.replace('    x = 1', '    x = 10')}`);
  });
});
