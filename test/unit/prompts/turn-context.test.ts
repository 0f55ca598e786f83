// What rides with each request beside the instructions: the family's per-turn reminder (on the latest user message,
// never stored) and the run conditions in the environment (time zone, approval mode, sandbox), read before each
// request so a mode switch mid-task reaches the model.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { RunConditions } from '../../../src/core/agent';
import { modelInfoFor } from '../../../src/core/model/catalog';
import { registryOf, ScriptedProvider, sessionFor, testTool, turn } from '../agent/fakes';

const GPT5 = modelInfoFor('openai', 'gpt-5.1');
const CODEX = modelInfoFor('openai', 'gpt-5.1-codex-max');
const ENVIRONMENT = { workspaceRoots: ['/w'], os: 'linux', shell: '/bin/bash' };

function texts(content: readonly { type: string; text?: string }[]): string[] {
  return content.flatMap((part) => (part.type === 'text' ? [part.text!] : []));
}

describe('the per-turn reminder', () => {
  test('rides with the latest user message of every request, and is not kept in the history', async () => {
    const provider = new ScriptedProvider([turn(undefined, { id: 'r1', name: 'read_file', args: { path: 'a.ts' } }), turn('Done.'), turn('Again.')], GPT5);
    const { session } = sessionFor(provider, registryOf(testTool('read_file')), { subAgents: false });
    await session.send('Fix a.ts');
    await session.send('And b.ts');
    const reminders = (i: number) => provider.requests[i]!.messages.map((m) => (m.role === 'user' ? texts(m.content).filter((t) => t.startsWith('<reminder>')).length : 0));
    // First request: on the one user message. Second (after the tool result): still on the user's message, once.
    assert.deepEqual(reminders(0), [1]);
    assert.deepEqual(reminders(1), [1, 0, 0]);
    // The next user turn: on the new message only; the first message is as the user wrote it.
    assert.deepEqual(reminders(2), [0, 0, 0, 0, 1]);
    assert.match(texts(provider.requests[2]!.messages.at(-1)!.content).at(-1)!, /preamble before each tool batch/);
  });

  test('families that do not drift get none (Codex), and nor does the text protocol', async () => {
    for (const model of [CODEX, { ...GPT5, supportsNativeTools: false }]) {
      const provider = new ScriptedProvider([turn('Done.')], model);
      await sessionFor(provider, registryOf(testTool('read_file')), { subAgents: false }).session.send('hi');
      assert.doesNotMatch(JSON.stringify(provider.requests[0]!.messages), /<reminder>/, model.id);
    }
  });
});

describe('the run conditions in the environment', () => {
  test('time zone, approval mode and sandbox are said, and a mode switch mid-task rebuilds the prompt', async () => {
    let conditions: RunConditions = { approvalMode: 'default', sandbox: { state: 'on', allowedDomains: ['registry.npmjs.org'] } };
    const provider = new ScriptedProvider([turn(undefined, { id: 'r1', name: 'read_file', args: { path: 'a.ts' } }), turn('Done.')], GPT5);
    const environment = { ...ENVIRONMENT, timeZone: 'Asia/Shanghai', conditions: () => conditions };
    // The user switches to yolo and turns the sandbox off while the first call runs.
    const tool = testTool('read_file', 'readonly', async () => {
      conditions = { approvalMode: 'yolo', sandbox: { state: 'off' } };
    });
    await sessionFor(provider, registryOf(tool), { subAgents: false, environment }).session.send('Fix a.ts');
    const [first, second] = provider.requests.map((r) => r.system);
    assert.match(first!, /- Time zone: Asia\/Shanghai/);
    assert.match(first!, /- Approval mode: default: each file change and each command waits/);
    assert.match(first!, /Commands run in an OS sandbox: .*network at only registry\.npmjs\.org\./);
    assert.match(second!, /- Approval mode: yolo:/);
    assert.match(second!, /Commands run without a sandbox \(the user switched it off\)/);
  });

  test('an unavailable sandbox says why; conditions that cannot be read leave the lines out, not the task', async () => {
    const unavailable = { ...ENVIRONMENT, conditions: () => ({ approvalMode: 'plan' as const, sandbox: { state: 'unavailable' as const, reason: 'bubblewrap is not installed' } }) };
    const provider = new ScriptedProvider([turn('Done.')], GPT5);
    await sessionFor(provider, registryOf(testTool('read_file')), { subAgents: false, environment: unavailable }).session.send('hi');
    assert.match(provider.requests[0]!.system, /this machine cannot sandbox them \(bubblewrap is not installed\)/);
    assert.match(provider.requests[0]!.system, /- Approval mode: plan: only read-only tools run/);

    const failing = { ...ENVIRONMENT, conditions: () => Promise.reject(new Error('settings unreadable')) };
    const again = new ScriptedProvider([turn('Done.')], GPT5);
    const end = await sessionFor(again, registryOf(testTool('read_file')), { subAgents: false, environment: failing }).session.send('hi');
    assert.equal(end.status, 'completed');
    assert.doesNotMatch(again.requests[0]!.system, /Approval mode/);
  });
});
