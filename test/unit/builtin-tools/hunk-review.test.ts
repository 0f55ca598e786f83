// Per-hunk review through the edit tools: the approval handed to the diff editor, what is applied (accepted hunks
// plus the user's edits), and what the model and the card are told about rejected hunks.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReviewVerdict, ToolPreparation } from '../../../src/core/tools';
import { ToolErrorType } from '../../../src/core/tools';
import { expectFailure, expectSuccess, ToolHarness } from './harness';

const lines = (...ls: string[]) => ls.map((l) => `${l}\n`).join('');
const SOURCE = lines('import a', 'const x = 1;', 'one', 'two', 'three', 'four', 'const y = 2;', 'end');
// Two hunks: line 2 and line 7.
const EDITS = [
  { old_text: 'const x = 1;', new_text: 'const x = 10;' },
  { old_text: 'const y = 2;', new_text: 'const y = 20;\nconst z = 30;' },
];
const never = new AbortController().signal;

/** Runs the approval as the service would after "Review Changes…": the user acts while the review waits. */
async function review(prep: ToolPreparation | undefined, user: () => void): Promise<ReviewVerdict> {
  const verdict = prep!.diff!.review!(never);
  await new Promise((r) => setImmediate(r)); // the diff editor is open
  user();
  return verdict;
}

