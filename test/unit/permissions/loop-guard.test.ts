import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { policyFor } from './fixtures';
import { canonicalArguments, LoopGuard } from '../../../src/core/permissions';

describe('[34] LoopGuard', () => {
  test('the third identical call in a row is flagged, not the first two', () => {
    const guard = new LoopGuard();
    assert.deepEqual(guard.observe('read_file', { path: 'a' }), { consecutive: 1, repeated: false });
    assert.deepEqual(guard.observe('read_file', { path: 'a' }), { consecutive: 2, repeated: false });
    assert.deepEqual(guard.observe('read_file', { path: 'a' }), { consecutive: 3, repeated: true });
    assert.deepEqual(guard.observe('read_file', { path: 'a' }), { consecutive: 4, repeated: true });
  });

  test('a different call in between resets the count', () => {
    const guard = new LoopGuard();
    guard.observe('read_file', { path: 'a' });
    guard.observe('read_file', { path: 'a' });
    guard.observe('read_file', { path: 'b' });
    assert.equal(guard.observe('read_file', { path: 'a' }).consecutive, 1);
  });

  test('same arguments under another tool name are another call', () => {
    const guard = new LoopGuard();
    guard.observe('read_file', { path: 'a' });
    guard.observe('read_file', { path: 'a' });
    assert.equal(guard.observe('list_files', { path: 'a' }).repeated, false);
  });

  test('key order and JSON spacing do not make calls different', () => {
    const guard = new LoopGuard();
    guard.observe('edit_file', { path: 'a', edits: [{ old: 'x', new: 'y' }] });
    guard.observe('edit_file', '{"edits":[{"new":"y","old":"x"}],"path":"a"}');
    assert.equal(guard.observe('edit_file', { edits: [{ new: 'y', old: 'x' }], path: 'a' }).repeated, true);
  });

  test('canonical arguments distinguish values and array order', () => {
    assert.notEqual(canonicalArguments({ a: [1, 2] }), canonicalArguments({ a: [2, 1] }));
    assert.equal(canonicalArguments({ b: 1, a: { d: 1, c: 2 } }), '{"a":{"c":2,"d":1},"b":1}');
    assert.equal(canonicalArguments({ a: 1, b: undefined }), canonicalArguments({ a: 1 }));
  });

  test('reset and a custom threshold', () => {
    const guard = new LoopGuard(2);
    guard.observe('x', {});
    assert.equal(guard.observe('x', {}).repeated, true);
    guard.reset();
    assert.equal(guard.observe('x', {}).repeated, false);
  });

  test('the policy asks before a repeated call that would otherwise be allowed', async () => {
    const policy = policyFor('yolo');
    const guard = new LoopGuard();
    const request = { toolName: 'run_command', kind: 'execute' as const, targets: { command: 'npm test' } };
    const verdicts = [];
    for (let i = 0; i < 3; i++) {
      verdicts.push(await policy.evaluate({ ...request, loop: guard.observe(request.toolName, request.targets) }));
    }
    assert.deepEqual(verdicts.map((d) => d.action), ['allow', 'allow', 'ask']);
    assert.equal(verdicts[2]!.audit.basis, 'loop-guard');
    assert.match(verdicts[2]!.reason, /3 times in a row/);
    assert.deepEqual(verdicts[2]!.audit.loop, { consecutive: 3, repeated: true });
  });

  test('a repeated call that is denied stays denied', async () => {
    const decision = await policyFor('yolo').evaluate({
      toolName: 'run_command',
      kind: 'execute',
      targets: { command: 'rm -rf /' },
      loop: { consecutive: 3, repeated: true },
    });
    assert.equal(decision.action, 'deny');
  });
});
