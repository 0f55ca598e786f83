// The path a streamed tool call takes in the extension, for the tool-argument benchmark: a provider's events go
// through streamModelTurn (src/core/agent/model-turn.ts) into the scheduler's ToolCallStream, whose partial runs
// read the live value after each delta and hand it to the real write_file tool, whose card shows the content
// (10 updates a second, as in the extension). The peers' way runs the same turn and the same tool, but keeps the
// text and re-parses all of it with partial-json on every delta.
import { Allow, parse as partialParse } from 'partial-json';
import { streamModelTurn } from '../src/core/agent/model-turn';
import type { ModelStreamEvent } from '../src/core/model/events';
import type { ModelProvider } from '../src/core/model/provider';
import { type AnyTool, type ToolCallStream, type ToolContext, ToolManager, ToolRegistry, ToolScheduler } from '../src/core/tools';
import { createBuiltinToolFactories, WRITE_FILE } from '../src/tools';
import { createInMemoryHost } from '../test/support/in-memory-host';

const CALL_ID = 'call-1';
const logger = { warn: () => undefined };

export interface TurnRun {
  /** From the first event to the end of the turn. */
  ms: number;
  /** Partial runs of write_file: each read the value the parser had after a delta. */
  partialRuns: number;
  /** Card updates that reached the UI channel (write_file throttles them). */
  cardUpdates: number;
}

/** A provider that streams one write_file call in the given argument deltas. */
function provider(deltas: readonly string[]): ModelProvider {
  return {
    id: 'bench',
    model: { id: 'bench', label: 'bench', contextWindow: 200_000, maxOutputTokens: 64_000, supportsNativeTools: true },
    async *stream(): AsyncIterable<ModelStreamEvent> {
      yield { type: 'tool_call_start', callId: CALL_ID, name: WRITE_FILE };
      for (const argsDelta of deltas) yield { type: 'tool_call_delta', callId: CALL_ID, argsDelta };
      yield { type: 'tool_call_end', callId: CALL_ID };
      yield { type: 'stop', reason: 'tool_use' };
    },
  };
}

/** The real write_file tool on an in-memory workspace, counting its partial runs. */
function writeFile(counts: { partialRuns: number }) {
  const host = createInMemoryHost();
  const entry = createBuiltinToolFactories(host.services).find((t) => t.name === WRITE_FILE)!;
  const create = (): AnyTool => {
    const tool = entry.factory({ taskId: 'bench', callId: CALL_ID });
    const execute = tool.execute.bind(tool);
    tool.execute = (params, ctx, isPartial) => {
      if (isPartial) counts.partialRuns++;
      return execute(params, ctx, isPartial);
    };
    return tool;
  };
  return { host, create };
}

async function runTurn(deltas: readonly string[], stream: Pick<ToolCallStream, 'handle'>): Promise<number> {
  const listener = { onText: () => undefined, onToolCallStart: () => undefined };
  const t0 = performance.now();
  // streamModelTurn only ever calls handle(): the peers' stream stands in for ToolCallStream there.
  const turn = await streamModelTurn(provider(deltas), { system: '', messages: [], tools: [] }, new AbortController().signal, stream as ToolCallStream, listener);
  const ms = performance.now() - t0;
  if (turn.error) throw new Error(`the turn failed: ${turn.error.message}`);
  return ms;
}

/**
 * Ours, as the extension runs it. With `finish`, the call then runs for real (validated, approved, written to the
 * in-memory workspace) outside the timing, and the written file is returned as the check of the final value.
 */
export async function runOurs(deltas: readonly string[], finish = false): Promise<TurnRun & { written?: string }> {
  const counts = { partialRuns: 0 };
  const tool = writeFile(counts);
  const registry = new ToolRegistry();
  registry.registerFactory(WRITE_FILE, tool.create);
  const scheduler = new ToolScheduler({ logger, manager: new ToolManager({ registry, taskId: 'bench', logger }) });
  let cardUpdates = 0;
  scheduler.onDidChangeStatus((status) => {
    if (status.partial) cardUpdates++;
  });
  const stream = scheduler.createStream();
  const ms = await runTurn(deltas, stream);
  const run = { ms, partialRuns: counts.partialRuns, cardUpdates };
  if (!finish) return run;
  const { outcomes } = await stream.finish();
  if (outcomes[0]?.state !== 'success') throw new Error(`write_file did not succeed: ${JSON.stringify(outcomes[0]?.content)}`);
  return { ...run, written: tool.host.files.read('src/generated/parsers.ts') };
}

/** The peers' way: all the text so far re-parsed on every delta, the value handed to the same card. */
class PeerToolStream {
  private text = '';
  value: unknown;
  constructor(
    private readonly tool: AnyTool,
    private readonly ctx: ToolContext,
  ) {}

  handle(event: ModelStreamEvent): boolean {
    if (event.type !== 'tool_call_delta') return event.type === 'tool_call_start' || event.type === 'tool_call_end';
    this.text += event.argsDelta;
    this.value = partialParse(this.text, Allow.ALL);
    if (this.value !== null && typeof this.value === 'object') void this.tool.execute(this.value, this.ctx, true);
    return true;
  }
}

export async function runPeers(deltas: readonly string[]): Promise<TurnRun & { final: unknown }> {
  const counts = { partialRuns: 0 };
  let cardUpdates = 0;
  const ctx: ToolContext = {
    callId: CALL_ID,
    taskId: 'bench',
    signal: new AbortController().signal,
    log: logger,
    setToolResult: () => undefined,
    sendToolStatus: () => void cardUpdates++,
    completeTask: () => undefined,
  };
  const stream = new PeerToolStream(writeFile(counts).create(), ctx);
  const ms = await runTurn(deltas, stream);
  return { ms, partialRuns: counts.partialRuns, cardUpdates, final: stream.value };
}
