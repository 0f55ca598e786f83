import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatItem, ToolCardStatus } from '../../../src/shared/chat-model';
import { ChatState } from '../../../src/shared/chat-reducer';

const status = (callId: string, state: ToolCardStatus['state'] = 'waiting'): ToolCardStatus => ({
  callId, toolName: 'read_file', displayName: 'Read File', state, partial: false, blocks: [], startTime: 0,
});
const assistant = (id: string, text = '', streaming = true): ChatItem => ({ kind: 'assistant', id, text, ts: 0, streaming });

describe('shared chat reducer', () => {
  it('adds items, streams text into one, finishes it', () => {
    const s = new ChatState();
    assert.equal(s.apply({ type: 'itemAdded', item: assistant('a') })?.type, 'itemAdded');
    s.apply({ type: 'textDelta', id: 'a', text: 'Hel' });
    const change = s.apply({ type: 'textDelta', id: 'a', text: 'lo' });
    assert.equal(change?.type, 'itemUpdated');
    assert.deepEqual(s.item('a'), assistant('a', 'Hello'));
    assert.equal(s.apply({ type: 'itemDone', id: 'a' })?.type, 'itemUpdated');
    assert.equal((s.item('a') as { streaming: boolean }).streaming, false);
    assert.equal(s.apply({ type: 'itemDone', id: 'a' }), undefined, 'finishing twice changes nothing');
  });

  it('never mutates an item object it was given or returned (a queued delta must not change)', () => {
    const s = new ChatState();
    const item = Object.freeze(assistant('a', 'x')) as Extract<ChatItem, { kind: 'assistant' }>;
    s.apply({ type: 'itemAdded', item });
    const before = s.item('a');
    s.apply({ type: 'textDelta', id: 'a', text: 'y' });
    assert.equal(item.text, 'x');
    assert.equal((before as { text: string }).text, 'x');
    assert.notEqual(s.item('a'), before);
  });

  it('ignores deltas for unknown ids and text for non-assistant items', () => {
    const s = new ChatState();
    s.apply({ type: 'itemAdded', item: { kind: 'user', id: 'u', text: 'hi', ts: 0 } });
    assert.equal(s.apply({ type: 'textDelta', id: 'nope', text: 'x' }), undefined);
    assert.equal(s.apply({ type: 'textDelta', id: 'u', text: 'x' }), undefined);
    assert.equal(s.apply({ type: 'itemDone', id: 'nope' }), undefined);
    assert.equal(s.snapshot.items.length, 1);
  });

  it('toolStatus appends a tool item for a new call and replaces it in place afterwards', () => {
    const s = new ChatState();
    s.apply({ type: 'itemAdded', item: assistant('a') });
    assert.equal(s.apply({ type: 'toolStatus', status: status('c1') })?.type, 'itemAdded');
    s.apply({ type: 'itemAdded', item: assistant('b') });
    const change = s.apply({ type: 'toolStatus', status: status('c1', 'success') });
    assert.equal(change?.type, 'itemUpdated');
    assert.deepEqual(s.snapshot.items.map((i) => i.id), ['a', 'c1', 'b']);
    assert.equal((s.item('c1') as { status: ToolCardStatus }).status.state, 'success');
  });

  it('an itemAdded for a call already shown takes its place under the new id', () => {
    const s = new ChatState();
    s.apply({ type: 'toolStatus', status: status('c1') });
    s.apply({ type: 'itemAdded', item: assistant('a') });
    const change = s.apply({ type: 'itemAdded', item: { kind: 'tool', id: 'tool-7', status: status('c1', 'running') } });
    assert.equal(change?.type, 'itemUpdated');
    assert.deepEqual(s.snapshot.items.map((i) => i.id), ['tool-7', 'a']);
    assert.equal(s.item('c1'), undefined);
    s.apply({ type: 'toolStatus', status: status('c1', 'success') });
    assert.equal((s.item('tool-7') as { status: ToolCardStatus }).status.state, 'success');
  });

  it('itemAdded with an existing id replaces it (a repeated publish is idempotent)', () => {
    const s = new ChatState();
    s.apply({ type: 'itemAdded', item: assistant('a', 'one') });
    s.apply({ type: 'itemAdded', item: assistant('a', 'two') });
    assert.equal(s.snapshot.items.length, 1);
    assert.equal((s.item('a') as { text: string }).text, 'two');
  });

  it('reset, task, settings, history and trust', () => {
    const s = new ChatState();
    s.apply({ type: 'itemAdded', item: assistant('a') });
    s.apply({ type: 'toolStatus', status: status('c1') });
    const task = { id: 't', title: 'T', running: true };
    assert.equal(s.apply({ type: 'reset', task, items: [assistant('z')] })?.type, 'reset');
    assert.deepEqual(s.snapshot.items.map((i) => i.id), ['z']);
    assert.equal(s.item('a'), undefined);
    assert.equal(s.snapshot.task, task);
    s.apply({ type: 'toolStatus', status: status('c1') });
    assert.deepEqual(s.snapshot.items.map((i) => i.id), ['z', 'c1'], 'the index was rebuilt on reset');
    s.apply({ type: 'task', task: undefined });
    assert.equal(s.snapshot.task, undefined);
    s.apply({ type: 'settings', settings: { mode: 'yolo', model: 'm' } });
    assert.deepEqual(s.snapshot.settings, { mode: 'yolo', model: 'm' });
    s.apply({ type: 'history', tasks: [] });
    assert.deepEqual(s.snapshot.history, []);
    assert.deepEqual(s.apply({ type: 'trustChanged', trusted: false }), { type: 'trust', trusted: false });
  });

  it('updates the item list in place through an index: no copy per delta (streaming stays O(1) per token)', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => assistant(`a${i}`, 'x', false));
    const s = new ChatState({ task: undefined, settings: { mode: 'default', model: undefined }, items });
    const list = s.snapshot.items;
    s.apply({ type: 'itemAdded', item: assistant('last') });
    s.apply({ type: 'textDelta', id: 'last', text: 'y' });
    s.apply({ type: 'toolStatus', status: status('c') });
    s.apply({ type: 'toolStatus', status: status('c', 'success') });
    assert.equal(s.snapshot.items, list, 'the same array: nothing was copied');
    assert.equal(list.length, 20_002);
    assert.equal((s.item('last') as { text: string }).text, 'y');
  });

  it('keeps background processes by id: a process delta replaces that one, a reset keeps them, a replace copies them', () => {
    const s = new ChatState();
    const p1 = { id: 'p1', command: 'npm run dev', state: 'starting' as const, urls: [], tail: '' };
    assert.deepEqual(s.apply({ type: 'process', process: p1 }), { type: 'process', id: 'p1' });
    const ready = { ...p1, state: 'ready' as const, urls: ['http://127.0.0.1:5173/'], tail: 'Local: http://127.0.0.1:5173/\n' };
    s.apply({ type: 'process', process: { id: 'p2', command: 'tsc -w', state: 'ready', urls: [], tail: '' } });
    s.apply({ type: 'process', process: ready });
    assert.equal(s.process('p1'), ready);
    assert.equal(s.process('p2')?.command, 'tsc -w');
    assert.equal(s.process('p3'), undefined);
    s.apply({ type: 'reset', task: undefined, items: [] });
    assert.equal(s.process('p1'), ready, 'another task opened: the window still runs the process');
    const copy = new ChatState(s.snapshot);
    copy.apply({ type: 'process', process: { ...ready, state: 'stopped' } });
    assert.equal(s.process('p1')?.state, 'ready', 'a state built from a snapshot does not change that snapshot');
    assert.equal(copy.process('p1')?.state, 'stopped');
  });
});
