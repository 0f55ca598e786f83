// The context the model keeps, inside the real VS Code extension host: a long scripted task reads files until
// the history nears the model's window (a custom model from `relay.models`), and Relay condenses: the model is
// asked for the summary, the older turns are replaced by it, the latest turns go on verbatim with every
// tool_call still answered by its tool_result, and the chat shows a "Context condensed" item and the meter.
// When the summary call fails, the old tool outputs are shortened instead. Then web_fetch through the real tool
// path (the extension's tool host, permission rules and pinned fetcher) against a local page.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { CONDENSE_INSTRUCTION, SUMMARY_PREFIX, summaryMessageText } from '../../../src/core/agent/condense-prompt';
import { CONTEXT_NOTICE_PREFIX } from '../../../src/core/agent/context-budget';
import type { RelayApi } from '../../../src/extension';
import type { ChatItem, ChatSnapshot } from '../../../src/shared/chat-model';
import type { RecordedRequest, ScriptedModelServer } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { type ScriptedPrompter, waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode', 'models', 'permissions'] as const;
const FOLDER = 'context-it';
const MODEL = 'relay-tiny-window';
const MAX_OUTPUT = 1024;
const TURN_MS = 30_000;
/** Each file read costs about 7,500 tokens of history: the window is sized in these. */
const FILE_LINES = 300;

type Item<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;
type WireMessage = { role: string; content?: unknown; tool_calls?: { id: string }[]; tool_call_id?: string };

const estimate = (text: string) => Math.ceil(text.length / 4);
const messagesOf = (request: RecordedRequest) => (request.body as { messages: WireMessage[] }).messages;
const textOf = (message: WireMessage | undefined) =>
  typeof message?.content === 'string' ? message.content : JSON.stringify(message?.content ?? '');

function fileContent(name: string): string {
  return Array.from({ length: FILE_LINES }, (_, i) => `${name} line ${String(i + 1).padStart(3, '0')}: ${'lorem ipsum dolor sit amet '.repeat(3)}`).join('\n') + '\n';
}

describe('context: condensing a long task and web_fetch, inside VS Code', function () {
  this.timeout(120_000);
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ provider: 'openai-compatible', model: MODEL, baseUrl: server.openaiBaseUrl, textProtocol: false, approvalMode: 'default', permissions: [] }),
  });
  let api: RelayApi;
  let prompter: ScriptedPrompter;
  let server: ScriptedModelServer;
  const root = () => vscode.workspace.workspaceFolders![0]!.uri;
  const snapshot = (): ChatSnapshot => api.chat.snapshot;
  const items = <K extends ChatItem['kind']>(kind: K): Item<K>[] => snapshot().items.filter((i): i is Item<K> => i.kind === kind);
  /** Measured once from a probe task: the prompt's fixed part, the task message and one file read, in estimated tokens. */
  let sizes: { fixed: number; task: number; read: number };

  const setSettings = (values: Partial<Record<(typeof SETTINGS)[number], unknown>>) => suite.setSettings(values);

  /** A window whose condensing threshold (85% of what is left for the history) falls after `reads` file reads. */
  function windowFor(reads: number): number {
    const history = sizes.task + reads * sizes.read;
    return Math.ceil((history / 0.85 + MAX_OUTPUT + sizes.fixed) / 0.9);
  }

  const useWindow = (contextWindow: number) =>
    setSettings({ models: { [MODEL]: { contextWindow, maxOutputTokens: MAX_OUTPUT, supportsTools: true, inputPrice: 1, outputPrice: 2 } } });

  const taskStopped = (what: string) => suite.taskStopped(what, TURN_MS);

  const readCall = (n: number) => ({ id: `call_read_${n}`, name: 'read_file', args: { path: `${FOLDER}/part-${n}.txt` } });
  const taskText = (label: string) => `Read the ${label} parts of ${FOLDER} one after another, then summarise them.`;

  before(async () => {
    ({ api, prompter, server } = suite);
    for (let n = 0; n <= 5; n++) {
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(root(), FOLDER, `part-${n}.txt`), new TextEncoder().encode(fileContent(`part-${n}`)));
    }

    // The probe: one read with a window far too large to condense, to measure what the window must hold.
    await useWindow(1_000_000);
    api.chat.submitIntent({ type: 'newTask' });
    await waitFor(() => !snapshot().task && snapshot().items.length === 0, 5_000, 'an empty chat');
    server.setScript([{ toolCalls: [readCall(0)] }, { toolCalls: [{ id: 'call_probe_done', name: 'attempt_completion', args: { result: 'Probed.' } }] }]);
    api.chat.submitIntent({ type: 'sendMessage', text: taskText('probe') });
    await taskStopped('the probe task');
    assert.equal(server.requests.length, 2, 'the probe made two requests');
    const [first, second] = server.requests as [RecordedRequest, RecordedRequest];
    const body = first.body as { messages: WireMessage[]; tools: unknown[] };
    const system = body.messages.filter((m) => m.role === 'system').map(textOf).join('');
    const firstHistory = messagesOf(first).filter((m) => m.role !== 'system');
    const added = messagesOf(second).slice(messagesOf(first).length);
    sizes = {
      fixed: estimate(system) + estimate(JSON.stringify(body.tools)),
      task: firstHistory.reduce((sum, m) => sum + estimate(textOf(m)) + 8, 0),
      read: added.reduce((sum, m) => sum + estimate(textOf(m)) + estimate(JSON.stringify(m.tool_calls ?? '')) + 16, 0),
    };
    assert.ok(sizes.read > 6_000, `one read is ${sizes.read} tokens`);
  });

  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), FOLDER), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  it('condenses a long task near the window: summary asked for, older turns replaced, latest turns verbatim, card and meter shown', async () => {
    // Condensing is due once three reads are in the history (the threshold sits at two and a half).
    const window = windowFor(2.5);
    await useWindow(window);
    const summary = '## Goal\nRead the parts.\n\n## Decisions\nNone.\n\n## Files touched\ncontext-it/part-1.txt read.\n\n## Open items\nRead the rest.';
    server.setScript([
      { toolCalls: [readCall(1)], usage: { inputTokens: 9_000, outputTokens: 20 } },
      { toolCalls: [readCall(2)], usage: { inputTokens: 16_500, outputTokens: 20 } },
      { toolCalls: [readCall(3)], usage: { inputTokens: 24_000, outputTokens: 20 } },
      { text: summary, usage: { inputTokens: 20_000, outputTokens: 120 } },
      { toolCalls: [{ id: 'call_done_c', name: 'attempt_completion', args: { result: 'Read three parts.' } }], usage: { inputTokens: 17_000, outputTokens: 30 } },
    ]);
    api.chat.submitIntent({ type: 'sendMessage', text: taskText('first three') });
    await taskStopped('the long task to finish');

    assert.equal(server.requests.length, 5, `requests: ${server.requests.length}; sizes ${JSON.stringify(sizes)}, window ${window}`);
    const [r1, r2, r3, asked, next] = server.requests as RecordedRequest[];
    for (const r of [r1, r2, r3]) assert.ok(!textOf(messagesOf(r!).at(-1)).includes(CONDENSE_INSTRUCTION.slice(0, 60)), 'condensed too early');

    // The summary request: the older turns (the task and the first read) with the instruction at the end.
    const askedMessages = messagesOf(asked!);
    assert.ok(textOf(askedMessages.at(-1)).includes(CONDENSE_INSTRUCTION.slice(0, 60)), textOf(askedMessages.at(-1)).slice(0, 300));
    const askedText = JSON.stringify(askedMessages);
    assert.ok(askedText.includes('call_read_1'), 'the first read is summarised');
    assert.ok(!askedText.includes('call_read_2') && !askedText.includes('call_read_3'), 'the latest turns are not summarised');

    // The next request: the summary in place of the older turns, then the latest turns verbatim and whole.
    const history = messagesOf(next!).filter((m) => m.role !== 'system');
    assert.equal(history[0]?.role, 'user');
    assert.ok(textOf(history[0]).includes(summaryMessageText(summary).slice(0, 200)), textOf(history[0]).slice(0, 300));
    assert.ok(!JSON.stringify(history).includes('call_read_1'), 'the condensed read is gone');
    const calls = history.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
    const results = history.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
    assert.deepEqual(calls, ['call_read_2', 'call_read_3']);
    assert.deepEqual(results, calls, 'every tool_call keeps its tool_result');
    const kept = history.find((m) => m.tool_call_id === 'call_read_3');
    assert.ok(textOf(kept).includes('part-3 line 300'), 'the latest read is verbatim');

    // The chat: one auto "Context condensed" item with the summary and the tokens before and after.
    const condensed = items('condensed');
    assert.equal(condensed.length, 1, JSON.stringify(snapshot().items.map((i) => i.kind)));
    assert.equal(condensed[0]!.trigger, 'auto');
    assert.equal(condensed[0]!.summary, summary);
    assert.ok(condensed[0]!.tokensBefore > condensed[0]!.tokensAfter, JSON.stringify(condensed[0]));
    assert.deepEqual(items('error'), []);
    // The meter: the last request's reported input tokens against the window from `relay.models`.
    assert.deepEqual(snapshot().task?.context, { tokens: 17_000, window, rules: [] });
    assert.equal(snapshot().task?.usage?.inputTokens, 9_000 + 16_500 + 24_000 + 20_000 + 17_000, 'the summary call is counted too');
  });

  it('falls back to shortening old tool outputs when the summary call fails, and says so', async () => {
    // The threshold at two reads and a fifth: three reads are over the limit itself, not only near it.
    await useWindow(windowFor(2.2));
    server.setScript([
      { toolCalls: [readCall(1)] },
      { toolCalls: [readCall(2)] },
      { toolCalls: [readCall(3)] },
      { fault: { status: 400, body: { error: { message: 'summaries are switched off here', type: 'invalid_request_error' } } } },
      { toolCalls: [{ id: 'call_done_f', name: 'attempt_completion', args: { result: 'Read three parts.' } }] },
    ]);
    api.chat.submitIntent({ type: 'sendMessage', text: taskText('three short') });
    await taskStopped('the task to finish after the failed summary');

    assert.equal(server.requests.length, 5, `requests: ${server.requests.length}`);
    assert.equal(server.requests[3]!.outcome, 'error_status');
    const history = messagesOf(server.requests[4]!).filter((m) => m.role !== 'system');
    assert.ok(!textOf(history[0]).startsWith(SUMMARY_PREFIX), 'no summary was inserted');
    assert.ok(JSON.stringify(history).includes(CONTEXT_NOTICE_PREFIX), 'the model is told the history was shortened');
    const calls = history.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
    assert.deepEqual(history.filter((m) => m.role === 'tool').map((m) => m.tool_call_id), calls, 'every tool_call keeps its tool_result');
    const first = history.find((m) => m.tool_call_id === 'call_read_1');
    assert.ok(!first || !textOf(first).includes('part-1 line 300'), 'the oldest output was shortened or dropped');
    assert.ok(textOf(history.find((m) => m.tool_call_id === 'call_read_3')).includes('part-3 line 300'), 'the latest read is whole');

    assert.deepEqual(items('condensed'), []);
    const notices = items('notice').map((n) => n.text);
    assert.ok(notices.some((t) => /could not condense the conversation: .*summaries are switched off here/.test(t)), JSON.stringify(notices));
    assert.ok(notices.some((t) => /old tool outputs shortened: [1-9]/.test(t)), JSON.stringify(notices));
  });

  it('Relay: Condense Context condenses on demand between turns', async () => {
    await useWindow(1_000_000);
    server.setScript([
      { toolCalls: [readCall(4)] },
      { toolCalls: [readCall(5)] },
      { text: 'Both parts are read.', toolCalls: [{ id: 'call_done_m1', name: 'attempt_completion', args: { result: 'Read parts 4 and 5.' } }] },
    ]);
    api.chat.submitIntent({ type: 'sendMessage', text: taskText('last two') });
    await taskStopped('the first task');
    const summary = '## Goal\nRead parts 4 and 5.\n\n## Open items\nNone.';
    server.setScript([{ text: summary }]);
    await vscode.commands.executeCommand('relay.condenseContext');
    const condensed = await waitFor(() => items('condensed')[0], 10_000, 'the condensed item').catch((error: unknown) => {
      throw new Error(`${String(error)}; notices: ${JSON.stringify(items('notice').map((n) => n.text))}`);
    });
    assert.equal(condensed.trigger, 'manual');
    assert.equal(condensed.summary, summary);
    assert.equal(server.requests.length, 4);
    const asked = messagesOf(server.requests[3]!);
    assert.ok(textOf(asked.at(-1)).includes(CONDENSE_INSTRUCTION.slice(0, 60)));
    assert.ok(JSON.stringify(asked).includes('call_read_4') && !JSON.stringify(asked).includes('call_read_5'), 'the older turn is summarised, the latest kept');
  });

  describe('web_fetch through the real tool path', () => {
    let web: Server;
    let pageRequests: string[];
    let base: string;
    const article = `<!doctype html><html><head><title>Relay docs</title><script>alert(1)</script></head><body>
      <nav><a href="/">Home</a> | <a href="/about">About</a> | sign in</nav>
      <main><article><h1>Condensing in Relay</h1>
      <p>When the history nears the window, Relay asks the model for a <strong>structured summary</strong> and keeps the latest turns verbatim.</p>
      <p>${'The summary names the goal, the decisions, the files touched and the open items. '.repeat(6)}</p>
      <h2>Fallback</h2><p>If the summary call fails, old tool outputs are shortened instead.</p></article></main>
      <footer>Cookie banner and footer links</footer></body></html>`;

    before(async () => {
      pageRequests = [];
      web = createServer((req, res) => {
        pageRequests.push(req.url ?? '');
        if (req.url === '/moved') return void res.writeHead(302, { location: '/docs/condensing' }).end();
        if (req.url === '/docs/condensing') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article);
        res.writeHead(404).end('not found');
      });
      await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
      await useWindow(1_000_000);
    });

    after(async () => {
      await new Promise<void>((resolve) => web.close(() => resolve()));
    });

    const fetchScript = (id: string) => [
      { toolCalls: [{ id, name: 'web_fetch', args: { url: `${base}/moved` } }] },
      { toolCalls: [{ id: `${id}_done`, name: 'attempt_completion', args: { result: 'Fetched.' } }] },
    ];
    const toolResult = (request: RecordedRequest, id: string) => textOf(messagesOf(request).find((m) => m.tool_call_id === id));

    it('refuses a loopback address after DNS unless a rule names it, and says which rule would allow it', async () => {
      await setSettings({ permissions: [] });
      server.setScript(fetchScript('call_web_refused'));
      prompter.script({ type: 'allow-once' });
      api.chat.submitIntent({ type: 'sendMessage', text: `Read ${base}/moved` });
      await taskStopped('the refused fetch');
      assert.deepEqual(pageRequests, [], 'nothing reached the local server');
      const result = toolResult(server.requests[1]!, 'call_web_refused');
      assert.match(result, /127\.0\.0\.1, a private, loopback or link-local address/);
      assert.match(result, /"pattern": "127\.0\.0\.1"/);
    });

    it('with a rule for the address: follows the redirect and gives the model the article as Markdown, without the page chrome', async () => {
      await setSettings({ permissions: [{ tool: 'web_fetch', pattern: '127.0.0.1', action: 'allow', subject: 'domain' }] });
      server.setScript(fetchScript('call_web_ok'));
      api.chat.submitIntent({ type: 'sendMessage', text: `Read ${base}/moved` });
      await taskStopped('the allowed fetch');
      assert.equal(prompter.prompts.length, 0, 'the rule answered, no prompt');
      assert.deepEqual(pageRequests, ['/moved', '/docs/condensing']);
      const result = toolResult(server.requests[1]!, 'call_web_ok');
      assert.match(result, /# Condensing in Relay/);
      assert.match(result, /\*\*structured summary\*\*/);
      assert.match(result, /## Fallback/);
      assert.doesNotMatch(result, /alert\(1\)|Cookie banner|sign in/);
      const card = items('tool').find((i) => i.status.callId === 'call_web_ok');
      assert.equal(card?.status.state, 'success', JSON.stringify(card?.status));
    });
  });
});

