// What still asks something of the person, derived once from the snapshot for the header, cards and banners.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ChatItem, ToolCardStatus } from '../../../src/shared/chat-model';
import { cardPhase, liveErrorId, openApprovalId, revertedCardIds } from '../../../src/shared/chat-attention';

const status = (callId: string, state: ToolCardStatus['state'], extra: Partial<ToolCardStatus> = {}): ToolCardStatus => ({
  callId, toolName: 'write_file', displayName: 'Write File', state, partial: false, blocks: [], startTime: 0, ...extra,
});
const tool = (id: string, state: ToolCardStatus['state'] = 'success', checkpointId?: string): ChatItem => ({ kind: 'tool', id, status: status(id, state), ...(checkpointId ? { checkpointId } : {}) });
const user = (id: string): ChatItem => ({ kind: 'user', id, text: id, ts: 0 });
const notice = (id: string, restoredTo?: string): ChatItem => ({ kind: 'notice', id, text: id, level: 'info', ...(restoredTo ? { restoredTo } : {}) });
const running = { id: 't', title: 't', running: true };
const idle = { ...running, running: false };

describe('chat attention', () => {
  test('the latest awaiting card of the running turn is the one asked; earlier ones are queued', () => {
    const items = [user('u'), tool('a', 'awaiting_approval'), tool('b', 'awaiting_approval')];
    assert.equal(openApprovalId({ task: running, items }), 'b');
    assert.equal(openApprovalId({ task: idle, items }), undefined);
    assert.equal(cardPhase(status('a', 'awaiting_approval'), false), 'queued');
    assert.equal(cardPhase(status('b', 'awaiting_approval'), true), 'awaiting_approval');
    assert.equal(cardPhase(status('c', 'error', { denied: true }), false), 'denied');
  });

  test('a call a hook refused (or whose hook stopped the task) is blocked, its own end state, not failed', () => {
    const blocked = { kind: 'blocked' as const, text: 'PreToolUse hook blocked it' };
    assert.equal(cardPhase(status('a', 'error', { hooks: [blocked] }), false), 'blocked');
    assert.equal(cardPhase(status('b', 'error', { hooks: [{ kind: 'stopped', text: 'stopped' }] }), false), 'blocked');
    assert.equal(cardPhase(status('c', 'error', { hooks: [{ kind: 'context-added', text: 'x' }] }), false), 'failed', 'a hook that only added context did not refuse it');
    assert.equal(cardPhase(status('d', 'error'), false), 'failed');
    assert.equal(cardPhase(status('e', 'success', { hooks: [blocked] }), false), 'done', 'a PostToolUse block after the call ran is no refusal of it');
  });

  test('an error is live only while it is the last word of a task that is not running', () => {
    const error: ChatItem = { kind: 'error', id: 'e', message: 'x', retryable: true };
    assert.equal(liveErrorId({ task: idle, items: [user('u'), error, notice('n')] }), 'e');
    assert.equal(liveErrorId({ task: running, items: [user('u'), error] }), undefined);
    assert.equal(liveErrorId({ task: idle, items: [user('u'), error, tool('t')] }), undefined);
  });

  test('a restore marks the cards it took back; undoing it unmarks them', () => {
    const items = [user('u1'), tool('c1', 'success', 'k1'), user('u2'), tool('c2', 'success', 'k2'), tool('c3', 'success'), notice('r1', 'c1')];
    assert.deepEqual([...revertedCardIds(items)], ['c1', 'c2'], 'the card restored to and the later ones that changed files');
    assert.deepEqual([...revertedCardIds([...items.slice(0, 5), notice('r2', 'u2')])], ['c2'], 'to a message: the cards after it');
    assert.deepEqual([...revertedCardIds([...items, notice('undo', 'r1')])], [], 'undo restore brings them back');
  });
});