describe('per-hunk review of an edit', () => {
  it('applies exactly the accepted hunks; the model hears which lines were rejected and why; the card says so', async () => {
    const h = new ToolHarness({ files: { 'a.ts': SOURCE } });
    let verdict: ReviewVerdict | undefined;
    const outcome = await h.call('edit_file', { path: 'a.ts', edits: EDITS }, {
      approve: async (prep) => {
        verdict = await review(prep, () => {
          const p = h.host.reviewer.open[0]!;
          assert.equal(p.focused, true, 'the review takes the keyboard');
          p.accept(0, [0]);
          p.reject(0, [1], 'z belongs elsewhere');
        });
      },
    });
    assert.deepEqual(verdict, { decision: 'allow' });
    assert.equal(h.host.files.read('a.ts'), SOURCE.replace('const x = 1;', 'const x = 10;'));
    const text = expectSuccess(outcome);
    assert.match(text, /The user rejected 1 of 2 changes to a\.ts; they were not applied and the file keeps its original text there:\n- line 7 \(you proposed 2 lines instead\), now line 7 of the file\nThe user's reason: z belongs elsewhere/);
    assert.doesNotMatch(text, /The user edited your proposal/, 'a rejection is not a rework');
    assert.match(outcome.final!.options.showTip!, /1 of 2 changes applied, 1 rejected \(z belongs elsewhere\)/);
    assert.equal((outcome.final!.options.metadata as { rejectedHunks: number }).rejectedHunks, 1);
    assert.equal(h.host.applier.calls.length, 1, 'one workspace edit');
  });

  it('keeps the user edits, inside an accepted hunk and outside every hunk, next to a rejection', async () => {
    const h = new ToolHarness({ files: { 'a.ts': SOURCE } });
    const outcome = await h.call('edit_file', { path: 'a.ts', edits: EDITS }, {
      approve: async (prep) => {
        await review(prep, () => {
          const p = h.host.reviewer.open[0]!;
          p.reject(0, [1]);
          p.userEdits(p.texts[0]!.replace('const x = 10;', 'const x = 100;').replace('two\n', 'two (user)\n'));
          p.accept(0, [0]);
        });
      },
    });
    assert.equal(h.host.files.read('a.ts'), SOURCE.replace('const x = 1;', 'const x = 100;').replace('two\n', 'two (user)\n'));
    const text = expectSuccess(outcome);
    assert.match(text, /rejected 1 of 2 changes/);
    assert.match(text, /The user edited your proposal for a\.ts[^]*-const x = 10;\n\+const x = 100;[^]*-two\n\+two \(user\)/);
    assert.doesNotMatch(text, /-const y|\+const z/, 'the rejected hunk is not presented as the user rework');
  });

  it('a hunk put back by hand (VS Code\'s gutter Revert) is reported as rejected, not as the user\'s rework', async () => {
    const h = new ToolHarness({ files: { 'a.ts': SOURCE } });
    const outcome = await h.call('edit_file', { path: 'a.ts', edits: EDITS }, {
      approve: async (prep) => {
        await review(prep, () => {
          const p = h.host.reviewer.open[0]!;
          const proposed = SOURCE.replace('const x = 1;', 'const x = 10;').replace('const y = 2;', 'const y = 20;\nconst z = 30;');
          p.userEdits(proposed.replace('const y = 20;\nconst z = 30;\n', 'const y = 2;\n'));
          p.accept(0, [0, 1]); // then Accept All: the hunk is already back to the original
        });
      },
    });
    assert.equal(h.host.files.read('a.ts'), SOURCE.replace('const x = 1;', 'const x = 10;'));
    const text = expectSuccess(outcome);
    assert.match(text, /The user rejected 1 of 2 changes to a\.ts[^]*- line 7 \(you proposed 2 lines instead\)/);
    assert.doesNotMatch(text, /The user edited your proposal/);
    assert.match(outcome.final!.options.showTip!, /1 of 2 changes applied, 1 rejected/);
  });

  it('rejecting every hunk is a denial naming the lines (nothing written); closing undecided asks again', async () => {
    const h = new ToolHarness({ files: { 'a.ts': SOURCE } });
    let verdicts: ReviewVerdict[] = [];
    const outcome = await h.call('edit_file', { path: 'a.ts', edits: EDITS }, {
      approve: async (prep) => {
        verdicts.push(await review(prep, () => h.host.reviewer.open[0]!.closeUndecided()));
        verdicts.push(await review(prep, () => h.host.reviewer.open[0]!.reject(0, [0, 1], 'not now')));
        assert.equal(h.host.reviewer.previews.length, 1, 'the second review shows the same proposal again');
      },
    });
    assert.deepEqual(verdicts, [
      { decision: 'undecided' },
      {
        decision: 'deny',
        reason: "rejected every change in the diff editor: a.ts (line 2, line 7). Nothing was changed. The user's reason: not now",
        // The card's side, in the display language (English here).
        uiReason: 'You rejected every change in the diff editor: a.ts. Nothing was changed. Your reason: not now',
      },
    ]);
    // Had it been allowed anyway (a stale Allow), nothing would be applied and the model would hear the same.
    const message = expectFailure(outcome, ToolErrorType.USER_DENIED);
    assert.match(message, /^The user rejected every change in the diff editor: a\.ts/);
    assert.equal(h.host.files.read('a.ts'), SOURCE);
    assert.equal(h.host.applier.calls.length, 0);
    verdicts = [];
  });

  it('Allow after a partial review accepts the hunks still undecided', async () => {
    const h = new ToolHarness({ files: { 'a.ts': SOURCE } });
    const outcome = await h.call('edit_file', { path: 'a.ts', edits: EDITS }, {
      approve: async (prep) => {
        await prep!.diff!.open();
        h.host.reviewer.open[0]!.reject(0, [0]);
      },
    });
    assert.equal(h.host.files.read('a.ts'), SOURCE.replace('const y = 2;', 'const y = 20;\nconst z = 30;'));
    assert.match(expectSuccess(outcome), /rejected 1 of 2 changes to a\.ts[^]*- line 2 \(you proposed 1 line instead\), now line 2 of the file/);
  });

  it('does not recompute a reviewed proposal over a file that changed meanwhile (the rejected hunks would come back)', async () => {
    const h = new ToolHarness({ files: { 'a.ts': SOURCE } });
    const message = expectFailure(
      await h.call('edit_file', { path: 'a.ts', edits: EDITS }, {
        approve: async (prep) => {
          await prep!.diff!.open();
          h.host.reviewer.open[0]!.reject(0, [1]);
          h.host.files.write('a.ts', `// header\n${SOURCE}`);
        },
      }),
      ToolErrorType.EXECUTION_FAILED,
    );
    assert.match(message, /reviewed hunk by hunk was based on the old text/);
    assert.equal(h.host.files.read('a.ts'), `// header\n${SOURCE}`);
  });

  it('a multi-file patch: reject a new file as a whole and one hunk of another; the rest is applied in one edit', async () => {
    const h = new ToolHarness({ files: { 'a.ts': SOURCE, 'old.txt': 'bye\n' } });
    const patch = [
      '*** Begin Patch',
      '*** Add File: hello.txt',
      '+Hello',
      '*** Update File: a.ts',
      '@@ import a',
      '-const x = 1;',
      '+const x = 10;',
      ' one',
      '@@ four',
      '-const y = 2;',
      '+const y = 20;',
      ' end',
      '*** Delete File: old.txt',
      '*** End Patch',
    ].join('\n');
    const outcome = await h.call('apply_patch', { patch }, {
      approve: async (prep) => {
        const verdict = await review(prep, () => {
          const p = h.host.reviewer.open[0]!;
          assert.deepEqual(p.decisions.map((d) => d.length), [1, 2, 1], 'hunks per file');
          p.reject(0, [0]);
          p.reject(1, [1]);
          p.accept(1, [0]);
          p.accept(2, [0]);
        });
        assert.deepEqual(verdict, { decision: 'allow' });
      },
    });
    const text = expectSuccess(outcome);
    assert.equal(h.host.files.read('hello.txt'), undefined, 'not created');
    assert.equal(h.host.files.read('a.ts'), SOURCE.replace('const x = 1;', 'const x = 10;'));
    assert.equal(h.host.files.read('old.txt'), undefined, 'deleted');
    assert.deepEqual(h.host.applier.calls[0]!.map((c) => c.kind), ['update', 'delete'], 'one edit without the rejected file');
    assert.match(text, /The user rejected your change to hello\.txt as a whole: the file was not created\./);
    assert.match(text, /The user rejected 1 of 2 changes to a\.ts[^]*- line 7 \(you proposed 1 line instead\)/);
  });

  it('rejecting a deletion keeps the file', async () => {
    const h = new ToolHarness({ files: { 'old.txt': 'bye\n', 'b.txt': 'b\n' } });
    const patch = '*** Begin Patch\n*** Delete File: old.txt\n*** Update File: b.txt\n@@\n-b\n+B\n*** End Patch';
    const outcome = await h.call('apply_patch', { patch }, {
      approve: async (prep) => {
        await review(prep, () => {
          h.host.reviewer.open[0]!.reject(0, [0]);
          h.host.reviewer.open[0]!.accept(1, [0]);
        });
      },
    });
    assert.match(expectSuccess(outcome), /rejected your change to old\.txt as a whole: the file was not deleted/);
    assert.equal(h.host.files.read('old.txt'), 'bye\n');
    assert.equal(h.host.files.read('b.txt'), 'B\n');
  });
});
