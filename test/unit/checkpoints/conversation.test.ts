// "Restore files and conversation to here": the history as it was at a user message or a tool card.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { anchorOf, historyAt, transcriptBefore } from '../../../src/core/checkpoints/conversation';
import type { ChatMessage, UserPart } from '../../../src/core/model/provider';

const user = (text: string): ChatMessage => ({ role: 'user', content: [{ type: 'text', text }] });

describe('conversation restore', () => {
  test("a user message's point drops the message and all after it, also when it was joined to a user message", () => {
    const history: ChatMessage[] = [user('first'), { role: 'assistant', content: [{ type: 'text', text: 'ok' }] }, user('[cancelled]')];
    const anchor = anchorOf(history, 0);
    history[2] = { role: 'user', content: [...(history[2]!.content as UserPart[]), { type: 'text', text: 'second' }] };
    history.push({ role: 'assistant', content: [{ type: 'text', text: 'reply' }] });
    assert.deepEqual(historyAt(history, { itemId: 'u2', anchor }, 0), [user('first'), { role: 'assistant', content: [{ type: 'text', text: 'ok' }] }, user('[cancelled]')]);
    assert.equal(historyAt(history, { itemId: 'u2', anchor }, 1), undefined, 'a compacted history no longer fits');
  });

  test("a card's point keeps the calls of its turn made before it, with their results", () => {
    const history: ChatMessage[] = [user('go')];
    const anchor = anchorOf(history, 0);
    history.push({
      role: 'assistant',
      content: [
        { type: 'text', text: 'editing' },
        { type: 'tool_call', callId: 'c1', name: 'edit_file', args: {} },
        { type: 'tool_call', callId: 'c2', name: 'run_command', args: {} },
      ],
    });
    history.push({ role: 'user', content: [{ type: 'tool_result', callId: 'c1', content: 'ok' }, { type: 'tool_result', callId: 'c2', content: 'ran' }] });
    const atC2 = historyAt(history, { itemId: 'c2', anchor, callId: 'c2' }, 0)!;
    assert.deepEqual(atC2, [
      user('go'),
      { role: 'assistant', content: [{ type: 'text', text: 'editing' }, { type: 'tool_call', callId: 'c1', name: 'edit_file', args: {} }] },
      { role: 'user', content: [{ type: 'tool_result', callId: 'c1', content: 'ok' }] },
    ]);
    const atC1 = historyAt(history, { itemId: 'c1', anchor, callId: 'c1' }, 0)!;
    assert.deepEqual(atC1, [user('go'), { role: 'assistant', content: [{ type: 'text', text: 'editing' }] }]);
  });

  test('the transcript loses the item and what follows it', () => {
    const items = [
      { kind: 'user' as const, id: 'u1', text: 'a', ts: 0 },
      { kind: 'notice' as const, id: 'n1', text: 'b', level: 'info' as const },
    ];
    assert.deepEqual(transcriptBefore(items, 'n1'), [items[0]]);
    assert.equal(transcriptBefore(items, 'nope'), undefined);
  });
});
