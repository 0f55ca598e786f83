// Azure OpenAI's setup without VS Code: the endpoint as people paste it, api-versions and deployment names, the
// deployments list over real HTTP (a local server answering as Azure's data plane does, and as resources that no
// longer serve it do), and the advice a failed Azure request gets (a 404 is the deployment or the api-version).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { AZURE_API_VERSIONS, AZURE_DEFAULT_API_VERSION, isApiVersion, isDeploymentName, listAzureDeployments, normaliseAzureEndpoint, supportsResponses } from '../../../src/core/model/azure-setup';
import { adviceFor, adviseFailure, errorFix, STEP_ACTIONS } from '../../../src/core/model/connection-advice';
import type { ModelError } from '../../../src/core/model/events';
import { classifyFailure } from '../../../src/core/model/failure';
import * as OpenAISdk from 'openai';

describe('Azure endpoint normalisation', () => {
  test('the forms people paste become the endpoint the client takes, saying what was dropped', () => {
    const cases: [string, string, string | undefined][] = [
      ['https://contoso.openai.azure.com', 'https://contoso.openai.azure.com', undefined],
      ['https://contoso.openai.azure.com/', 'https://contoso.openai.azure.com', undefined],
      ['  https://contoso.openai.azure.com//  ', 'https://contoso.openai.azure.com', undefined],
      ['https://contoso.openai.azure.com/openai', 'https://contoso.openai.azure.com', '/openai'],
      ['https://contoso.openai.azure.com/openai/', 'https://contoso.openai.azure.com', '/openai'],
      [
        'https://contoso.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
        'https://contoso.openai.azure.com',
        '/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
      ],
      ['https://contoso.cognitiveservices.azure.com/openai/responses?api-version=2025-04-01-preview', 'https://contoso.cognitiveservices.azure.com', '/openai/responses?api-version=2025-04-01-preview'],
      ['contoso.openai.azure.com', 'https://contoso.openai.azure.com', undefined],
      ['HTTPS://Contoso.OpenAI.Azure.com/OpenAI/v1/', 'https://contoso.openai.azure.com', '/OpenAI/v1'],
      // A gateway (API Management) in front of Azure keeps its own path prefix.
      ['https://apim.example.com/aoai/openai/deployments/x', 'https://apim.example.com/aoai', '/openai/deployments/x'],
      ['https://apim.example.com/aoai/', 'https://apim.example.com/aoai', undefined],
      ['http://127.0.0.1:8080/openai/deployments/d/chat/completions', 'http://127.0.0.1:8080', '/openai/deployments/d/chat/completions'],
      ['http://localhost:4000', 'http://localhost:4000', undefined],
    ];
    for (const [pasted, endpoint, dropped] of cases) {
      const checked = normaliseAzureEndpoint(pasted);
      assert.ok(checked.ok, pasted);
      assert.equal(checked.endpoint, endpoint, pasted);
      assert.equal(checked.dropped, dropped, pasted);
    }
  });

  test('what cannot be an endpoint says why', () => {
    assert.deepEqual(normaliseAzureEndpoint('   '), { ok: false, problem: 'empty' });
    assert.deepEqual(normaliseAzureEndpoint('http://contoso.openai.azure.com'), { ok: false, problem: 'not_https' }, 'Azure is https only');
    for (const bad of ['contoso', 'ftp://contoso.openai.azure.com', 'https://', 'https://contoso .openai.azure.com', 'not a url at all']) {
      assert.deepEqual(normaliseAzureEndpoint(bad), { ok: false, problem: 'not_url' }, bad);
    }
  });
});

describe('Azure api-versions and deployment names', () => {
  test('the offered versions start with the default, and say which serve the Responses API', () => {
    assert.equal(AZURE_API_VERSIONS[0]!.version, AZURE_DEFAULT_API_VERSION);
    assert.deepEqual(
      AZURE_API_VERSIONS.map((v) => [v.version, v.ga, v.responses]),
      [
        ['2025-04-01-preview', false, true],
        ['2025-03-01-preview', false, true],
        ['2025-01-01-preview', false, false],
        ['2024-10-21', true, false],
        ['2024-06-01', true, false],
      ],
    );
    assert.ok(supportsResponses('2025-05-01-preview'));
    assert.ok(!supportsResponses('2025-02-01-preview'));
    assert.ok(!supportsResponses('latest'));
  });

  test('api-versions and deployment names are checked as Azure spells them', () => {
    for (const good of ['2024-10-21', '2025-04-01-preview', ' 2024-06-01 ']) assert.ok(isApiVersion(good), good);
    for (const bad of ['2024-10', 'v1', '2025-04-01-beta', 'preview']) assert.ok(!isApiVersion(bad), bad);
    for (const good of ['gpt-4o', 'relay_4.1', 'A1']) assert.ok(isDeploymentName(good), good);
    for (const bad of ['', '-x', 'has space', 'a/b', 'x'.repeat(65)]) assert.ok(!isDeploymentName(bad), bad);
  });
});

