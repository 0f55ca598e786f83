// The scripted model server itself: control endpoints, per-route queues, the APIs' request checks, the
// CLI as its own process, and close() ending connections that are still streaming.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { startScriptedModelServer, type RecordedRequest, type ScriptedModelServer } from '../../support/scripted-model-server';
import { anthropicRequestProblem, geminiRequestProblem, openaiRequestProblem, responsesRequestProblem } from '../../support/scripted-model-server/request-checks';
import { API_KEY } from './helpers';

const anthropicBody = (messages: unknown[]) => ({ model: 'claude-haiku-4-5', max_tokens: 100, stream: true, messages });

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('scripted model server', () => {
  let server: ScriptedModelServer;
  before(async () => (server = await startScriptedModelServer()));
  after(() => server.close());

  test('control endpoints replace the script, list the requests (without keys) and reset', async () => {
    const set = await post(`${server.url}/__script`, [{ text: 'from another process', chunkSize: 100 }]);
    assert.deepEqual(await set.json(), { ok: true, turns: 1 });
    const reply = await post(`${server.url}/v1/messages`, anthropicBody([{ role: 'user', content: 'hi' }]), { 'x-api-key': API_KEY });
    assert.equal(reply.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    const sse = await reply.text();
    assert.match(sse, /^event: message_start\ndata: /);
    assert.match(sse, /"text":"from another process"/);
    assert.match(sse, /event: message_stop\ndata: \{"type":"message_stop"\}\n\n$/);

    const listed = await (await fetch(`${server.url}/__requests`)).text();
    assert.ok(!listed.includes(API_KEY), 'the key was recorded');
    const requests = JSON.parse(listed) as RecordedRequest[];
    assert.equal(requests.length, 1);
    assert.deepEqual([requests[0]!.route, requests[0]!.path, requests[0]!.authHeader, requests[0]!.outcome], ['anthropic', '/v1/messages', true, 'completed']);

    await post(`${server.url}/__reset`, {});
    assert.deepEqual(await (await fetch(`${server.url}/__requests`)).json(), []);
  });

  test('an invalid script is refused with the reason', async () => {
    const reply = await post(`${server.url}/__script`, [{ text: 5 }]);
    assert.equal(reply.status, 400);
    assert.match(((await reply.json()) as { error: { message: string } }).error.message, /invalid script/);
  });

  test('per-route queues serve each wire format its own turns', async () => {
    server.setScript({ anthropic: [{ text: 'for anthropic', chunkSize: 100 }], openai: [{ text: 'for openai', chunkSize: 100 }] });
    const openai = await (await post(`${server.openaiBaseUrl}/chat/completions`, { model: 'gpt-4.1', stream: true, messages: [{ role: 'user', content: 'hi' }] })).text();
    assert.match(openai, /"content":"for openai"/);
    assert.match(openai, /data: \[DONE\]\n\n$/);
    assert.ok(!openai.includes('"usage":{'), 'usage is only sent when stream_options.include_usage asks');
    const anthropic = await (await post(`${server.url}/v1/messages`, anthropicBody([{ role: 'user', content: 'hi' }]))).text();
    assert.match(anthropic, /"text":"for anthropic"/);
  });

  test('answers a request the real API would refuse with its 400, and an exhausted script clearly', async () => {
    server.setScript([{ text: 'never' }]);
    const orphan = await post(
      `${server.url}/v1/messages`,
      anthropicBody([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: {} }] },
        { role: 'user', content: [{ type: 'text', text: 'no result here' }] },
      ]),
    );
    assert.equal(orphan.status, 400);
    const body = (await orphan.json()) as { type: string; error: { type: string; message: string } };
    assert.equal(body.error.type, 'invalid_request_error');
    assert.match(body.error.message, /tool_use` ids were found without `tool_result` blocks immediately after: toolu_1/);

    const openaiOrphan = await post(`${server.openaiBaseUrl}/chat/completions`, {
      model: 'gpt-4.1',
      stream: true,
      messages: [{ role: 'tool', tool_call_id: 'call_9', content: 'x' }],
    });
    assert.equal(openaiOrphan.status, 400);

    server.setScript([]);
    const exhausted = await post(`${server.url}/v1/messages`, anthropicBody([{ role: 'user', content: 'hi' }]));
    assert.equal(exhausted.status, 400);
    assert.match(await exhausted.text(), /no scripted turn left/);
  });

  test('close() ends a stream that is still open', async () => {
    const other = await startScriptedModelServer({ script: [{ text: 'stalled', fault: { stallMs: 60_000 } }] });
    const reply = await post(`${other.url}/v1/messages`, anthropicBody([{ role: 'user', content: 'hi' }]));
    assert.equal(reply.status, 200);
    const body = reply.text();
    await other.close(); // would wait a minute for the stall if open sockets were left alone
    await assert.rejects(body);
    assert.equal(other.requests[0]!.outcome, 'client_closed');
  });

  test('a held turn sends its first frames, then nothing until release()', async () => {
    server.setScript([{ thinking: 'abcdefgh', text: 'done', chunkSize: 2, fault: { holdAfterChunks: 4 } }]);
    const reply = await post(`${server.url}/v1/messages`, anthropicBody([{ role: 'user', content: 'hi' }]), { 'x-api-key': API_KEY });
    const reader = reply.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    // message_start, the thinking block's start, a ping and the first delta, then the hold.
    while ((seen.match(/^event: /gm) ?? []).length < 4) seen += decoder.decode((await reader.read()).value);
    assert.match(seen, /"thinking":"ab"/);
    assert.doesNotMatch(seen, /"thinking":"cd"/);
    const next = reader.read();
    const early = await Promise.race([next.then(() => 'more'), new Promise((r) => setTimeout(() => r('held'), 50))]);
    assert.equal(early, 'held');
    assert.equal(server.requests.at(-1)!.outcome, 'pending');
    server.release();
    let rest = '';
    for (let chunk = await next; !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    assert.match(rest, /"thinking":"cd".*message_stop/s);
  });
});

describe('scripted model server CLI', () => {
  test('prints its URL, serves the script file and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relay-script-'));
    try {
      const file = join(dir, 'script.json');
      writeFileSync(file, JSON.stringify([{ text: 'from the CLI', chunkSize: 100 }]));
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/scripted-model-server/cli.ts', '--script', file, '--port', '0'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        const line = await new Promise<string>((resolve, reject) => {
          createInterface({ input: child.stdout! }).once('line', resolve);
          child.once('exit', () => reject(new Error('the CLI exited before listening')));
        });
        const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
        assert.ok(match, line);
        const sse = await (await post(`${match[1]}/v1/messages`, anthropicBody([{ role: 'user', content: 'hi' }]))).text();
        assert.match(sse, /"text":"from the CLI"/);
      } finally {
        child.kill('SIGTERM');
      }
      assert.equal(await exited, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('scripted model server: image checks', () => {
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const gif = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
  const anthropic = (block: Record<string, unknown>) =>
    anthropicRequestProblem({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: [{ type: 'text', text: 'look' }, block] }] });
  const openai = (url: string) =>
    openaiRequestProblem({ model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url } }] }] });

  test('accepts each wire format’s image with matching bytes', () => {
    assert.equal(anthropic({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } }), undefined);
    assert.equal(openai(`data:image/gif;base64,${gif}`), undefined);
    assert.equal(responsesRequestProblem({ model: 'm', input: [{ role: 'user', content: [{ type: 'input_image', image_url: `data:image/png;base64,${png}` }] }] }, new Map()), undefined);
    assert.equal(geminiRequestProblem({ contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: png } }] }] }, new Set(), new Map()), undefined);
  });

  test('refuses bytes of another type, an unknown type, a data prefix inside base64 and a non-data URL', () => {
    assert.match(anthropic({ type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: png } }) ?? '', /does not appear to be a image\/jpeg image/);
    assert.match(anthropic({ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: png } }) ?? '', /media_type: Input should be/);
    assert.match(anthropic({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: `data:image/png;base64,${png}` } }) ?? '', /not valid base64/);
    assert.match(openai(`data:image/png;base64,${gif}`) ?? '', /does not appear to be a image\/png/);
    assert.match(openai('https://example.com/a.png') ?? '', /base64-encoded data URL/);
    assert.match(
      geminiRequestProblem({ contents: [{ role: 'user', parts: [{ inlineData: { mimeType: 'image/webp', data: gif } }] }] }, new Set(), new Map()) ?? '',
      /Unable to process input image/,
    );
  });
});
