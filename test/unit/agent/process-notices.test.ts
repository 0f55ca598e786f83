// The model hears at the start of its next step when one of its background processes exited, crashed or asks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ModelRequest } from '../../../src/core/model/provider';
import type { ProcessInfo } from '../../../src/core/ports/processes';
import { processNoticeText } from '../../../src/core/processes/notices';
import { complete, registryOf, ScriptedProvider, sessionFor, testTool, turn } from './fakes';

const base: ProcessInfo = { id: 'p1', taskId: 't', command: 'npm run dev', cwd: '/w', state: 'exited', urls: [], ports: [], startedAt: 0, background: true };

describe('process notices', () => {
  test('say which process crashed, exited or asks, and nothing when nothing changed', () => {
    assert.equal(processNoticeText([]), undefined);
    assert.equal(
      processNoticeText([
        { ...base, exitCode: 1 },
        { ...base, id: 'p2', command: 'tsc --watch', exitCode: null, exitSignal: 'SIGSEGV' },
        { ...base, id: 'p3', command: 'npm init', state: 'waiting-for-input', prompt: 'package name: (app)' },
        { ...base, id: 'p4', command: 'make', exitCode: 0 },
      ]),
      [
        '[Background processes changed since your last step]',
        '- p1 (npm run dev) crashed: exited with code 1. read_output shows its last output.',
        '- p2 (tsc --watch) crashed: ended by SIGSEGV. read_output shows its last output.',
        '- p3 (npm init) is waiting for input: package name: (app) (answer with send_input, or stop it)',
        '- p4 (make) exited with code 0.',
      ].join('\n'),
    );
  });

  test('reach the model with the next request of its task, once', async () => {
    const read = testTool('read_file');
    const provider = new ScriptedProvider([turn(undefined, { id: 'c1', name: 'read_file', args: { path: 'a.ts' } }), complete('c2', 'Done.')]);
    const pending: ProcessInfo[][] = [[], [{ ...base, exitCode: 1 }]];
    const asked: string[] = [];
    const { session } = sessionFor(provider, registryOf(read), {
      processNotices: (taskId) => {
        asked.push(taskId);
        return processNoticeText(pending.shift() ?? []);
      },
    });
    await session.send('Fix the server');
    const [first, second] = provider.requests as [ModelRequest, ModelRequest];
    assert.deepEqual(asked, [session.id, session.id]);
    assert.doesNotMatch(JSON.stringify(first.messages), /Background processes/);
    const last = second.messages.at(-1)!;
    assert.equal(last.role, 'user');
    assert.deepEqual(last.content.at(-1), { type: 'text', text: '[Background processes changed since your last step]\n- p1 (npm run dev) crashed: exited with code 1. read_output shows its last output.' });
    assert.equal(last.content[0]!.type, 'tool_result', 'after the results it answers, in the same message');
  });
});
