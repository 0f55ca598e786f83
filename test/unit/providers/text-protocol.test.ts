// The text-protocol wrapper for models without native tools: calls written in text become tool_call events,
// and history calls and results are written back as text. Over real HTTP through both wire formats.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import type { ChatMessage, ModelProvider } from '../../../src/core/model/provider';
import { renderToolCallText, toTextProtocolMessages } from '../../../src/core/model/text-protocol-history';
import { TextProtocolProvider } from '../../../src/core/model/text-protocol-provider';
import { TEXT_CALL_INSTRUCTIONS } from '../../../src/core/tools/describe-markdown';
import { TextToolCallParser } from '../../../src/core/tools/text-protocol';
import { startScriptedModelServer, type ScriptedModelServer } from '../../support/scripted-model-server';
import { collect, errorOf, lastEvent, manualTimers, providerFor, reassembleCalls, request, textOf, userText, WIRES } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading recorded wire JSON

const signal = () => new AbortController().signal;

const MODEL_TEXT = 'I will read the file first.\n<tool_call name="read_file">{"path": "src/a.ts"}</tool_call>\nThen list.\n<tool_call name="list_files">{}</tool_call>';

for (const wire of WIRES) {
  describe(`text protocol over ${wire.name}`, () => {
    let server: ScriptedModelServer;
    let provider: ModelProvider;
    before(async () => {
      server = await startScriptedModelServer();
      provider = providerFor(wire, server, { textProtocol: true });
    });
    after(() => server.close());

    test('announces no native tools and sends none', async () => {
      assert.ok(provider instanceof TextProtocolProvider);
      assert.equal(provider.model.supportsNativeTools, false);
      server.setScript([{ text: 'hello' }]);
      await collect(provider.stream(request(), signal()));
      assert.equal('tools' in (server.requests.at(-1)!.body as Json), false);
    });

    test('turns calls written in the text into tool_call events, tags split across chunks', async () => {
      server.setScript([{ text: MODEL_TEXT, chunkSize: 3 }]);
      const events = await collect(provider.stream(request(), signal()));
      assert.equal(textOf(events), 'I will read the file first.\n\nThen list.\n');
      assert.deepEqual(
        reassembleCalls(events).map((c) => [c.name, c.args, c.ended]),
        [
          ['read_file', { path: 'src/a.ts' }, true],
          ['list_files', {}, true],
        ],
      );
      assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'tool_use' });
      assert.ok(events.some((e) => e.type === 'usage'));
    });

    for (const cut of [5, 12, 20]) {
      test(`a reply restarted after ${cut} frames: the calls are read from the restarted text only`, async () => {
        server.setScript([{ text: MODEL_TEXT, chunkSize: 3, fault: { spliceAfterChunks: cut } }]);
        const events = await collect(provider.stream(request(), signal()));
        const restartAt = events.findIndex((e) => e.type === 'restart');
        assert.ok(restartAt >= 0, 'the restart is passed on');
        const reply = events.slice(restartAt + 1);
        assert.equal(textOf(reply), 'I will read the file first.\n\nThen list.\n');
        assert.deepEqual(
          reassembleCalls(reply).map((c) => [c.name, c.args, c.ended]),
          [
            ['read_file', { path: 'src/a.ts' }, true],
            ['list_files', {}, true],
          ],
        );
        assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'tool_use' });
      });
    }

    test('writes history calls and results back as text the model can read', async () => {
      server.setScript([{ text: 'done' }]);
      const history: ChatMessage[] = [
        userText('Read a.ts'),
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Reading.' },
            { type: 'tool_call', callId: 'text_call_x_1', name: 'read_file', args: { path: 'a.ts' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', callId: 'text_call_x_1', content: 'export const a = 1;' }] },
      ];
      await collect(provider.stream(request(history), signal()));
      const sent = server.requests.at(-1)!.body as Json;
      const texts = (wire.name === 'anthropic' ? sent.messages : sent.messages.slice(1)).map((m: Json) =>
        typeof m.content === 'string' ? m.content : m.content.map((b: Json) => b.text).join(''),
      );
      assert.deepEqual(texts, [
        'Read a.ts',
        'Reading.\n<tool_call name="read_file">{"path":"a.ts"}</tool_call>',
        '<tool_result name="read_file" call_id="text_call_x_1">\nexport const a = 1;\n</tool_result>',
      ]);
    });

    test('a call cut off by the token limit is not ended', async () => {
      server.setScript([{ text: 'Writing.\n<tool_call name="write_file">{"path": "a.ts", "content": "exp', stopReason: 'max_tokens' }]);
      const events = await collect(provider.stream(request(), signal()));
      const [call] = reassembleCalls(events);
      assert.equal(call!.name, 'write_file');
      assert.equal(call!.ended, false);
      assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'max_tokens' });
    });

    test('an unclosed call at a normal stop is ended (its JSON is judged downstream)', async () => {
      server.setScript([{ text: '<tool_call name="list_files">{}', stopReason: 'stop_sequence' }]);
      const events = await collect(provider.stream(request(), signal()));
      assert.deepEqual(reassembleCalls(events).map((c) => [c.name, c.args, c.ended]), [['list_files', {}, true]]);
      assert.deepEqual(lastEvent(events), { type: 'stop', reason: 'tool_use' });
    });

    test('a stream that breaks inside a written call is stream_broken, without an end', async () => {
      server.setScript([{ text: `<tool_call name="write_file">{"content": "${'y'.repeat(120)}"}</tool_call>`, chunkSize: 10, fault: { dropAfterChunks: 8 } }]);
      const events = await collect(provider.stream(request(), signal()));
      assert.equal(events.filter((e) => e.type === 'tool_call_end').length, 0);
      assert.equal(reassembleCalls(events)[0]!.name, 'write_file');
      assert.equal(errorOf(events).kind, 'stream_broken');
    });

    test('a stream that goes quiet inside a written call is stream_broken too', async () => {
      // Nine 4-character deltas: the whole tag and the start of the arguments (Anthropic sends 3 frames before them).
      const afterChunks = wire.name === 'anthropic' ? 12 : 10;
      server.setScript([{ text: '<tool_call name="read_file">{"path": "a', chunkSize: 4, fault: { stallMs: 30_000, afterChunks } }]);
      const clock = manualTimers();
      const quiet = providerFor(wire, server, { textProtocol: true, idleTimeoutMs: 5_000 }, { timers: clock.timers });
      const events: ModelStreamEvent[] = [];
      let ticker: ReturnType<typeof setInterval> | undefined;
      for await (const event of quiet.stream(request(), signal())) {
        events.push(event);
        // Once the call is under way, let idle time pass whenever the stream waits on the (stalled) server.
        if (event.type === 'tool_call_delta') ticker ??= setInterval(() => clock.elapse(), 1);
      }
      clearInterval(ticker);
      assert.equal(reassembleCalls(events)[0]!.ended, false);
      const error = errorOf(events);
      assert.equal(error.kind, 'stream_broken');
      assert.match(error.message, /no data/);
    });

    test('call ids stay unique across turns', async () => {
      server.setScript([{ text: '<tool_call name="list_files">{}</tool_call>' }, { text: '<tool_call name="list_files">{}</tool_call>' }]);
      const ids = async () => reassembleCalls(await collect(provider.stream(request(), signal()))).map((c) => c.callId);
      const [first] = await ids();
      const [second] = await ids();
      assert.ok(first && second && first !== second, `${first} vs ${second}`);
    });
  });
}

