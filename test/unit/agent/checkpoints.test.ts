// The session's checkpoint hook: a checkpoint before each approved write or execute call (none for reads),
// recorded after the call ends, attached to the card and to the user message it followed, kept with the task,
// and the conversation restore that goes back to such a point.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CheckpointRecorder, CheckpointRequest } from '../../../src/core/ports/checkpoints';
import { complete, MemoryTaskStore, registryOf, ScriptedProvider, sessionFor, testTool, turn } from './fakes';

class FakeRecorder implements CheckpointRecorder {
  readonly events: string[] = [];
  readonly requests: CheckpointRequest[] = [];
  async beforeStep(request: CheckpointRequest): Promise<string | undefined> {
    this.requests.push(request);
    const id = `cp${this.requests.length}`;
    this.events.push(`before ${request.itemId} ${id}`);
    return id;
  }
  async afterStep(id: string): Promise<boolean | undefined> {
    this.events.push(`after ${id}`);
    return undefined;
  }
}

/** A recorder that says, per call, whether the call changed a file. */
class ChangeRecorder extends FakeRecorder {
  constructor(private readonly changes: Record<string, boolean>) {
    super();
  }
  override async afterStep(id: string): Promise<boolean> {
    await super.afterStep(id);
    const request = this.requests[Number(id.slice(2)) - 1]!;
    return this.changes[request.itemId] ?? false;
  }
}

describe('checkpoints in a session', () => {
  test('"Restore files to here" only where it would change something: a card whose call changed a file, and the user messages before it', async () => {
    const recorder = new ChangeRecorder({ e2: true });
    const provider = new ScriptedProvider([
      turn(undefined, { id: 'x1', name: 'exec', args: { path: 'a' } }),
      complete('c1', 'nothing changed'),
      turn(undefined, { id: 'x2', name: 'exec', args: { path: 'a' } }, { id: 'e2', name: 'edit', args: { path: 'b' } }),
      complete('c2', 'b written'),
      turn(undefined, { id: 'x3', name: 'exec', args: { path: 'a' } }),
      complete('c3', 'nothing changed again'),
    ]);
    const h = sessionFor(provider, registryOf(testTool('exec', 'execute'), testTool('edit', 'write')), { store: new MemoryTaskStore(), checkpoints: recorder });
    await h.session.send('look around');
    await h.session.send('write b');
    await h.session.send('look again');
    await h.session.flush();
    const items = h.session.transcript;
    const checkpointOf = (id: string) => (items.find((i) => i.id === id) as { checkpointId?: string } | undefined)?.checkpointId;
    const users = items.filter((i) => i.kind === 'user');
    assert.equal(users.length, 3);
    // The commands changed nothing: their cards offer nothing. The edit did: its card restores to before it.
    assert.equal(checkpointOf('x1'), undefined);
    assert.equal(checkpointOf('x2'), undefined);
    assert.equal(checkpointOf('x3'), undefined);
    assert.equal(checkpointOf('e2'), 'cp3');
    // The first two messages restore files a later call changed (to their turn's first checkpoint); the last one,
    // after which nothing changed, offers no files restore.
    assert.equal(checkpointOf(users[0]!.id), 'cp1');
    assert.equal(checkpointOf(users[1]!.id), 'cp2');
    assert.equal(checkpointOf(users[2]!.id), undefined);
  });

  test('write and execute calls get a checkpoint before they run and after they end; reads get none', async () => {
    const recorder = new FakeRecorder();
    const store = new MemoryTaskStore();
    const edit = testTool('edit', 'write', async (_p, ctx) => {
      recorder.events.push('edit runs');
      ctx.setToolResult(ctx.callId, 'edited');
      ctx.sendToolStatus(ctx.callId, 'SUCCESS');
    });
    const provider = new ScriptedProvider([
      turn(undefined, { id: 'r1', name: 'read', args: { path: 'a' } }),
      turn(undefined, { id: 'e1', name: 'edit', args: { path: 'a' } }, { id: 'x1', name: 'exec', args: { path: 'b' } }),
      complete('c1', 'done'),
    ]);
    const h = sessionFor(provider, registryOf(testTool('read'), edit, testTool('exec', 'execute')), { store, checkpoints: recorder });
    await h.session.send('change a');
    await h.session.flush();

    assert.deepEqual(recorder.events, ['before e1 cp1', 'edit runs', 'after cp1', 'before x1 cp2', 'after cp2']);
    assert.equal(recorder.requests[0]!.taskId, h.session.id);
    const items = h.session.transcript;
    const user = items.find((i) => i.kind === 'user')!;
    assert.equal(user.kind === 'user' && user.checkpointId, 'cp1', 'the user message restores to the first checkpoint after it');
    const card = (id: string) => items.find((i) => i.kind === 'tool' && i.id === id);
    assert.equal((card('e1') as { checkpointId?: string }).checkpointId, 'cp1');
    assert.equal((card('x1') as { checkpointId?: string }).checkpointId, 'cp2');
    assert.equal((card('r1') as { checkpointId?: string }).checkpointId, undefined);
    const saved = store.records.get(h.session.id)!;
    assert.deepEqual(saved.restorePoints!.map((p) => [p.itemId === user.id ? 'user' : p.itemId, p.checkpointId]), [['user', 'cp1'], ['e1', 'cp1'], ['x1', 'cp2']]);
  });

  test('restoring the conversation to a card removes it and what followed, in the history and the stored record', async () => {
    const recorder = new FakeRecorder();
    const store = new MemoryTaskStore();
    const provider = new ScriptedProvider([
      turn('first', { id: 'e1', name: 'edit', args: { path: 'a' } }),
      turn('second', { id: 'e2', name: 'edit', args: { path: 'b' } }),
      complete('c1', 'done'),
    ]);
    const h = sessionFor(provider, registryOf(testTool('edit', 'write')), { store, checkpoints: recorder });
    await h.session.send('go');
    assert.equal(h.session.restoreConversation('e2'), true);
    const calls = h.session.messages.flatMap((m) => (m.role === 'assistant' ? m.content.filter((p) => p.type === 'tool_call').map((p) => p.callId) : []));
    assert.deepEqual(calls, ['e1']);
    assert.ok(h.session.messages.some((m) => m.role === 'user' && m.content.some((p) => p.type === 'tool_result' && p.callId === 'e1')), 'e1 keeps its result');
    assert.deepEqual(h.session.messages[h.session.messages.length - 1], { role: 'assistant', content: [{ type: 'text', text: 'second' }] });
    assert.equal(h.session.transcript.some((i) => i.id === 'e2'), false);
    assert.ok(h.session.transcript.some((i) => i.id === 'e1'));
    assert.equal(h.session.restorePoint('e2'), undefined);
    h.session.noteForModel('[files restored]');
    await h.session.flush();
    const saved = store.records.get(h.session.id)!;
    assert.deepEqual(saved.history, h.session.messages);
    assert.equal(saved.restorePoints!.some((p) => p.itemId === 'e2'), false);
  });
});
