import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RestorePoints } from '../../../src/core/agent/restore-points';

const anchor = (messages: number) => ({ messages, parts: 1, epoch: 0 });

describe('restore points of a task', () => {
  it('a user message takes the checkpoint of the first step after it; later steps only their own card', () => {
    const points = new RestorePoints();
    points.userMessage({ itemId: 'u1', anchor: anchor(0) });
    assert.equal(points.get('u1')?.checkpointId, undefined, 'nothing changed yet: nothing to restore');
    assert.deepEqual(points.checkpointed({ itemId: 'c1', callId: 'c1', anchor: anchor(1), checkpointId: 'k1' }), ['c1', 'u1']);
    assert.equal(points.get('u1')?.checkpointId, 'k1');
    assert.deepEqual(points.checkpointed({ itemId: 'c2', callId: 'c2', anchor: anchor(3), checkpointId: 'k2' }), ['c2']);
    assert.equal(points.get('u1')?.checkpointId, 'k1');
  });

  it('keeps only the items left in the chat after a conversation restore, and forgets the waiting message', () => {
    const points = new RestorePoints([{ itemId: 'u1', anchor: anchor(0), checkpointId: 'k1' }]);
    points.userMessage({ itemId: 'u2', anchor: anchor(2) });
    points.keepOnly(new Set(['u1']));
    assert.deepEqual(points.all().map((p) => p.itemId), ['u1']);
    assert.deepEqual(points.checkpointed({ itemId: 'c3', callId: 'c3', anchor: anchor(2), checkpointId: 'k3' }), ['c3']);
  });

  it('round-trips through the task record', () => {
    const points = new RestorePoints();
    points.add({ itemId: 'n1', anchor: anchor(4), checkpointId: 'k9' });
    assert.deepEqual(new RestorePoints(points.all()).get('n1'), { itemId: 'n1', anchor: anchor(4), checkpointId: 'k9' });
  });
});
