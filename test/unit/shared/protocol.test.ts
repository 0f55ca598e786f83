import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROTOCOL_VERSION } from '../../../src/shared/protocol';
import { MAX_MESSAGE_CHARS, MAX_URL_CHARS, parseWebviewMessage } from '../../../src/shared/protocol-schema';
import type { WebviewToHost } from '../../../src/shared/protocol';

/** One of each message the webview may send. */
const WELL_FORMED: WebviewToHost[] = [
  { type: 'ready', protocolVersion: PROTOCOL_VERSION },
  { type: 'sendMessage', text: 'Fix the build' },
  { type: 'sendMessage', text: 'Fix this', mentions: ['@src/app.ts', '@"my notes.md:3-5"', '@problems'] },
  { type: 'cancelTask' },
  { type: 'newTask' },
  { type: 'retry', itemId: 'err-1' },
  { type: 'openDiff', callId: 'toolu_01' },
  { type: 'openLink', url: 'https://example.com' },
  { type: 'setMode', mode: 'auto-edit' },
  { type: 'selectModel' },
  { type: 'answerQuestion', callId: 'toolu_02', answer: 'SQLite' },
  { type: 'answerQuestion', callId: 'toolu_02', answer: '' },
  { type: 'listHistory' },
  { type: 'openTask', id: 'task-1' },
  { type: 'resumeTask', id: 'task-1' },
  { type: 'deleteTask', id: 'task-1' },
  { type: 'copyText', text: 'const x = 1;' },
  { type: 'sendMessage', text: 'What is this?', images: [{ name: 'shot.png', mediaType: 'image/png', data: 'iVBORw0KGgo=' }] },
  { type: 'mentionQuery', requestId: 3, query: 'src/ap' },
  { type: 'mentionQuery', requestId: 4, query: '', indexGeneration: 0 },
  { type: 'previewMention', requestId: 4, token: '@src/app.ts' },
  { type: 'dropUris', uris: ['file:///w/src/app.ts'] },
  { type: 'stopProcess', processId: 'p1' },
  { type: 'openProcessUrl', processId: 'p1', url: 'http://127.0.0.1:5173/' },
  { type: 'openProcessUrl', processId: 'p1', url: 'http://127.0.0.1:5173/', external: true },
];

describe('webview → host protocol validation', () => {
  it('accepts every well-formed message', () => {
    for (const raw of WELL_FORMED) {
      const parsed = parseWebviewMessage(raw);
      assert.ok(parsed.ok, JSON.stringify(raw));
      assert.deepEqual(parsed.message, raw);
    }
  });

  it('rejects unknown types, missing fields, extra fields and non-objects', () => {
    const bad: unknown[] = [
      { type: 'runShell', command: 'rm -rf /' },
      { type: 'ready' },
      { type: 'ready', protocolVersion: 1.5 },
      { type: 'cancelTask', extra: true },
      { type: 'sendMessage', text: '' },
      { type: 'sendMessage', text: 'x', images: [{ name: 'a.bmp', mediaType: 'image/bmp', data: 'AAAA' }] },
      { type: 'sendMessage', text: 'x', images: [{ name: 'a.png', mediaType: 'image/png', data: 'not base64!' }] },
      { type: 'mentionQuery', requestId: -1, query: 'a' },
      { type: 'mentionQuery', requestId: 1, query: 'x'.repeat(501) },
      { type: 'mentionQuery', requestId: 1, query: 'a', indexGeneration: -1 },
      { type: 'mentionQuery', requestId: 1, query: 'a', indexGeneration: 1.5 },
      { type: 'dropUris', uris: [] },
      { type: 'sendMessage', text: 'x'.repeat(MAX_MESSAGE_CHARS + 1) },
      { type: 'sendMessage', text: 'x', mentions: ['src/app.ts'] },
      { type: 'sendMessage', text: 'x', mentions: ['@a\n@b'] },
      { type: 'sendMessage', text: 'x', mentions: Array.from({ length: 21 }, (_, i) => `@f${i}`) },
      { type: 'sendMessage', text: 42 },
      { type: 'retry', itemId: '' },
      { type: 'retry', itemId: 'x'.repeat(201) },
      { type: 'openDiff' },
      { type: 'openLink', url: 'x'.repeat(2_049) },
      { type: 'setMode', mode: 'root' },
      { type: 'answerQuestion', callId: 'c' },
      { type: 'answerQuestion', callId: 'c', answer: 'x'.repeat(10_001) },
      { type: 'openTask', id: 'a', extra: 1 },
      { type: 'deleteTask', taskId: 'a' },
      { type: 'selectModel', model: 'gpt' },
      'ready',
      null,
      42,
    ];
    bad.push(
      { type: 'stopProcess' },
      { type: 'stopProcess', processId: '' },
      { type: 'stopProcess', processId: 'p1', pid: 1 },
      { type: 'openProcessUrl', processId: 'p1' },
      { type: 'openProcessUrl', processId: 'p1', url: 'x'.repeat(MAX_URL_CHARS + 1) },
      { type: 'openProcessUrl', processId: 'p1', url: 'http://a/', external: 'yes' },
    );
    for (const raw of bad) assert.equal(parseWebviewMessage(raw).ok, false, JSON.stringify(raw));
  });

  it('names the offending field without echoing the payload', () => {
    const secret = 'sk-should-never-be-logged';
    const parsed = parseWebviewMessage({ type: 'ready', protocolVersion: secret });
    assert.equal(parsed.ok, false);
    if (!parsed.ok) {
      assert.match(parsed.error, /protocolVersion/);
      assert.ok(!parsed.error.includes(secret));
    }
  });
});
