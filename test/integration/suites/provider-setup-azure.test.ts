// Azure OpenAI through the real "Relay: Set Up Provider" inside VS Code (its QuickPicks and InputBoxes answered
// by a script that reads what each one asked), against the scripted model server playing an Azure resource over
// real HTTP: a pasted request URL kept as the endpoint, the key, a deployment from the resource's list, the
// api-version and API, then Test connection OK with every relay.azure.* setting written and the key only in
// SecretStorage; a deployment the resource does not have (its list not served, so typed) gives the 404 advice
// naming the deployment and api-version; a cancel at any step writes nothing. The chat's facts show the deployment.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RelayApi } from '../../../src/extension';
import type { Relay } from '../../../src/host/relay';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { activateRelay, relayWithScriptedPrompter, type ScriptedSetupPrompts, waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'openaiApi', 'azure.endpoint', 'azure.deployment', 'azure.apiVersion', 'azure.api'] as const;
const KEY = 'azure-setup-key-0123456789';
const DEPLOYMENTS = [
  { id: 'relay-4-1', model: 'gpt-4.1' },
  { id: 'relay-5-4', model: 'gpt-5.4' },
];

describe('provider setup: Azure OpenAI through Set Up Provider inside VS Code', function () {
  this.timeout(60_000);
  let api: RelayApi;
  let relay: Relay;
  let prompts: ScriptedSetupPrompts;
  let server: ScriptedModelServer;
  const saved = new Map<string, unknown>();
  let savedKey: string | undefined;
  const config = () => vscode.workspace.getConfiguration('relay');
  /** Every Relay setting set at user or workspace level, and the Azure key. */
  const state = async () => ({
    settings: Object.fromEntries(SETTINGS.map((key) => [key, [config().inspect(key)?.globalValue, config().inspect(key)?.workspaceValue]])),
    key: await relay.keys.get('azure-openai'),
  });

  before(async () => {
    api = await activateRelay();
    ({ relay, setupPrompts: prompts } = await relayWithScriptedPrompter());
    server = await startScriptedModelServer();
    for (const key of SETTINGS) saved.set(key, config().inspect(key)?.globalValue);
    savedKey = await relay.keys.get('azure-openai');
    await relay.keys.set('azure-openai', undefined);
    for (const key of SETTINGS) await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    // A person coming from a local OpenAI-compatible server.
    await config().update('provider', 'openai-compatible', vscode.ConfigurationTarget.Global);
    await config().update('model', 'scripted-coder', vscode.ConfigurationTarget.Global);
    await config().update('baseUrl', server.openaiBaseUrl, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    for (const key of SETTINGS) await config().update(key, saved.get(key), vscode.ConfigurationTarget.Global);
    await relay.keys.set('azure-openai', savedKey);
    prompts.script();
    await server?.close();
  });

  beforeEach(() => server.reset());

  it('endpoint pasted as a request URL, key, a listed deployment, api-version and API: written where the provider reads them, then Test connection is OK', async () => {
    server.setAzureDeployments({ deployments: DEPLOYMENTS });
    server.setScript([{ text: 'OK' }]);
    const pasted = `${server.url}/openai/deployments/relay-4-1/chat/completions?api-version=2024-10-21`;
    prompts.script('Azure OpenAI', pasted, KEY, 'relay-4-1', '2025-04-01-preview', 'Chat Completions API');

    const result = await relay.setUpProvider();
    assert.ok(result?.ok, JSON.stringify(result));

    const [provider, endpoint, key, deployment, version, apiChoice] = prompts.questions;
    assert.equal(prompts.questions.length, 6, JSON.stringify(prompts.questions.map((q) => q.title)));
    assert.deepEqual(
      prompts.questions.map((q) => q.title),
      ['Relay: Set Up Provider', ...[2, 3, 4, 5, 6].map((n) => `Relay: Set Up Provider (${n}/6)`)],
    );
    assert.ok(provider!.items!.some((i) => i.label === 'Azure OpenAI' && i.description === 'no key yet'));
    assert.equal(endpoint!.kind, 'input');
    assert.equal(endpoint!.said, `info: Relay will use ${server.url} and drop /openai/deployments/relay-4-1/chat/completions?api-version=2024-10-21 (the /openai path, deployment and api-version are added per request).`);
    assert.equal(await endpoint!.validate!('http://contoso.openai.azure.com'), 'error: Azure OpenAI is reached over https:// (plain http:// only on this machine).');
    assert.equal(await endpoint!.validate!('contoso'), 'error: Enter a URL such as https://NAME.openai.azure.com.');
    assert.equal(await endpoint!.validate!('https://contoso.openai.azure.com/'), undefined, 'a plain endpoint needs no note');
    assert.equal(key!.password, true, 'the key is typed into a password box');
    assert.match(key!.text ?? '', /KEY 1 or KEY 2/);
    assert.deepEqual(
      deployment!.items!.map((i) => [i.label, i.description]),
      [
        ['relay-4-1', 'serves gpt-4.1'],
        ['relay-5-4', 'serves gpt-5.4'],
        ['$(edit) Enter a deployment name...', undefined],
      ],
      "the resource's own list, with the model each serves",
    );
    assert.equal(server.modelListings.authHeader, true, 'the deployments were listed with the key just typed');
    assert.deepEqual(version!.items![0], { label: '$(check) 2025-04-01-preview', description: 'default', detail: 'Chat Completions and the Responses API' });
    assert.ok(version!.items!.some((i) => i.label === '2024-10-21' && i.detail === 'generally available · Chat Completions only'));
    assert.equal(version!.items!.at(-1)!.label, '$(edit) Other...');
    assert.deepEqual(
      apiChoice!.items!.map((i) => i.label),
      ['$(check) Automatic', 'Chat Completions API', 'Responses API'],
    );
    assert.equal(apiChoice!.items![0]!.detail, 'Chat Completions API, the API the catalog names for gpt-4.1');

    const written = (key: string) => config().inspect(key)?.globalValue;
    assert.equal(written('provider'), 'azure-openai');
    assert.equal(written('azure.endpoint'), server.url);
    assert.equal(written('azure.deployment'), 'relay-4-1');
    assert.equal(written('model'), 'gpt-4.1', 'the model the deployment serves, for the catalog');
    assert.equal(written('azure.apiVersion'), '2025-04-01-preview');
    assert.equal(written('azure.api'), 'chat-completions');
    assert.equal(written('openaiApi'), undefined, "OpenAI's own API setting is not Azure's");
    assert.equal(written('baseUrl'), '', "the compatible server's base URL is not Azure's");
    assert.equal(await relay.keys.get('azure-openai'), KEY, 'the key is in SecretStorage');
    assert.doesNotMatch(JSON.stringify(config()), new RegExp(KEY), 'and in no setting');

    assert.equal(server.requests.length, 1);
    const [request] = server.requests;
    assert.equal(request!.path, '/openai/deployments/relay-4-1/chat/completions');
    assert.equal(request!.query['api-version'], '2025-04-01-preview');
    assert.equal(request!.authHeader, true);

    const facts = await waitFor(() => (api.chat.snapshot.settings.provider?.id === 'azure-openai' ? api.chat.snapshot.settings.provider : undefined), 10_000, 'the chat to show Azure');
    assert.deepEqual(facts, { id: 'azure-openai', label: 'Azure OpenAI', model: 'gpt-4.1', key: 'set', deployment: 'relay-4-1' });
    assert.equal(api.chat.snapshot.settings.model, 'relay-4-1 (gpt-4.1) · azure-openai', 'the model button names the deployment first');
  });

  it('a deployment the resource does not have (its list not served, so typed): the 404 advice names the deployment and the api-version, and its fix asks only those', async () => {
    server.setAzureDeployments({ deployments: DEPLOYMENTS, listStatus: 404 });
    prompts.script('no-such-deployment', 'gpt-4.1', '$(edit) Other...', '2024-10-21', 'Chat Completions API');
    const result = await relay.setUpProvider('model');
    assert.ok(result && !result.ok, JSON.stringify(result));

    const [deployment, model, version, typedVersion, apiChoice] = prompts.questions;
    assert.equal(prompts.questions.length, 5);
    assert.equal(deployment!.kind, 'input', 'no list to pick from: the name is typed');
    assert.equal(deployment!.value, 'relay-4-1', 'prefilled with the current deployment');
    assert.match(deployment!.text ?? '', /did not list its deployments to this key \(HTTP 404\), so type it/);
    assert.match(deployment!.text ?? '', /not the model/);
    assert.equal(await deployment!.validate!('has space'), 'error: A deployment name has letters, digits, "-", "_" or "." only, at most 64.');
    assert.equal(model!.text, 'Which model does deployment no-such-deployment serve? (Relay takes its context window, price and API from it.)');
    assert.ok(model!.items!.some((i) => i.label === '$(check) gpt-4.1'), 'the current model is marked');
    assert.deepEqual([deployment!.title, model!.title], ['Relay: Set Up Provider (1/3)', 'Relay: Set Up Provider (1/3)'], 'the model is part of the deployment step');
    assert.deepEqual([version!.title, typedVersion!.title, apiChoice!.title], ['Relay: Set Up Provider (2/3)', 'Relay: Set Up Provider (2/3)', 'Relay: Set Up Provider (3/3)']);
    assert.equal(typedVersion!.kind, 'input');
    assert.equal(await typedVersion!.validate!('2024-10'), 'error: An api-version looks like 2024-10-21 or 2025-04-01-preview.');
    assert.equal(apiChoice!.items!.find((i) => i.label.endsWith('Responses API'))?.description, 'needs api-version 2025-03-01-preview or later: pick another api-version first');

    assert.equal(config().inspect('azure.deployment')?.globalValue, 'no-such-deployment');
    assert.equal(config().inspect('azure.apiVersion')?.globalValue, '2024-10-21');
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0]!.path, '/openai/deployments/no-such-deployment/chat/completions');
    assert.equal(result.advice.problem, 'model_not_found');
    assert.equal(result.advice.headline, `Azure OpenAI found no deployment "no-such-deployment" with api-version 2024-10-21 at ${server.url}.`);
    assert.match(result.advice.fix, /Either the deployment name or the api-version is wrong/);
    assert.equal(result.advice.step, 'model');
    assert.equal(result.advice.action, 'Change Deployment or API Version');
    assert.match(result.error.message, /does not exist/, "Azure's own words are kept for the details");
    assert.equal(prompts.failures.length, 1, 'the result is shown once');
    assert.equal(prompts.failures[0]!.message, `Relay: ${result.advice.headline}`);
    assert.match(prompts.failures[0]!.detail, /Either the deployment name or the api-version is wrong/);
    assert.deepEqual(prompts.failures[0]!.buttons, ['Change Deployment or API Version', 'Test Again']);
  });

  it('Escape at any step writes nothing: no setting and no key change', async () => {
    server.setAzureDeployments({ deployments: DEPLOYMENTS });
    await config().update('provider', 'openai-compatible', vscode.ConfigurationTarget.Global);
    // Every answer differs from what is set, so a partial write would show.
    const answers = ['Azure OpenAI', `${server.url}/openai/`, 'azure-other-key-0123456789', 'relay-5-4', '2024-10-21', 'Responses API'];
    const before = await state();
    for (let at = 0; at < answers.length; at++) {
      prompts.script(...answers.slice(0, at), undefined);
      const result = await relay.setUpProvider();
      assert.equal(result, undefined, `cancelled at question ${at + 1}`);
      assert.equal(prompts.questions.length, at + 1, `question ${at + 1} was asked, then cancelled`);
      assert.deepEqual(await state(), before, `nothing changed after a cancel at question ${at + 1}`);
    }
    assert.equal(server.requests.length, 0, 'no test ran');
  });

  describe('Select Model', () => {
    const written = (key: string) => config().inspect(key)?.globalValue;
    const azureSection = (items: readonly { label: string; description?: string; detail?: string }[]) => {
      const from = items.findIndex((i) => i.label === 'Azure OpenAI');
      const to = items.findIndex((i, at) => at > from && i.label === 'OpenAI-compatible server');
      return items.slice(from + 1, to);
    };

    beforeEach(async () => {
      await config().update('provider', 'azure-openai', vscode.ConfigurationTarget.Global);
      await config().update('azure.endpoint', server.url, vscode.ConfigurationTarget.Global);
      await config().update('azure.deployment', 'relay-4-1', vscode.ConfigurationTarget.Global);
      await config().update('model', 'gpt-4.1', vscode.ConfigurationTarget.Global);
      await config().update('azure.apiVersion', '2025-04-01-preview', vscode.ConfigurationTarget.Global);
      await config().update('azure.api', 'chat-completions', vscode.ConfigurationTarget.Global);
      // What a person set for OpenAI itself; Azure must neither read nor write it.
      await config().update('openaiApi', 'responses', vscode.ConfigurationTarget.Global);
      await relay.keys.set('azure-openai', KEY);
    });

    it("lists the resource's deployments with the model each serves; picking one calls that deployment, names it on the model button and leaves OpenAI's API setting alone", async () => {
      server.setAzureDeployments({ deployments: DEPLOYMENTS });
      prompts.script('relay-5-4');
      const choice = await relay.selectModel();
      assert.deepEqual(choice && [choice.provider, choice.deployment, choice.id], ['azure-openai', 'relay-5-4', 'gpt-5.4']);

      const [pick] = prompts.questions;
      assert.equal(prompts.questions.length, 1, 'the list said which model each deployment serves: nothing more is asked');
      assert.equal(pick!.text, 'Now: relay-4-1 (gpt-4.1) · azure-openai');
      const azure = azureSection(pick!.items!);
      assert.deepEqual(
        azure.map((i) => i.label),
        ['$(check) relay-4-1', 'relay-5-4', '$(edit) Enter a deployment name...'],
        'the deployments, the current one checked, and a typed name; no bare catalog models',
      );
      assert.match(azure[1]!.detail ?? '', /^serves gpt-5\.4 · [\d.]+[kM] context · \$[\d.]+ input \/ \$[\d.]+ output per 1M tokens$/);

      assert.equal(written('provider'), 'azure-openai');
      assert.equal(written('azure.deployment'), 'relay-5-4');
      assert.equal(written('model'), 'gpt-5.4', 'the model it serves, for the catalog');
      assert.equal(written('openaiApi'), 'responses', "OpenAI's setting is untouched");
      assert.equal(written('azure.api'), 'chat-completions');
      await waitFor(() => api.chat.snapshot.settings.model === 'relay-5-4 (gpt-5.4) · azure-openai' || undefined, 10_000, 'the model button to name the new deployment');

      server.setScript([{ text: 'OK' }]);
      const result = await relay.checkConnection();
      assert.ok(result.ok, JSON.stringify(result));
      const request = server.requests.at(-1)!;
      assert.equal(request.path, '/openai/deployments/relay-5-4/chat/completions', "relay.azure.api decides Azure's API, not relay.openaiApi");
    });

    it('a resource that lists no deployments to a key: the current one is kept with the reason, and a typed deployment asks which model it serves', async () => {
      server.setAzureDeployments({ deployments: DEPLOYMENTS, listStatus: 404 });
      prompts.script('$(edit) Enter a deployment name...', 'typed-deploy', 'gpt-4.1');
      const choice = await relay.selectModel();
      assert.deepEqual(choice && [choice.deployment, choice.id], ['typed-deploy', 'gpt-4.1']);

      const [pick, name, model] = prompts.questions;
      assert.deepEqual(
        azureSection(pick!.items!).map((i) => [i.label, i.detail?.replace(/ · [\d.]+[kM] context.*per 1M tokens/, '')]),
        [
          ['$(check) relay-4-1', 'serves gpt-4.1 · the resource did not list its deployments (HTTP 404)'],
          ['$(edit) Enter a deployment name...', undefined],
        ],
      );
      assert.equal(name!.kind, 'input');
      assert.equal(name!.value, 'relay-4-1', 'prefilled with the current deployment');
      assert.equal(await name!.validate!('has space'), 'error: A deployment name has letters, digits, "-", "_" or "." only, at most 64.');
      assert.equal(model!.text, 'Which model does deployment typed-deploy serve? (Relay takes its context window, price and API from it.)');
      assert.ok(model!.items!.some((i) => i.label === '$(check) gpt-4.1'), 'the current model is marked');
      assert.equal(written('azure.deployment'), 'typed-deploy');
      assert.equal(written('model'), 'gpt-4.1');
    });

    it("picking an OpenAI model leaves Azure's settings for later, and Escape at the served-model question writes nothing", async () => {
      server.setAzureDeployments({ deployments: [{ id: 'no-model-said' }] });
      prompts.script('no-model-said', undefined);
      const before = await state();
      assert.equal(await relay.selectModel(), undefined);
      assert.equal(prompts.questions.length, 2, 'the list did not say the model, so it was asked, then cancelled');
      assert.deepEqual(await state(), before, 'nothing was written');

      // A model set for this workspace hides the user's: the pick must change the one in force.
      await config().update('model', 'gpt-4o', vscode.ConfigurationTarget.Workspace);
      prompts.script('gpt-4.1');
      const choice = await relay.selectModel().finally(async () => {
        assert.equal(config().inspect('model')?.workspaceValue, 'gpt-4.1', 'written where it was set');
        await config().update('model', undefined, vscode.ConfigurationTarget.Workspace);
      });
      const openai = prompts.questions[0]!.items!;
      assert.ok(openai.indexOf(openai.find((i) => i.label === 'gpt-4.1')!) < openai.findIndex((i) => i.label === 'Azure OpenAI'), 'the OpenAI section was picked from');
      assert.deepEqual(choice && [choice.provider, choice.id], ['openai', 'gpt-4.1']);
      assert.equal(written('provider'), 'openai');
      assert.equal(written('azure.deployment'), 'relay-4-1', "Azure's deployment stays for when it is picked again");
      assert.equal(written('azure.api'), 'chat-completions');
      await waitFor(() => api.chat.snapshot.settings.model === 'gpt-4.1 · openai' || undefined, 10_000, 'the model button to show OpenAI');
    });

    it('Azure without an endpoint offers "Set Up Azure OpenAI...", which runs its setup from the endpoint (1/5)', async () => {
      await config().update('provider', 'openai', vscode.ConfigurationTarget.Global);
      await config().update('azure.endpoint', undefined, vscode.ConfigurationTarget.Global);
      prompts.script('$(gear) Set Up Azure OpenAI...', undefined);
      assert.equal(await relay.selectModel(), undefined);
      const [pick, endpoint] = prompts.questions;
      assert.deepEqual(
        azureSection(pick!.items!).map((i) => [i.label, i.description]),
        [['$(gear) Set Up Azure OpenAI...', 'Relay: Set Up Provider']],
      );
      assert.equal(endpoint!.kind, 'input');
      assert.equal(endpoint!.title, 'Relay: Set Up Provider (1/5)', 'the provider was chosen in Select Model: not step 1 here');
      assert.equal(written('provider'), 'openai', 'cancelled: nothing written');
    });
  });
});
