// Mentions and images through the extension's own Relay inside the real VS Code: `@problems` reads what the
// JSON language server really reported, `@terminal` what a real shell-integration command printed, and pasted
// images reach the scripted Anthropic, OpenAI (Chat Completions and Responses) servers in each wire format (the
// server decodes them and refuses bytes that are not the image type they claim). Messages go in as the webview
// sends them (a `sendMessage` intent); the assertions read the request bodies the scripted server recorded.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { RelayApi } from '../../../src/extension';
import type { Relay } from '../../../src/host/relay';
import type { AttachmentChip, ChatItem, ChatSnapshot } from '../../../src/shared/chat-model';
import { PathIndex } from '../../../src/shared/mentions/path-index';
import { rankMentions } from '../../../src/shared/mentions/rank';
import type { HostToWebview } from '../../../src/shared/protocol';
import type { RecordedRequest, ScriptedModelServer } from '../../support/scripted-model-server';
import { useChatSuite } from '../chat-suite';
import { waitFor } from '../helpers';

const SETTINGS = ['provider', 'model', 'baseUrl', 'textProtocol', 'approvalMode'] as const;
const FOLDER = 'mentions-it';
const TURN_MS = 15_000;
/** A 1×1 PNG and a 1×1 GIF, as a paste would carry them (base64, no data: prefix). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

type Json = Record<string, unknown>;

describe('mentions and images inside VS Code', () => {
  const suite = useChatSuite({
    settings: SETTINGS,
    initial: (server) => ({ approvalMode: 'default', textProtocol: false, provider: 'openai-compatible', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl }),
    keys: ['anthropic', 'openai'],
  });
  let api: RelayApi;
  let relay: Relay;
  let server: ScriptedModelServer;
  const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, FOLDER);
  const snapshot = (): ChatSnapshot => api.chat.snapshot;
  const userChips = (): AttachmentChip[] =>
    snapshot().items.filter((i): i is Extract<ChatItem, { kind: 'user' }> => i.kind === 'user').flatMap((i) => i.attachments ?? []);

  const setSettings = (values: Partial<Record<(typeof SETTINGS)[number], unknown>>) => suite.setSettings(values);

  /** Sends as the webview does and waits for the one-turn task to complete. */
  async function send(text: string, images?: { name: string; mediaType: 'image/png' | 'image/gif'; data: string }[], mentions?: string[]): Promise<RecordedRequest> {
    server.setScript([{ toolCalls: [{ id: 'call_done', name: 'attempt_completion', args: { result: 'Looked.' } }] }]);
    api.chat.submitIntent({ type: 'sendMessage', text, ...(images ? { images } : {}), ...(mentions ? { mentions } : {}) });
    await suite.taskStopped(`the task for "${text}" to stop`, TURN_MS);
    assert.equal(server.requests.length, 1, JSON.stringify(snapshot().items.filter((i) => i.kind === 'error')));
    const request = server.requests[0]!;
    assert.equal(request.outcome, 'completed', `the server accepted the request: ${JSON.stringify(request)}`.slice(0, 2000));
    return request;
  }

  /** Everything the first (only) user turn of a Chat Completions or Anthropic body carries, as text. */
  const firstUserText = (request: RecordedRequest): string => JSON.stringify(((request.body as Json).messages as Json[]).find((m) => m.role === 'user'));

  before(async () => {
    ({ api, relay, server } = suite);
    await vscode.workspace.fs.createDirectory(folder());
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(folder(), { recursive: true, useTrash: false }).then(undefined, () => undefined);
  });

  it('@problems attaches the diagnostics the JSON language server published, with their positions', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'broken.json');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('{\n  "name": "relay",\n  "tabs": 2,\n}\n'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    const [diagnostic] = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(uri);
      return found.length > 0 && found;
    }, 20_000, 'the JSON language server to report the trailing comma');
    assert.match(diagnostic!.message, /trailing comma/i);

    const request = await send('@problems fix these');
    const sent = firstUserText(request);
    const at = `${FOLDER}/broken.json:${diagnostic!.range.start.line + 1}:${diagnostic!.range.start.character + 1}`;
    assert.ok(sent.includes('<problems count='), sent.slice(0, 2000));
    assert.ok(sent.includes(at), `the model read ${at}: ${sent.slice(0, 2000)}`);
    assert.ok(sent.includes(diagnostic!.message), 'with the language server’s message');
    const chip = userChips().find((c) => c.kind === 'problems');
    assert.ok(chip && chip.tokens > 0 && !chip.error, JSON.stringify(userChips()));
  });

  it('@terminal attaches the last shell-integration command: its command line, output and exit code', async () => {
    const terminal = vscode.window.createTerminal({ name: 'Relay mentions test', cwd: folder() });
    try {
      terminal.show();
      const integration = await waitFor(() => terminal.shellIntegration, 30_000, 'shell integration in the new terminal');
      // VS Code listens for a command's output only once it has parsed the command's start: output in the same read
      // as that start sequence is never reported (see terminalAttachment). The short sleep makes the output a later read.
      const command = "sleep 0.3; printf 'relay-terminal-%s\\n' 42; sh -c 'exit 3'";
      integration.executeCommand(command);
      // The recorder keeps the command once it has ended and its output has been read: wait for that state.
      const attached = await waitFor(async () => {
        const built = await relay.mentions.attach('@terminal', []);
        const text = built.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
        return text.includes('relay-terminal-42') && text;
      }, 20_000, 'the recorder to hold the finished command');
      assert.ok(attached.includes('exit_code="3"'), attached);

      const request = await send('@terminal why did it exit with 3?');
      const sent = firstUserText(request);
      assert.ok(sent.includes('<terminal command=\\"sleep 0.3; printf'), sent.slice(0, 2000));
      assert.ok(sent.includes('relay-terminal-42'), 'the output');
      assert.ok(sent.includes('exit_code=\\"3\\"'), 'the exit code');
      assert.ok(!sent.includes('\\u001b'), 'no escape sequences');
      const chip = userChips().find((c) => c.kind === 'terminal');
      assert.ok(chip && chip.chars > 0 && !chip.error, JSON.stringify(userChips()));
    } finally {
      terminal.dispose();
    }
  });

  it('a list\'s first query brings the index once per generation and the ranking; a new file makes a new generation', async () => {
    const posted: HostToWebview[] = [];
    const post = api.chat.post;
    api.chat.post = (message: HostToWebview) => {
      posted.push(message);
      post.call(api.chat, message);
    };
    try {
      /** What the host posts for one query, up to its answer. */
      const ask = async (requestId: number, query: string, indexGeneration?: number) => {
        posted.length = 0;
        await relay.mentions.suggest(requestId, query, indexGeneration);
        return posted.filter((m) => m.type === 'mentionIndex' || m.type === 'mentionSuggestions');
      };
      const [index, answer] = await ask(1, 'mentions-it', 0);
      assert.equal(index?.type, 'mentionIndex', JSON.stringify(posted).slice(0, 500));
      assert.equal(answer?.type, 'mentionSuggestions');
      if (index?.type !== 'mentionIndex' || answer?.type !== 'mentionSuggestions') return;
      const paths = index.paths.split('\0');
      const nested = paths.find((p) => /.\/./.test(p) && !p.endsWith('/'));
      assert.ok(nested && paths.includes(nested.slice(0, nested.lastIndexOf('/') + 1)), `folders are in the index: ${paths.slice(0, 20).join(', ')}`);
      assert.equal(answer.ranking?.generation, index.generation);
      assert.ok(answer.ranking?.details.problems, 'with the keywords\' descriptions');
      // The webview ranks with the same code: its list for the query is the host's.
      const local = rankMentions('mentions-it', { index: new PathIndex(paths), openEditors: answer.ranking!.openEditors, details: answer.ranking!.details });
      assert.deepEqual(local, answer.items);

      const same = await ask(2, 'x', index.generation);
      assert.deepEqual(same.map((m) => m.type), ['mentionSuggestions'], 'the webview holds this generation: no index');
      assert.deepEqual((await ask(3, 'xy')).map((m) => m.type === 'mentionSuggestions' && m.ranking), [undefined], 'a later key of the list: no ranking');

      const created = vscode.Uri.joinPath(folder(), 'generation-probe.ts');
      // Asked once VS Code has reported the creation (to every watcher in this extension host, the index's too).
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder(), '*.ts'));
      const reported = new Promise<void>((resolve) => watcher.onDidCreate(() => resolve()));
      await vscode.workspace.fs.writeFile(created, new TextEncoder().encode('export {};\n'));
      await reported.finally(() => watcher.dispose());
      // Until the rebuild has listed the new file, a list's first answer brings no ranking: the webview would
      // rank that list's keys with the old paths (the new file missing).
      const next = await waitFor(async () => {
        const answer = await ask(4, 'genprobe', index.generation);
        const last = answer.at(-1);
        assert.ok(last?.type === 'mentionSuggestions');
        if (last.ranking) assert.ok(last.ranking.generation > index.generation, `a ranking of generation ${last.ranking.generation} after a file was created`);
        const [m] = answer;
        return m?.type === 'mentionIndex' && m;
      }, 20_000, 'a new generation with the created file');
      assert.ok(next.generation > index.generation);
      assert.ok(next.paths.split('\0').includes(`${FOLDER}/generation-probe.ts`));
      assert.ok(next.paths.split('\0').includes(`${FOLDER}/`), 'with its folder');
    } finally {
      api.chat.post = post;
    }
  });

  it('a pasted image reaches Anthropic as a base64 image block after the text', async () => {
    await relay.keys.set('anthropic', 'test-key');
    await setSettings({ provider: 'anthropic', model: 'claude-sonnet-5', baseUrl: server.url });
    const request = await send('What is in this picture?', [{ name: 'dot.png', mediaType: 'image/png', data: PNG }]);
    assert.equal(request.route, 'anthropic');
    const user = ((request.body as Json).messages as Json[])[0]!;
    const blocks = user.content as Json[];
    const image = blocks.findIndex((b) => b.type === 'image');
    // The last block of the message also carries the prompt-cache breakpoint; the image is the rest of it.
    const { cache_control: _breakpoint, ...block } = blocks[image]!;
    assert.deepEqual(block, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } });
    assert.ok(blocks.slice(0, image).some((b) => b.type === 'text' && String(b.text).includes('What is in this picture?')), JSON.stringify(blocks).slice(0, 2000));
    assert.deepEqual(userChips().map((c) => [c.kind, c.label, c.error ?? false]), [['image', 'dot.png', false]]);
  });

  it('a pasted image reaches OpenAI Chat Completions as an image_url data URL, and the Responses API as input_image', async () => {
    await relay.keys.set('openai', 'test-key');
    await setSettings({ provider: 'openai', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl });
    const chat = await send('Describe the image.', [{ name: 'dot.gif', mediaType: 'image/gif', data: GIF }]);
    assert.equal(chat.route, 'openai');
    const parts = (((chat.body as Json).messages as Json[]).find((m) => m.role === 'user' && Array.isArray(m.content))?.content ?? []) as Json[];
    assert.deepEqual(parts.at(-1), { type: 'image_url', image_url: { url: `data:image/gif;base64,${GIF}` } });
    assert.ok(parts.some((p) => p.type === 'text' && String(p.text).includes('Describe the image.')), JSON.stringify(parts).slice(0, 2000));

    server.reset();
    api.chat.submitIntent({ type: 'newTask' });
    await waitFor(() => !snapshot().task, 5_000, 'a new task');
    await setSettings({ model: 'gpt-5.4' });
    const responses = await send('And this one?', [{ name: 'dot.png', mediaType: 'image/png', data: PNG }]);
    assert.equal(responses.route, 'responses');
    const input = (responses.body as Json).input as Json[];
    const content = (input.find((i) => i.role === 'user' && Array.isArray(i.content))?.content ?? []) as Json[];
    assert.deepEqual(content.at(-1), { type: 'input_image', detail: 'auto', image_url: `data:image/png;base64,${PNG}` });
  });

  it('a model that takes no images is sent none, and the chip says why', async () => {
    await setSettings({ provider: 'openai-compatible', model: 'scripted-local-model', baseUrl: server.openaiBaseUrl });
    const request = await send('What is this?', [{ name: 'dot.png', mediaType: 'image/png', data: PNG }]);
    assert.ok(!JSON.stringify(request.body).includes(PNG), 'the image was not sent');
    const chip = userChips().find((c) => c.kind === 'image');
    assert.equal(chip?.error, true);
    assert.equal(chip?.note, 'the selected model does not take images');
  });

  it('symlinks: a workspace link to a file or folder outside is not attached by @, a drop or a chip preview; a link inside is', async () => {
    // Outside the workspace: a private key and a passwd-like file, each holding a marker that must never reach
    // the model. Inside: real.md, and links to it (relative and absolute) that work like the file.
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'relay-it-outside-')));
    const secret = `RELAY-LINKED-SECRET-${randomUUID()}`;
    const inside = `RELAY-INSIDE-CONTENT-${randomUUID()}`;
    const links = join(folder().fsPath, 'links');
    mkdirSync(join(outside, '.ssh'));
    writeFileSync(join(outside, '.ssh', 'id_ed25519'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${secret}-key\n-----END OPENSSH PRIVATE KEY-----\n`);
    writeFileSync(join(outside, 'passwd'), `root:x:0:0:${secret}-passwd:/root:/bin/bash\n`);
    mkdirSync(links, { recursive: true });
    writeFileSync(join(links, 'real.md'), `# ${inside}\n`);
    symlinkSync(join(outside, '.ssh', 'id_ed25519'), join(links, 'notes.md'));
    symlinkSync(join(outside, 'passwd'), join(links, 'x'));
    symlinkSync(join(outside, '.ssh'), join(links, 'keys'));
    symlinkSync('../links/notes.md', join(links, 'chain.md'));
    symlinkSync('real.md', join(links, 'alias.md'));
    symlinkSync(join(links, 'real.md'), join(links, 'absolute.md'));
    const posted: HostToWebview[] = [];
    const post = api.chat.post;
    api.chat.post = (message: HostToWebview) => {
      posted.push(message);
      post.call(api.chat, message);
    };
    const out = ['notes.md', 'x', 'keys/', 'keys/id_ed25519', 'chain.md'].map((p) => `${FOLDER}/links/${p}`);
    const ok = ['alias.md', 'absolute.md', 'real.md'].map((p) => `${FOLDER}/links/${p}`);
    try {
      // The chip's preview (what a picked or dropped mention shows before sending): no size for a link out.
      let requestId = 9_000;
      const preview = async (path: string) => {
        const id = ++requestId;
        api.chat.submitIntent({ type: 'previewMention', requestId: id, token: `@${path}` });
        const answer = await waitFor(() => posted.find((m) => m.type === 'mentionPreview' && m.requestId === id), 10_000, `the preview of ${path}`);
        assert.ok(answer.type === 'mentionPreview');
        return answer.chip;
      };
      for (const path of out) {
        const chip = await preview(path);
        assert.equal(chip?.error, true, `${path}: ${JSON.stringify(chip)}`);
        assert.match(chip?.note ?? '', /outside the workspace|asks/i, path);
      }
      for (const path of ok) {
        const chip = await preview(path);
        assert.ok(chip && !chip.error && chip.chars > inside.length, `${path}: ${JSON.stringify(chip)}`);
      }

      // Dropped from the Explorer: the links become mentions (the host's insertMentions), whose content stays out.
      posted.length = 0;
      const dropped = [...out, ...ok].map((p) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, p.replace(/\/$/, '')).toString());
      api.chat.submitIntent({ type: 'dropUris', uris: dropped });
      const inserted = await waitFor(() => posted.find((m) => m.type === 'insertMentions'), 10_000, 'the dropped links as mentions');
      assert.ok(inserted.type === 'insertMentions');
      const tokens = inserted.mentions.map((m) => m.token);
      assert.ok(tokens.length >= ok.length, JSON.stringify(tokens));

      // Sent: the dropped chips, and the same links typed after "@".
      const request = await send(`what do these say? ${out.map((p) => `@${p}`).join(' ')} @${FOLDER}/links/alias.md`, undefined, tokens);
      const body = JSON.stringify(request.body);
      assert.ok(!body.includes(secret), `no content of a link's target reached the model: ${body.slice(body.indexOf(secret) - 300, body.indexOf(secret) + 100)}`);
      assert.ok(!body.includes('BEGIN OPENSSH'), 'not even the key\'s header');
      assert.ok(body.includes(inside), 'a link inside the workspace is attached like its file');
      const chips = userChips();
      for (const path of out) {
        const chip = chips.find((c) => c.label.replace(/\/$/, '') === path.replace(/\/$/, ''));
        assert.equal(chip?.error, true, `${path}: ${JSON.stringify(chips)}`);
      }
      assert.ok(chips.some((c) => c.label === `${FOLDER}/links/alias.md` && !c.error), JSON.stringify(chips));
    } finally {
      api.chat.post = post;
      rmSync(links, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
