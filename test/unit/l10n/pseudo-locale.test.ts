// What core writes for people outside the model errors (failure-l10n.test.ts covers those): the pause notices,
// the interrupted task, and the "@" list's keyword and URL details. Under a pseudo-locale that turns each
// letter of a localised message into "ж", only the values passed in (tool names, counts, the error's own words)
// may keep their letters; an English sentence written without l10n.t fails here.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formatMessage, setLocalizer } from '../../../src/core/l10n';
import { stateFromRecord } from '../../../src/core/agent/task-record';
import type { TaskRecord } from '../../../src/core/ports/task-store';
import { suggestMentions } from '../../../src/core/mentions/suggest';
import { ToolErrorType } from '../../../src/core/tools/errors';
import { PauseRules } from '../../../src/core/tools/pause-rules';

const OUTSIDE = ['run_command', 'boom'];

function assertLocalised(text: string | undefined, what: string): void {
  assert.ok(text?.includes('ж'), `${what}: went through l10n.t (${text})`);
  let rest = text ?? '';
  for (const value of OUTSIDE) rest = rest.split(value).join(' ');
  assert.deepEqual(rest.match(/[A-Za-z]{2,}/g) ?? [], [], `${what}: English left in "${text}"`);
}

describe('core text for people under a pseudo-locale', () => {
  before(() => setLocalizer((message, ...args) => formatMessage(message.replace(/[A-Za-z]/g, 'ж'), args)));
  after(() => setLocalizer((message, ...args) => formatMessage(message, args)));

  test('the three pause notices', () => {
    const timeouts = new PauseRules(2);
    timeouts.recordCall({ toolName: 'run_command', state: 'error', errorType: ToolErrorType.TOOL_TIMEOUT, message: 'boom' });
    assertLocalised(timeouts.recordCall({ toolName: 'run_command', state: 'error', errorType: ToolErrorType.TOOL_TIMEOUT, message: 'boom' })?.message, 'repeated timeouts');

    const errors = new PauseRules(2);
    errors.recordCall({ toolName: 'run_command', state: 'error', errorType: ToolErrorType.EXECUTION_FAILED, message: 'boom' });
    assertLocalised(errors.recordCall({ toolName: 'run_command', state: 'error', errorType: ToolErrorType.EXECUTION_FAILED, message: 'boom' })?.message, 'repeated error');

    const silent = new PauseRules(2);
    silent.recordTurn(0);
    assertLocalised(silent.recordTurn(0).pause?.message, 'no tool calls');
  });

  test('a task that was running when VS Code closed', () => {
    const state = stateFromRecord({ status: 'running' } as TaskRecord);
    assert.equal(state.status, 'paused');
    assertLocalised(state.status === 'paused' ? state.message : undefined, 'interrupted');
  });

  test("the '@' list's keyword and URL details", () => {
    const keywords = suggestMentions('', { index: undefined, openEditors: [] }).filter((s) => s.kind !== 'file' && s.kind !== 'folder');
    assert.ok(keywords.length >= 4, JSON.stringify(keywords));
    for (const keyword of keywords) assertLocalised(keyword.detail, `@${keyword.label}`);
    const [url] = suggestMentions('https://example.com/x', { index: undefined, openEditors: [] });
    assertLocalised(url?.detail, 'a URL');
  });
});
