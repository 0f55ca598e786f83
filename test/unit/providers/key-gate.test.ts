// The key gate (src/host/model/key-gate.ts) in plain Node, with the settings' layers as a workspace writes them:
// a key goes only where it was saved for or where the user's own settings point; and the conversation is a
// secret too, so with no key stored a request to an endpoint a workspace or folder setting chose waits for the
// user's Allow (remembered per value and file, asked again when the value changes), while the user's own
// endpoint and the provider's default never ask.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { confirmationId, type WorkspaceValue } from '../../../src/core/permissions/workspace-values';
import { KeyGate } from '../../../src/host/model/key-gate';
import type { WorkspaceValueQuestion } from '../../../src/host/permissions/workspace-review';
import type { SettingLayers } from '../../../src/host/settings/workspace-layers';

const FILE = '/repo/.vscode/settings.json';

function harness(settings: { user?: Record<string, unknown>; workspace?: Record<string, unknown> }, answers: boolean[] = []) {
  const state = new Map<string, unknown>();
  const confirmed = new Set<string>();
  const questions: WorkspaceValueQuestion[] = [];
  const layers = <T>(key: string): SettingLayers<T> => {
    const value = settings.workspace?.[key];
    return { user: settings.user?.[key] as T | undefined, workspace: value === undefined ? undefined : { setting: key, value, file: FILE } };
  };
  const gate = new KeyGate({
    state: { get: <T>(key: string) => state.get(key) as T, update: async (key: string, value: unknown) => void state.set(key, value) } as never,
    confirmations: {
      has: (value: WorkspaceValue, subject = '') => confirmed.has(confirmationId(value, subject)),
      add: async (values: readonly WorkspaceValue[], subject = '') => void values.forEach((v) => confirmed.add(confirmationId(v, subject))),
    },
    confirm: async (question) => {
      questions.push(question);
      return answers.shift() ?? false;
    },
    label: (p) => p,
    layers,
  });
  return { gate, questions, settings };
}

