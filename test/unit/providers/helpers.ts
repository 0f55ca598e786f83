// Shared pieces for the provider tests: both wire formats behind one description, event collection, the
// reassembly of streamed tool calls, and an injected sleep that records instead of waiting.
import assert from 'node:assert/strict';
import type { ModelError, ModelStreamEvent } from '../../../src/core/model/events';
import { createProvider, type ProviderConfig } from '../../../src/core/model/factory';
import type { Timers } from '../../../src/core/model/idle-watchdog';
import type { AssistantPart, ChatMessage, ModelProvider, ModelRequest } from '../../../src/core/model/provider';
import { IncrementalJsonParser } from '../../../src/core/tools/incremental-json';
import type { ScriptedModelServer } from '../../support/scripted-model-server';

export const API_KEY = 'sk-relay-test-0123456789abcdef';

export interface Wire {
  name: 'anthropic' | 'openai';
  model: string;
  config(server: ScriptedModelServer, extra?: Partial<ProviderConfig>): ProviderConfig;
}

export const WIRES: readonly Wire[] = [
  {
    name: 'anthropic',
    model: 'claude-haiku-4-5',
    config: (server, extra = {}) => ({ provider: 'anthropic', model: 'claude-haiku-4-5', baseUrl: server.url, apiKey: API_KEY, ...extra }),
  },
  {
    name: 'openai',
    model: 'gpt-4.1',
    config: (server, extra = {}) => ({ provider: 'openai', model: 'gpt-4.1', baseUrl: server.openaiBaseUrl, apiKey: API_KEY, ...extra }),
  },
];

export interface RecordingSleep {
  delays: number[];
  sleep: (ms: number) => Promise<void>;
}

/** An injected sleep that records each delay and returns at once. */
export function recordingSleep(): RecordingSleep {
  const delays: number[] = [];
  return { delays, sleep: async (ms) => void delays.push(ms) };
}

/** Timers that never fire by themselves: `elapse()` fires what is armed, as if its time had passed. */
export function manualTimers(): { timers: Timers; elapse(): void } {
  const armed = new Map<number, () => void>();
  let next = 0;
  return {
    timers: {
      set: (callback) => (armed.set(++next, callback), next),
      clear: (handle) => void armed.delete(handle as number),
    },
    elapse: () => {
      const due = [...armed.values()];
      armed.clear();
      for (const callback of due) callback();
    },
  };
}

export function providerFor(
  wire: Wire,
  server: ScriptedModelServer,
  extra: Partial<ProviderConfig> = {},
  seams: { sleep?: RecordingSleep; timers?: Timers } = {},
): ModelProvider {
  return createProvider(wire.config(server, extra), {
    sleep: (seams.sleep ?? recordingSleep()).sleep,
    random: () => 0.5,
    now: () => Date.UTC(2025, 0, 1),
    ...(seams.timers ? { timers: seams.timers } : {}),
  });
}

export function userText(text: string): ChatMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

export function request(messages: ChatMessage[] = [userText('Hello')], extra: Partial<ModelRequest> = {}): ModelRequest {
  return {
    system: 'You are a careful coding agent.',
    messages,
    tools: [
      {
        name: 'read_file',
        description: 'Read a file in the workspace.',
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
      { name: 'list_files', description: 'List files.', inputSchema: { type: 'object', properties: {} } },
    ],
    ...extra,
  };
}

export async function collect(stream: AsyncIterable<ModelStreamEvent>): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

export function textOf(events: readonly ModelStreamEvent[]): string {
  return events.flatMap((e) => (e.type === 'text_delta' ? [e.text] : [])).join('');
}

export function lastEvent(events: readonly ModelStreamEvent[]): ModelStreamEvent {
  const last = events[events.length - 1];
  assert.ok(last, 'the stream emitted nothing');
  return last;
}

export function errorOf(events: readonly ModelStreamEvent[]): ModelError {
  const last = lastEvent(events);
  assert.equal(last.type, 'error', `expected the stream to end with an error, got ${JSON.stringify(last)}`);
  return (last as { error: ModelError }).error;
}

export interface ReassembledCall {
  callId: string;
  name: string;
  args: unknown;
  deltas: number;
  ended: boolean;
}

/** Rebuilds each tool call from its events, feeding the argument deltas through the runtime's JSON parser. */
export function reassembleCalls(events: readonly ModelStreamEvent[]): ReassembledCall[] {
  const calls = new Map<string, ReassembledCall & { parser: IncrementalJsonParser }>();
  for (const event of events) {
    if (event.type === 'tool_call_start') {
      assert.ok(!calls.has(event.callId), `call ${event.callId} started twice`);
      calls.set(event.callId, { callId: event.callId, name: event.name, args: undefined, deltas: 0, ended: false, parser: new IncrementalJsonParser() });
    } else if (event.type === 'tool_call_delta') {
      const call = calls.get(event.callId);
      assert.ok(call && !call.ended, `delta for a call that is not open: ${event.callId}`);
      call.parser.feed(event.argsDelta);
      call.deltas++;
    } else if (event.type === 'tool_call_end') {
      const call = calls.get(event.callId);
      assert.ok(call && !call.ended, `end for a call that is not open: ${event.callId}`);
      call.ended = true;
      call.args = call.parser.end();
    }
  }
  return [...calls.values()].map(({ parser: _parser, ...call }) => call);
}

/** The assistant message a finished turn adds to the history. */
export function assistantMessage(events: readonly ModelStreamEvent[]): ChatMessage {
  const content: AssistantPart[] = [];
  const text = textOf(events);
  if (text) content.push({ type: 'text', text });
  for (const call of reassembleCalls(events)) {
    content.push({ type: 'tool_call', callId: call.callId, name: call.name, args: call.args as Record<string, unknown> });
  }
  return { role: 'assistant', content };
}

/** Waits (by polling the event loop, not a clock) until a condition holds; fails after many turns. */
export async function eventually(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  assert.fail(`never happened: ${what}`);
}
