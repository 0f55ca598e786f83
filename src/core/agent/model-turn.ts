// One model turn: streams the provider, hands tool-call events to the scheduler's ToolCallStream as they arrive
// (so partial executions update the cards while arguments stream), passes text on for the chat, and returns
// what the turn produced. It never runs the final calls: the loop decides that, once it knows how the turn ended.
import type { ModelError, ModelStreamEvent, StopReason, Usage } from '../model/events';
import { l10n } from '../l10n';
import type { ModelProvider, ModelRequest, ReasoningPart } from '../model/provider';
import type { ToolCallStream } from '../tools';
import { TurnUsage } from './usage';
import { untilAborted } from '../model/until-aborted';

/** A tool call as it arrived: `ended` is false when its arguments never completed (no tool_call_end). */
export interface StreamedCall {
  callId: string;
  name: string;
  argsText: string;
  ended: boolean;
  /** Gemini's thought signature for the call, sent back with it. */
  signature?: string;
}

export interface StreamedTurn {
  text: string;
  /** The model's reasoning blocks as its API wants them back, in the order they came. */
  reasoning: ReasoningPart[];
  /** In the order the calls started. */
  calls: StreamedCall[];
  /**
   * Calls of a reply the stream restarted (see the model `restart` event). They never run and never enter the
   * history; the caller settles their cards. Listed so that nothing the scheduler saw is left unanswered.
   */
  superseded: StreamedCall[];
  usage?: Usage;
  stop?: StopReason;
  /** Set when the stream failed (not when the user cancelled: see `aborted`). */
  error?: ModelError;
  /** The task signal aborted while the model streamed. */
  aborted: boolean;
}

export interface TurnListener {
  onText(text: string): void;
  /** Reasoning to show as it streams (never part of the answer's text). */
  onThinking?(text: string): void;
  onToolCallStart(callId: string, name: string): void;
  /** The reply restarted: the text so far and these calls are superseded (they are also in `superseded`). */
  onRestart?(superseded: readonly StreamedCall[]): void;
}

export async function streamModelTurn(
  provider: ModelProvider,
  request: ModelRequest,
  signal: AbortSignal,
  toolStream: ToolCallStream,
  listener: TurnListener,
): Promise<StreamedTurn> {
  const turn: StreamedTurn = { text: '', reasoning: [], calls: [], superseded: [], aborted: false };
  const calls = new Map<string, StreamedCall>();
  let usage = new TurnUsage();
  /** Usage of superseded replies: the server produced those tokens too. */
  const supersededUsage: Usage[] = [];
  /** Call ids the tool stream already knows; a restarted reply that reuses one gets a fresh id. */
  const usedIds = new Set<string>();
  const renamed = new Map<string, string>();
  let restarts = 0;
  try {
    // A provider should end promptly on abort; racing it means a stuck one cannot hold the task hostage.
    for await (const event of untilAborted(provider.stream(request, signal), signal)) {
      if (event.type === 'error') {
        turn.error = event.error;
        break;
      }
      handle(event);
    }
  } catch (error) {
    // The contract says providers never throw; if one does, it is a failed turn, not a crashed task.
    turn.error = { kind: 'unknown', message: l10n.t('The model provider failed: {0}', messageOf(error)), retryable: true };
  }

  if (signal.aborted) {
    turn.aborted = true;
    delete turn.error;
  } else if (!turn.error && !turn.stop) {
    turn.error = { kind: 'stream_broken', message: l10n.t('The model stream ended before the model finished its reply.'), retryable: true };
  }
  turn.calls = [...calls.values()];
  const total = [...supersededUsage, ...(usage.value ? [usage.value] : [])];
  if (total.length > 0) turn.usage = total.reduce(sumUsage);
  return turn;

  function restart(): void {
    restarts++;
    const superseded = [...calls.values()];
    turn.superseded.push(...superseded);
    calls.clear();
    renamed.clear();
    turn.text = '';
    turn.reasoning = [];
    delete turn.stop;
    if (usage.value) supersededUsage.push(usage.value);
    usage = new TurnUsage();
    listener.onRestart?.(superseded);
  }

  /** Ids as the tool stream sees them: unique across restarts of this turn. */
  function callIdOf(wireId: string, starting: boolean): string {
    if (!starting) return renamed.get(wireId) ?? wireId;
    if (!usedIds.has(wireId)) {
      usedIds.add(wireId);
      return wireId;
    }
    if (calls.has(wireId) || calls.has(renamed.get(wireId) ?? '')) return renamed.get(wireId) ?? wireId; // a repeated start
    const fresh = `${wireId}_r${restarts}`;
    renamed.set(wireId, fresh);
    usedIds.add(fresh);
    return fresh;
  }

  function handle(wire: ModelStreamEvent): void {
    if (wire.type === 'restart') return restart();
    const event =
      wire.type === 'tool_call_start' || wire.type === 'tool_call_delta' || wire.type === 'tool_call_end'
        ? { ...wire, callId: callIdOf(wire.callId, wire.type === 'tool_call_start') }
        : wire;
    switch (event.type) {
      case 'text_delta':
        if (event.text === '') return;
        turn.text += event.text;
        listener.onText(event.text);
        return;
      case 'tool_call_start':
        if (calls.has(event.callId)) break; // a repeated start; the stream ignores it too
        calls.set(event.callId, {
          callId: event.callId,
          name: event.name,
          argsText: '',
          ended: false,
          ...(event.signature ? { signature: event.signature } : {}),
        });
        listener.onToolCallStart(event.callId, event.name);
        break;
      case 'tool_call_delta': {
        const call = calls.get(event.callId);
        if (call && !call.ended) call.argsText += event.argsDelta;
        break;
      }
      case 'tool_call_end': {
        const call = calls.get(event.callId);
        if (call) call.ended = true;
        break;
      }
      case 'usage':
        usage.add(event.usage);
        return;
      case 'stop':
        turn.stop = event.reason;
        return;
      case 'thinking_delta':
        if (event.text) listener.onThinking?.(event.text);
        return;
      case 'reasoning':
        turn.reasoning.push(event.part);
        return;
    }
    toolStream.handle(event);
  }
}

function sumUsage(a: Usage, b: Usage): Usage {
  const sum: Usage = { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
  const cacheRead = (a.cacheReadTokens ?? 0) + (b.cacheReadTokens ?? 0);
  const cacheWrite = (a.cacheWriteTokens ?? 0) + (b.cacheWriteTokens ?? 0);
  if (cacheRead > 0 || a.cacheReadTokens !== undefined || b.cacheReadTokens !== undefined) sum.cacheReadTokens = cacheRead;
  if (cacheWrite > 0 || a.cacheWriteTokens !== undefined || b.cacheWriteTokens !== undefined) sum.cacheWriteTokens = cacheWrite;
  return sum;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
