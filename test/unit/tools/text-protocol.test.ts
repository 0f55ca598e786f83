// Behaviour 27, second half: for models without native tools, calls are parsed from the model's text as it
// streams (the form describe-markdown.ts teaches) and become the same events a native provider emits.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { type TextProtocolEvent, TextToolCallParser } from '../../../src/core/tools';
import { harness, recordingTool, settle } from './fixtures';
import { pieceSizes, split } from './json-arbitraries';

interface ParsedCall {
  callId: string;
  name: string;
  args: string;
  ended: boolean;
}

/** Text outside calls, and each call with its argument text joined, however the events were cut. */
function collect(events: readonly TextProtocolEvent[]): { text: string; calls: ParsedCall[] } {
  let text = '';
  const calls: ParsedCall[] = [];
  const byId = new Map<string, ParsedCall>();
  for (const event of events) {
    if (event.type === 'text_delta') text += event.text;
    else if (event.type === 'tool_call_start') {
      assert.equal(byId.has(event.callId), false, `call ${event.callId} started twice`);
      const call = { callId: event.callId, name: event.name, args: '', ended: false };
      byId.set(event.callId, call);
      calls.push(call);
    } else {
      const call = byId.get(event.callId);
      assert.ok(call && !call.ended, `${event.type} for a call that is not open: ${event.callId}`);
      if (event.type === 'tool_call_delta') call.args += event.argsDelta;
      else call.ended = true;
    }
  }
  return { text, calls };
}

function parse(pieces: readonly string[]): { text: string; calls: ParsedCall[] } {
  const parser = new TextToolCallParser();
  const events = pieces.flatMap((piece) => parser.feed(piece));
  return collect([...events, ...parser.end()]);
}

const MESSAGE =
  'I will read the file first.\n' +
  '<tool_call name="read_file">{"path": "src/index.ts"}</tool_call>\n' +
  'Then write it: a < b and <b>bold</b> stay text.\n' +
  '<tool_call name=\'write_file\'>{"path": "a.ts", "content": "if (a < b) x = \\"</tool_call>\\";\\n"}</tool_call>' +
  '<tool_call name="list_files"/> done.';

const EXPECTED = {
  text: 'I will read the file first.\n\nThen write it: a < b and <b>bold</b> stay text.\n done.',
  calls: [
    { callId: 'text_call_1', name: 'read_file', args: '{"path": "src/index.ts"}', ended: true },
    { callId: 'text_call_2', name: 'write_file', args: '{"path": "a.ts", "content": "if (a < b) x = \\"</tool_call>\\";\\n"}', ended: true },
    { callId: 'text_call_3', name: 'list_files', args: '', ended: true },
  ],
};

describe('text protocol (models without native tools)', () => {
  test('[27] calls written in the text become start/delta/end events; the text around them is kept', () => {
    assert.deepEqual(parse([MESSAGE]), EXPECTED);
    assert.deepEqual(JSON.parse(EXPECTED.calls[1]!.args), { path: 'a.ts', content: 'if (a < b) x = "</tool_call>";\n' });
  });

  test('[27] cut at every single position, the message parses to the same calls and text', () => {
    for (let cut = 0; cut <= MESSAGE.length; cut++) {
      assert.deepEqual(parse([MESSAGE.slice(0, cut), MESSAGE.slice(cut)]), EXPECTED, `cut at ${cut}`);
    }
  });

  test('[27] streamed in random pieces of 1 to 8 characters, the message parses to the same calls and text', () => {
    fc.assert(
      fc.property(pieceSizes, (sizes) => {
        assert.deepEqual(parse(split(MESSAGE, sizes)), EXPECTED);
      }),
      { numRuns: 300 },
    );
  });

  test('[27] each event is emitted as soon as it is known: the call starts at its ">" and arguments flow before the end', () => {
    const parser = new TextToolCallParser();
    assert.deepEqual(parser.feed('Hi <tool_call name="read_file"'), [{ type: 'text_delta', text: 'Hi ' }]);
    assert.deepEqual(parser.feed('>{"pa'), [
      { type: 'tool_call_start', callId: 'text_call_1', name: 'read_file' },
      { type: 'tool_call_delta', callId: 'text_call_1', argsDelta: '{"pa' },
    ]);
    assert.deepEqual(parser.feed('th": "a"}</tool_'), [{ type: 'tool_call_delta', callId: 'text_call_1', argsDelta: 'th": "a"}' }]);
    assert.deepEqual(parser.feed('call>'), [{ type: 'tool_call_end', callId: 'text_call_1' }]);
  });

  test('[27] things that only look like a call stay text: other tags, a name-less tag, a tag that never closes', () => {
    for (const text of ['<tool_calls name="x">{}</tool_calls>', '<tool_call>{}</tool_call>', '<tool_call id="1">{}', '<tool', 'x <tool_call name="a"']) {
      assert.deepEqual(parse([text]), { text, calls: [] }, text);
    }
    const long = `<tool_call name="${'x'.repeat(300)}">`;
    assert.deepEqual(parse([long]), { text: long, calls: [] }, 'an over-long opening tag is released as text');
  });

  test('[27] a call cut off by the end of the stream ends there; its arguments are judged later by the JSON parser', () => {
    assert.deepEqual(parse(['<tool_call name="read_file">{"path": "a"}</tool_c']), {
      text: '',
      calls: [{ callId: 'text_call_1', name: 'read_file', args: '{"path": "a"}</tool_c', ended: true }],
    });
  });

  test('[27] calls parsed from streamed text run through the scheduler like native calls, partial runs included', async () => {
    const write = recordingTool({ name: 'write_file', kind: 'write', parameters: z.object({ path: z.string(), content: z.string() }) });
    const h = harness([write]);
    const stream = h.scheduler.createStream();
    const parser = new TextToolCallParser();
    let shown = '';
    const text = 'Writing now. <tool_call name="write_file">{"path": "a.ts", "content": "line 1\\nline 2"}</tool_call> Done.';
    for (const piece of split(text, [3, 5, 2, 7])) {
      for (const event of parser.feed(piece)) {
        if (event.type === 'text_delta') shown += event.text;
        else stream.handle(event);
      }
      await settle(1);
    }
    for (const event of parser.end()) stream.handle(event);
    const { outcomes } = await stream.finish();
    assert.equal(shown, 'Writing now.  Done.');
    assert.ok(write.executions.some((e) => e.isPartial), 'the tool showed the call while it streamed');
    const final = write.executions.filter((e) => !e.isPartial);
    assert.deepEqual(final.map((e) => e.params), [{ path: 'a.ts', content: 'line 1\nline 2' }]);
    assert.equal(outcomes[0]!.content, 'ok:write_file');
  });
});
