// A tool's images (check_page's screenshot) follow the results in the message that answers the calls, for models
// that take images; others get the results alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resultParts } from '../../../src/core/agent/agent-step';
import type { ToolCallOutcome } from '../../../src/core/tools';

const calls = [
  { callId: 'a', name: 'check_page', argsText: '{}', ended: true },
  { callId: 'b', name: 'read_file', argsText: '{}', ended: true },
];
const outcomes: ToolCallOutcome[] = [
  { callId: 'a', toolName: 'check_page', state: 'success', content: 'page', isError: false, images: [{ mediaType: 'image/jpeg', data: 'AAAA' }] },
  { callId: 'b', toolName: 'read_file', state: 'success', content: 'file', isError: false },
];

describe('tool result images', () => {
  it('come after every result, for models that take images', () => {
    assert.deepEqual(resultParts(calls, outcomes, true), [
      { type: 'tool_result', callId: 'a', content: 'page' },
      { type: 'tool_result', callId: 'b', content: 'file' },
      { type: 'image', mediaType: 'image/jpeg', data: 'AAAA' },
    ]);
  });

  it('are left out for models that do not', () => {
    assert.deepEqual(
      resultParts(calls, outcomes, false).map((p) => p.type),
      ['tool_result', 'tool_result'],
    );
  });
});