describe('key gate: a workspace-chosen endpoint gets nothing before the user allows it', () => {
  test('no key stored, relay.baseUrl from the workspace: asked first (setting, value, file), refused means withheld', async () => {
    const { gate, questions } = harness({ workspace: { 'relay.baseUrl': 'https://collector.example/v1' } });
    const released = await gate.release('openai-compatible', undefined, 'https://collector.example/v1');
    assert.equal(questions.length, 1);
    assert.deepEqual(questions[0], { setting: 'relay.baseUrl', value: '"https://collector.example/v1"', file: FILE, endpoint: { origin: 'https://collector.example' } });
    assert.equal(released.key, undefined);
    assert.match(released.withheld ?? '', /Relay sent nothing to https:\/\/collector\.example: relay\.baseUrl is set to it in \/repo\/\.vscode\/settings\.json/);
  });

  test('allowed once, remembered for that value; another value asks again', async () => {
    const h = harness({ workspace: { 'relay.baseUrl': 'http://127.0.0.1:9999/v1' } }, [true]);
    assert.deepEqual(await h.gate.release('openai-compatible', undefined, 'http://127.0.0.1:9999/v1'), { key: undefined });
    assert.deepEqual(await h.gate.release('openai-compatible', undefined, 'http://127.0.0.1:9999/v1'), { key: undefined });
    assert.equal(h.questions.length, 1, 'asked once');
    h.settings.workspace!['relay.baseUrl'] = 'http://127.0.0.1:9998/v1';
    const other = await h.gate.release('openai-compatible', undefined, 'http://127.0.0.1:9998/v1');
    assert.equal(h.questions.length, 2, 'a changed value asks again');
    assert.ok(other.withheld, 'and refusing it withholds the request');
  });

  test('relay.azure.endpoint from a folder setting asks the same way', async () => {
    const { gate, questions } = harness({ workspace: { 'relay.azure.endpoint': 'https://evil.openai.azure.com' } });
    const released = await gate.release('azure-openai', undefined, 'https://evil.openai.azure.com');
    assert.equal(questions[0]?.setting, 'relay.azure.endpoint');
    assert.ok(released.withheld);
  });

  test("the user's own base URL, the same value in the workspace, and the provider's default never ask", async () => {
    const own = harness({ user: { 'relay.provider': 'openai-compatible', 'relay.baseUrl': 'http://localhost:11434/v1' } });
    assert.deepEqual(await own.gate.release('openai-compatible', undefined, 'http://localhost:11434/v1'), { key: undefined });
    const same = harness({ user: { 'relay.provider': 'openai-compatible', 'relay.baseUrl': 'http://localhost:11434/v1' }, workspace: { 'relay.baseUrl': 'http://localhost:11434/v1/' } });
    assert.deepEqual(await same.gate.release('openai-compatible', undefined, 'http://localhost:11434/v1/'), { key: undefined });
    const byDefault = harness({ workspace: { 'relay.provider': 'anthropic' } });
    assert.deepEqual(await byDefault.gate.release('anthropic', undefined, undefined), { key: undefined });
    assert.equal(own.questions.length + same.questions.length + byDefault.questions.length, 0);
  });

  test('with a key stored the key question is asked (once), and allowing the key allows the conversation too', async () => {
    const h = harness({ workspace: { 'relay.baseUrl': 'https://collector.example/v1' } }, [true]);
    assert.deepEqual(await h.gate.release('openai', 'sk-1', 'https://collector.example/v1'), { key: 'sk-1' });
    assert.equal(h.questions.length, 1);
    assert.equal(h.questions[0]!.key?.origin, 'https://collector.example');
    assert.deepEqual(await h.gate.release('openai', undefined, 'https://collector.example/v1'), { key: undefined });
    assert.equal(h.questions.length, 1, 'no second question for a request without the key');
  });

  test('allowing the conversation does not allow the key', async () => {
    const h = harness({ workspace: { 'relay.baseUrl': 'https://collector.example/v1' } }, [true, false]);
    assert.deepEqual(await h.gate.release('openai', undefined, 'https://collector.example/v1'), { key: undefined });
    const withKey = await h.gate.release('openai', 'sk-1', 'https://collector.example/v1');
    assert.equal(h.questions.length, 2);
    assert.ok(h.questions[1]!.key, 'the key question');
    assert.equal(withKey.key, undefined);
    assert.ok(withKey.withheld);
  });
});

describe('key gate: the class of workspace-chosen endpoints (issue 37: the conversation is a secret too)', () => {
  // Every shape of endpoint a hostile repository could write, for each provider that takes a base URL: no key is
  // stored, so only the conversation would leave; the first request of any kind waits for the user's answer.
  const endpoints = [
    'https://collector.example/v1',
    'http://collector.example:8080/v1',
    'http://127.0.0.1:9999/v1',
    'http://localhost:4000',
    'http://[::1]:8080/v1',
    'https://user:pass@collector.example/v1',
    'https://collector.example/v1?x=1#y',
    'https://api.openai.com.collector.example/v1',
  ];
  for (const provider of ['openai-compatible', 'openai', 'anthropic'] as const) {
    for (const url of endpoints) {
      test(`${provider}, relay.baseUrl ${url} from the workspace: asked first, refused means nothing is released`, async () => {
        const { gate, questions } = harness({ workspace: { 'relay.baseUrl': url } });
        const released = await gate.release(provider, undefined, url);
        assert.equal(questions.length, 1, 'one question');
        assert.equal(questions[0]!.setting, 'relay.baseUrl');
        assert.equal(questions[0]!.file, FILE);
        assert.ok(questions[0]!.endpoint, 'the question is about sending the conversation');
        assert.equal(released.key, undefined);
        assert.ok(released.withheld, 'withheld');
      });
    }
  }
  for (const url of endpoints) {
    test(`the same ${url} in the user's own settings asks nothing`, async () => {
      const { gate, questions } = harness({ user: { 'relay.baseUrl': url } });
      assert.deepEqual(await gate.release('openai-compatible', undefined, url), { key: undefined });
      assert.equal(questions.length, 0);
    });
  }
});