describe('the Azure deployments list over HTTP', () => {
  let server: Server;
  let base: string;
  let reply: { status: number; body: unknown } = { status: 200, body: {} };
  const seen: { url: string; key: string | undefined }[] = [];
  before(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', key: req.headers['api-key'] as string | undefined });
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('a resource that lists its deployments: their names and models, usable ones only', async () => {
    reply = {
      status: 200,
      body: {
        object: 'list',
        data: [
          { id: 'relay-4-1', model: 'gpt-4.1', status: 'succeeded', object: 'deployment' },
          { id: 'still-creating', model: 'gpt-5.4', status: 'running' },
          { id: 'plain' },
          { model: 'no-id' },
        ],
      },
    };
    seen.length = 0;
    const listing = await listAzureDeployments({ endpoint: `${base}/`, apiKey: 'azure-key-123456', fetch });
    assert.deepEqual(listing, { ok: true, deployments: [{ name: 'relay-4-1', model: 'gpt-4.1' }, { name: 'plain' }] });
    assert.deepEqual(seen, [{ url: '/openai/deployments?api-version=2023-05-15', key: 'azure-key-123456' }]);
  });

  test('a resource that no longer serves the list, or answers something else: why, never the key', async () => {
    reply = { status: 404, body: { error: { code: '404', message: 'Resource not found' } } };
    assert.deepEqual(await listAzureDeployments({ endpoint: base, apiKey: 'azure-key-123456', fetch }), { ok: false, why: 'HTTP 404' });
    reply = { status: 200, body: { value: [] } };
    assert.deepEqual(await listAzureDeployments({ endpoint: base, apiKey: 'azure-key-123456', fetch }), { ok: false, why: 'unexpected answer' });
    const failing: typeof fetch = () => Promise.reject(new Error('connect ECONNREFUSED (key azure-key-123456)'));
    const refused = await listAzureDeployments({ endpoint: base, apiKey: 'azure-key-123456', fetch: failing });
    assert.equal(refused.ok, false);
    assert.doesNotMatch(JSON.stringify(refused), /azure-key-123456/);
  });
});

describe('advice for Azure OpenAI', () => {
  const azure = { provider: 'Azure OpenAI', model: 'gpt-4.1', baseUrl: 'https://contoso.openai.azure.com', azure: { deployment: 'relay-4-1', apiVersion: '2024-10-21' } };
  const failureContext = { service: 'Azure OpenAI', model: 'relay-4-1', baseUrl: 'https://contoso.openai.azure.com', azureApiVersion: '2024-10-21' };
  const sdkError = (status: number, body: object) => OpenAISdk.APIError.generate(status, body, undefined, new Headers());

  test("Azure's real 404 (DeploymentNotFound) means the deployment or the api-version, and the button says so", () => {
    const failure = classifyFailure(sdkError(404, { error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist.' } }), failureContext, 0);
    assert.equal(failure.error.kind, 'not_found');
    assert.equal(failure.error.endpoint, 'azure');
    assert.match(failure.error.message, /no deployment "relay-4-1" with api-version 2024-10-21/);
    const advice = adviseFailure(failure.error, azure);
    assert.equal(advice.problem, 'model_not_found');
    assert.equal(advice.headline, 'Azure OpenAI found no deployment "relay-4-1" with api-version 2024-10-21 at https://contoso.openai.azure.com.');
    assert.match(advice.fix, /deployment name or the api-version is wrong/);
    assert.match(advice.fix, /not the model/);
    assert.equal(advice.step, 'model');
    assert.equal(advice.action, 'Change Deployment or API Version');
    assert.deepEqual(errorFix(failure.error), { step: 'model', label: 'Change Deployment or API Version' }, 'the chat error offers the same fix');
  });

  test('an api-version the resource refuses (400) is named, with the versions to pick', () => {
    const failure = classifyFailure(sdkError(400, { error: { code: 'BadRequest', message: 'API version not supported' } }), failureContext, 0);
    const advice = adviseFailure(failure.error, azure);
    assert.equal(advice.problem, 'api_version');
    assert.equal(advice.headline, 'Azure OpenAI does not accept api-version 2024-10-21.');
    assert.match(advice.fix, /2025-03-01-preview/);
    assert.equal(advice.action, 'Change Deployment or API Version');
  });

  test("a rejected key, a missing endpoint and an unknown host get Azure's words", () => {
    const err = (kind: ModelError['kind'], cause?: string): ModelError => ({ kind, message: 'x', retryable: false, endpoint: 'azure', ...(cause ? { cause } : {}) });
    assert.match(adviseFailure(err('auth'), azure).fix, /KEY 1 or KEY 2/);
    assert.equal(adviseFailure(err('auth'), azure).action, STEP_ACTIONS.key);
    const host = adviseFailure(err('network', 'ENOTFOUND'), azure);
    assert.match(host.fix, /https:\/\/NAME\.openai\.azure\.com/);
    assert.equal(host.action, 'Change Endpoint');
    assert.equal(host.step, 'baseUrl');
    assert.deepEqual(errorFix(err('network', 'ENOTFOUND')), { step: 'baseUrl', label: 'Change Endpoint' });
    const missing = adviceFor('no_base_url', azure);
    assert.equal(missing.headline, 'No resource endpoint is set for Azure OpenAI.');
    assert.equal(missing.action, 'Change Endpoint');
  });

  test('other providers keep their own words', () => {
    const ctx = { provider: 'OpenAI', model: 'gpt-4.1', baseUrl: 'https://api.openai.com/v1' };
    const notFound: ModelError = { kind: 'not_found', message: 'x', retryable: false };
    assert.equal(adviseFailure(notFound, ctx).headline, 'Model "gpt-4.1" was not found at https://api.openai.com/v1.');
    assert.equal(adviseFailure(notFound, ctx).action, 'Pick a Model');
    assert.deepEqual(errorFix(notFound), { step: 'model', label: 'Pick a Model' });
    const badRequest: ModelError = { kind: 'bad_request', message: 'unsupported api version', retryable: false };
    assert.equal(adviseFailure(badRequest, ctx).problem, 'other', 'only Azure reads an api-version complaint');
    const openaiFailure = classifyFailure(sdkError(404, { error: { message: 'not found' } }), { service: 'OpenAI', model: 'gpt-4.1', baseUrl: 'https://api.openai.com/v1' }, 0);
    assert.equal(openaiFailure.error.endpoint, undefined);
  });
});
