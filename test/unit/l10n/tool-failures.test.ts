// A tool's failure under a pseudo-locale (every localised letter becomes "ж"): real built-in tools and the
// runtime's own refusals (unknown tool, bad JSON, bad arguments, timeout, cancellation) run through the
// ToolManager and the scheduler. The card's error must hold no English word of ours, only the values passed in
// (paths, tool names, sizes, another program's words); what the model reads must be the same English as without
// the pseudo-locale.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { formatMessage, setLocalizer } from '../../../src/core/l10n';
import { asText } from '../../../src/core/tools/model-results';
import { applyAnswer } from '../../../src/core/permissions/answers';
import { type ReviewVerdict, type ToolCallRequest, type ToolCallStatus, ToolManager, ToolRegistry, ToolScheduler } from '../../../src/core/tools';
import { createBuiltinToolFactories } from '../../../src/tools';
import { createInMemoryHost } from '../../support/in-memory-host';
import { ToolHarness } from '../builtin-tools/harness';
import { policyFor, WORKSPACE } from '../permissions/fixtures';
import { recordingTool, RecordingLogger } from '../tools/fixtures';

const pseudo = (message: string, ...args: (string | number | boolean)[]) => formatMessage(message.replace(/[A-Za-z]/g, 'ж'), args);
const english = (message: string, ...args: (string | number | boolean)[]) => formatMessage(message, args);
after(() => setLocalizer(english));

interface Run {
  model: string;
  card: string;
  state: ToolCallStatus['status'];
}

/** One call through a fresh manager and scheduler over an in-memory workspace, under `localize`. */
async function run(localize: typeof english, request: ToolCallRequest, options: { cancel?: boolean } = {}): Promise<Run> {
  setLocalizer(localize);
  const host = createInMemoryHost({ files: { 'src/app.ts': 'export const answer = 42;\n', 'notes.txt': 'hello\n' } });
  const registry = new ToolRegistry();
  for (const entry of createBuiltinToolFactories(host.services)) registry.registerFactory(entry.name, entry.factory);
  const hang = recordingTool({ name: 'hang', timeoutMs: 10, run: () => new Promise<void>(() => {}) });
  registry.registerFactory('hang', hang.factory);
  const logger = new RecordingLogger();
  const scheduler = new ToolScheduler({ logger, manager: new ToolManager({ registry, taskId: 'task-1', logger }), abortGraceMs: 5 });
  const statuses: ToolCallStatus[] = [];
  scheduler.onDidChangeStatus((s) => {
    statuses.push(s);
    if (options.cancel && s.status === 'DOING') scheduler.cancelCall(s.callId);
  });
  const { outcomes } = await scheduler.runCalls([request]);
  const last = statuses[statuses.length - 1]!;
  return { model: asText(outcomes[0]!.content), card: last.error ?? '', state: last.status };
}

/** Words of others the card may quote as they came: values, not sentences of ours. */
const VALUES = ['src/app.ts', 'notes.txt', 'missing.txt', 'src', 'read_file', 'list_files', 'write_file', 'edit_file', 'apply_patch', 'web_fetch', 'find_files', 'reed_file', 'hang', 'example.com', 'HTTP', 'JSON'];

