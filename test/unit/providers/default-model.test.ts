// The default model, in one place and current: package.json's `relay.model` default is the constant, and
// the Anthropic SDK Relay ships does not deprecate it. That is checked against the SDK's behaviour (a real
// request through the SDK to a local server, its console warning caught) and against the list it ships, so
// an SDK update that deprecates the default, or a model our table misses, fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { lookupModel } from '../../../src/core/model/catalog';
import { DEFAULT_MODEL, DEFAULT_PROVIDER } from '../../../src/core/model/default-model';
import { DEPRECATED_MODELS, deprecationOf } from '../../../src/core/model/deprecation';
import { catchingSdkDeprecationWarning, type SdkDeprecationWarning } from '../../../src/core/model/sdk-deprecation-warning';
import { createProvider } from '../../../src/core/model/factory';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';

interface Manifest {
  contributes: { configuration: { properties: Record<string, { default?: unknown; enum?: unknown[] }> } };
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;

/** The SDK's own DEPRECATED_MODELS, read from the file it ships (it does not export it). */
function sdkDeprecatedModels(): Record<string, string> {
  const file = join(dirname(require.resolve('@anthropic-ai/sdk')), 'resources', 'messages', 'messages.js');
  const source = readFileSync(file, 'utf8');
  const literal = /const DEPRECATED_MODELS = \{([^}]*)\}/.exec(source);
  assert.ok(literal, `the SDK no longer has DEPRECATED_MODELS in ${file}: update this test to the SDK's new form`);
  const entries = [...literal[1]!.matchAll(/'([^']+)':\s*'([^']+)'/g)].map((m) => [m[1]!, m[2]!] as const);
  assert.ok(entries.length > 0, 'the SDK list was read');
  return Object.fromEntries(entries);
}

/** One real streaming request through the SDK; returns the deprecation warnings the SDK raised for it. */
async function sdkWarningsFor(server: ScriptedModelServer, model: string): Promise<SdkDeprecationWarning[]> {
  const warnings: SdkDeprecationWarning[] = [];
  const escaped: unknown[][] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void escaped.push(args);
  try {
    const client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.url, maxRetries: 0 });
    const stream = await catchingSdkDeprecationWarning(
      () => client.messages.create({ model, max_tokens: 16, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
      (w) => warnings.push(w),
    );
    for await (const _event of stream) {
      // drain
    }
  } finally {
    console.warn = original;
  }
  assert.deepEqual(escaped, [], 'nothing else reached the console');
  return warnings;
}

describe('default model', () => {
  let server: ScriptedModelServer;
  before(async () => {
    server = await startScriptedModelServer();
  });
  after(() => server.close());

  test("package.json's relay.model and relay.provider defaults are the constants", () => {
    const properties = manifest.contributes.configuration.properties;
    assert.equal(properties['relay.model']?.default, DEFAULT_MODEL);
    assert.equal(properties['relay.provider']?.default, DEFAULT_PROVIDER);
  });

  test('the default is a catalog model with a window, an output limit and a price', () => {
    const entry = lookupModel(DEFAULT_MODEL);
    assert.ok(entry?.pricing, DEFAULT_MODEL);
    assert.equal(deprecationOf(DEFAULT_MODEL), undefined);
  });

  test('the SDK does not warn that the default model is deprecated (a real request through it)', async () => {
    server.setScript([{ text: 'ok' }]);
    assert.deepEqual(await sdkWarningsFor(server, DEFAULT_MODEL), []);
  });

  test('the SDK warns for every model our table deprecates, with the same end-of-life date', async () => {
    // This also proves the check above can fail: the same request path catches the SDK's warning.
    for (const [model, { endOfLife }] of Object.entries(DEPRECATED_MODELS)) {
      server.setScript([{ text: 'ok' }]);
      const warnings = await sdkWarningsFor(server, model);
      assert.equal(warnings.length, 1, model);
      assert.equal(warnings[0]!.model, model);
      assert.equal(new Date(`${warnings[0]!.endOfLife.replace(/(\d)(st|nd|rd|th)/, '$1')} UTC`).toISOString().slice(0, 10), endOfLife, model);
    }
  });

  test("every model in the SDK's shipped list is deprecated in our table, and the default is not among them", async () => {
    const shipped = sdkDeprecatedModels();
    assert.ok(!(DEFAULT_MODEL in shipped), `${DEFAULT_MODEL} is deprecated by the SDK: choose a current default`);
    for (const model of Object.keys(shipped)) {
      assert.ok(deprecationOf(model), `${model} is deprecated by the SDK (end of life ${shipped[model]}) but not in DEPRECATED_MODELS`);
      assert.ok(!deprecationOf(model)!.replacement.startsWith(model), 'the replacement is another model');
      assert.equal(deprecationOf(deprecationOf(model)!.replacement), undefined, `the replacement for ${model} is current`);
    }
  });

  test("Relay's Anthropic provider keeps the SDK's per-request warning off the console", async () => {
    server.setScript([{ text: 'still answers' }]);
    const printed: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void printed.push(args);
    try {
      const provider = createProvider({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'sk-ant-test', baseUrl: server.url, maxRetries: 0 });
      let text = '';
      for await (const event of provider.stream({ system: 's', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] }, new AbortController().signal)) {
        if (event.type === 'text_delta') text += event.text;
      }
      assert.equal(text, 'still answers');
    } finally {
      console.warn = original;
    }
    assert.deepEqual(printed, []);
  });
});