describe('text protocol history rendering', () => {
  test('renders a call in the form TEXT_CALL_INSTRUCTIONS teaches', () => {
    const rendered = renderToolCallText('read_file', { path: 'src/index.ts' });
    assert.equal(rendered, '<tool_call name="read_file">{"path":"src/index.ts"}</tool_call>');
    assert.ok(TEXT_CALL_INSTRUCTIONS.includes('<tool_call name="read_file">{"path": "src/index.ts"}</tool_call>'));
  });

  test('a rendered call parses back to the same name and arguments, whatever the arguments', () => {
    const args = fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 5 });
    fc.assert(
      fc.property(args, fc.integer({ min: 1, max: 20 }), (value, size) => {
        const text = renderToolCallText('edit_file', value);
        const parser = new TextToolCallParser();
        const events: ModelStreamEvent[] = [];
        for (let i = 0; i < text.length; i += size) events.push(...parser.feed(text.slice(i, i + size)));
        events.push(...parser.end());
        const calls = reassembleCalls(events);
        assert.equal(calls.length, 1);
        assert.equal(calls[0]!.name, 'edit_file');
        assert.deepEqual(calls[0]!.args, JSON.parse(JSON.stringify(value)));
        assert.equal(textOf(events), '');
      }),
    );
  });

  test('results name the tool and the call; errors say so; plain text is kept', () => {
    const messages = toTextProtocolMessages([
      userText('go'),
      { role: 'assistant', content: [{ type: 'tool_call', callId: 'c1', name: 'run_command', args: { command: 'npm test' } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', callId: 'c1', content: '1 failing', isError: true },
          { type: 'text', text: 'Please fix it.' },
        ],
      },
    ]);
    assert.deepEqual(messages, [
      userText('go'),
      { role: 'assistant', content: [{ type: 'text', text: '<tool_call name="run_command">{"command":"npm test"}</tool_call>' }] },
      userText('<tool_result name="run_command" call_id="c1" status="error">\n1 failing\n</tool_result>\nPlease fix it.'),
    ]);
  });
});