function assertLocalised(card: string, what: string, quoted: readonly string[] = []): void {
  assert.ok(card.includes('ж'), `${what}: the card's error went through l10n (${card})`);
  let rest = card;
  for (const value of [...quoted, ...VALUES].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  assert.deepEqual(rest.match(/[A-Za-z]{2,}/g) ?? [], [], `${what}: English left on the card: "${card}"`);
}

const CASES: { what: string; request: ToolCallRequest; model?: string | RegExp; quoted?: (model: string) => string[]; cancel?: boolean }[] = [
  { what: 'read_file of a missing file', request: { callId: 'c', name: 'read_file', arguments: { path: 'missing.txt' } }, model: 'File not found: missing.txt.' },
  {
    what: 'read_file of a directory',
    request: { callId: 'c', name: 'read_file', arguments: { path: 'src' } },
    model: 'src is a directory, not a file. Use list_files to see what it contains.',
  },
  {
    what: 'read_file past the end',
    request: { callId: 'c', name: 'read_file', arguments: { path: 'notes.txt', offset: 9 } },
    model: 'offset 9 is past the end of notes.txt, which has 1 lines.',
  },
  {
    what: 'list_files of a file',
    request: { callId: 'c', name: 'list_files', arguments: { path: 'notes.txt' } },
    model: 'notes.txt is a file, not a directory. Use read_file to read it.',
  },
  {
    what: 'write_file with the same content',
    request: { callId: 'c', name: 'write_file', arguments: { path: 'notes.txt', content: 'hello\n' } },
    model: /^write_file failed: notes\.txt already has exactly this content; nothing to write\./,
  },
  {
    what: 'edit_file whose old text is not there',
    request: { callId: 'c', name: 'edit_file', arguments: { path: 'src/app.ts', edits: [{ old_text: 'const question = 41;', new_text: 'x' }] } },
    model: /^edit_file failed: src\/app\.ts was not changed\. /,
  },
  {
    what: 'apply_patch that does not parse',
    request: { callId: 'c', name: 'apply_patch', arguments: { patch: 'not a patch' } },
    model: /^apply_patch failed: The patch could not be parsed: line 1: /,
  },
  {
    what: 'web_fetch of a page that answers 404',
    request: { callId: 'c', name: 'web_fetch', arguments: { url: 'https://example.com/gone' } },
    model: /^https:\/\/example\.com\/gone answered HTTP 404 Not Found\./,
  },
  {
    what: 'find_files with a pattern outside the directory',
    request: { callId: 'c', name: 'find_files', arguments: { pattern: '/elsewhere/*.ts' } },
    model: /^The pattern "\/elsewhere\/\*\.ts" is outside the directory searched/,
    quoted: () => ['/elsewhere/*.ts'],
  },
  { what: 'an unknown tool', request: { callId: 'c', name: 'reed_file', arguments: {} }, model: /^Tool "reed_file" not found\. Did you mean one of: read_file/ },
  {
    what: 'arguments that are not JSON',
    request: { callId: 'c', name: 'read_file', arguments: '{"path": ' },
    model: /^The arguments of read_file are not valid JSON: /,
    // The parser's own words, quoted as they came.
    quoted: (model) => [/not valid JSON: (.*)\. Call read_file/.exec(model)![1]!],
  },
  {
    what: 'arguments that fail validation',
    request: { callId: 'c', name: 'read_file', arguments: { path: 3 } },
    model: /^Invalid arguments for read_file:\n- path: /,
    // zod's issue text, quoted as it came.
    quoted: (model) => [/- path: (.*)/.exec(model)![1]!, 'path'],
  },
  // Paths the OS would read otherwise, refused before any file is touched (src/core/permissions/path-*.ts).
  ...[
    { path: '~/notes.txt', model: /The path "~\/notes\.txt" uses ~ for the home folder\. Relay tools take paths literally/ },
    { path: '$HOME/notes.txt', model: /contains a \$VARIABLE \(\$HOME\)\./ },
    { path: 'C:\\work\\notes.txt', model: /starts with a Windows drive letter, but this system is not Windows/ },
    { path: 'file://server/notes.txt', model: /is a file URI that names another machine \("server"\)/ },
    { path: 'https://example.com/notes.txt', model: /is a https: URI, not a file path/ },
    { path: 'notes\u200b.txt', model: /invisible or text-direction character at character 6/ },
  ].map(({ path, model }) => ({
    what: `read_file of ${JSON.stringify(path)}`,
    request: { callId: 'c', name: 'read_file', arguments: { path } } as ToolCallRequest,
    model,
    quoted: () => [path, JSON.stringify(path), '"notes\\u{200B}.txt"', 'server', 'https', 'HOME'],
  })),
  { what: 'a call that times out', request: { callId: 'c', name: 'hang', arguments: { path: 'a' } }, model: 'hang timed out after 10 ms and was stopped. If it needs longer, split the work or use a faster approach.' },
  { what: 'a call cancelled from its card', request: { callId: 'c', name: 'hang', arguments: { path: 'a' } }, cancel: true, model: 'The call was cancelled while running (Cancelled by the user).' },
];

describe('tool failures: the card in the display language, the model in English', () => {
  for (const c of CASES) {
    test(c.what, async () => {
      const options = c.cancel ? { cancel: true } : {};
      const plain = await run(english, c.request, options);
      const localised = await run(pseudo, c.request, options);
      assert.equal(localised.state, c.cancel ? 'CANCELLED' : 'ERROR');
      assert.equal(localised.model, plain.model, 'the model reads the same English whatever the display language');
      if (typeof c.model === 'string') assert.equal(localised.model, c.model);
      else if (c.model) assert.match(localised.model, c.model);
      assertLocalised(localised.card, c.what, c.quoted?.(localised.model));
    });
  }
});

describe('a diff review that rejected every change: the denial on the card in the display language', () => {
  test('the verdict carries both channels, and the answer keeps them apart', async () => {
    setLocalizer(pseudo);
    const h = new ToolHarness({ files: { 'a.ts': 'const x = 1;\n' } });
    let verdict: ReviewVerdict | undefined;
    await h.call('edit_file', { path: 'a.ts', edits: [{ old_text: 'const x = 1;', new_text: 'const x = 2;' }] }, {
      approve: async (prep) => {
        const pending = prep!.diff!.review!(new AbortController().signal);
        await new Promise((r) => setImmediate(r)); // the diff editor is open
        h.host.reviewer.open[0]!.reject(0, [0], 'not now');
        verdict = await pending;
      },
    });
    assert.equal(verdict?.decision, 'deny');
    if (verdict?.decision !== 'deny') return;
    assert.equal(verdict.reason, 'rejected every change in the diff editor: a.ts (line 1). Nothing was changed. The user\'s reason: not now');
    const ask = await policyFor('default').evaluate({ toolName: 'edit_file', kind: 'write', targets: { paths: [`${WORKSPACE}/a.ts`] } });
    const denied = applyAnswer(ask, { type: 'deny-with-reason', reason: verdict.reason, ...(verdict.uiReason ? { uiReason: verdict.uiReason } : {}) });
    assert.equal(denied.messageForModel, `The user denied this call: ${verdict.reason}`);
    assertLocalised(denied.uiReason, 'rejected in the diff editor', ['a.ts', 'not now']);
  });
});
