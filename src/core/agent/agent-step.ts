// One step of the loop: one model turn and the tool calls it made. Whatever ends the step, the history stays
// valid: every tool_call in it gets a tool_result, a call whose arguments never completed never runs, and a
// turn whose stream failed leaves nothing behind (the request can be retried as it was).
import type { ModelRequest, AssistantPart, UserPart } from '../model/provider';
import { l10n, type Said } from '../l10n';
import type { ToolBatchResult, ToolCallOutcome, ToolCallStream, ToolScheduler } from '../tools';
import type { LoopHost } from './loop-host';
import type { SessionApprovals } from './approval-hook';
import type { AgentState } from './events';
import { type StreamedCall, type StreamedTurn, streamModelTurn } from './model-turn';
import { costUsd } from '../model/catalog';
import type { TurnEnding } from '../prompts';

export interface StepContext {
  host: LoopHost;
  scheduler: ToolScheduler;
  approvals: SessionApprovals;
  request: ModelRequest;
  signal: AbortSignal;
  /** Whether a reply without a tool call ends the task (families.ts); default: only the completion tool does. */
  ending?: TurnEnding;
}

/** The model's result for a call cut off mid-arguments (output limit reached, say). */
export function incompleteCallResult(toolName: string): string {
  return `Your ${toolName} call was cut off before its arguments were complete, so it did not run. Call it again; if its arguments are long, split the work into smaller calls.`;
}

export const CANCELLED: AgentState = { status: 'cancelled' };

/** For a family whose plain answer ends the task (the completion tool's reminder would name a tool it lacks). */
export const CUT_OFF_NOTE = 'Your reply was cut off at the output limit. Continue from where it stopped; keep the rest shorter.';
export const EMPTY_REPLY_NOTE = 'Your reply had no text and no tool call. Answer the user, or call the tool you need next.';

// Why a streamed call was cancelled, for the model (English) and the card (display language).
const STREAM_FAILED_REASON = (): Said => l10n.both('The model stream failed before the call was complete');
const INCOMPLETE_REASON = (): Said => l10n.both('Its arguments never completed');
const SUPERSEDED_REASON = (): Said => l10n.both('The model restarted its reply, so this call was superseded and did not run');
const restartNotice = (): string =>
  l10n.t('The model service restarted its reply mid-stream (a gateway retried the request). The partial reply above was discarded; the restarted reply follows.');

/** Returns the end state, or undefined to go on with the next step. */
export async function runStep(step: StepContext): Promise<AgentState | undefined> {
  const { host, scheduler, signal } = step;
  const stream = scheduler.createStream();
  const text = new StreamedBlocks(host, 'assistant');
  const thinking = new StreamedBlocks(host, 'thinking');
  const turn = await streamModelTurn(host.options.provider, step.request, signal, stream, {
    onText: (delta) => {
      thinking.close();
      text.append(delta);
    },
    onThinking: (delta) => {
      text.close();
      thinking.append(delta);
    },
    // Text after a call is a new block in the chat, drawn below the call's card.
    onToolCallStart: () => {
      thinking.close();
      text.close();
    },
    onRestart: (superseded) => {
      thinking.close();
      text.close();
      for (const call of superseded) scheduler.cancelCall(call.callId, SUPERSEDED_REASON());
      host.emit({ type: 'notice', id: host.newId(), text: restartNotice(), level: 'warning' });
    },
  });
  thinking.close();
  text.close();
  recordUsage(host, turn);

  if (turn.error) {
    await discardCalls(scheduler, stream, [...turn.superseded, ...turn.calls], STREAM_FAILED_REASON());
    return { status: 'failed', error: turn.error };
  }
  if (turn.aborted) {
    // What the user saw stays: the text, and the complete calls with their "cancelled" results.
    const complete = turn.calls.filter((call) => call.ended);
    const batch = await finishCalls(scheduler, stream, turn);
    host.appendAssistant(assistantParts(turn, complete));
    host.appendUser(resultParts(complete, batch.outcomes, imagesSupported(host)));
    return CANCELLED;
  }
  if (turn.calls.length === 0) {
    // Superseded calls still hold cards; settle them before the turn is answered without tools.
    if (turn.superseded.length > 0) await stream.finish();
    return answerWithoutTools(step, turn);
  }

  scheduler.recordModelTurn(turn.calls.length);
  host.appendAssistant(assistantParts(turn, turn.calls));
  // Saved before the calls run: if VS Code closes meanwhile, reopening answers them as interrupted.
  host.save();
  const batch = await finishCalls(scheduler, stream, turn);
  host.appendUser(resultParts(turn.calls, batch.outcomes, imagesSupported(host)));
  host.save();

  if (signal.aborted) return CANCELLED;
  if (batch.completion) return { status: 'completed', result: batch.completion.result };
  if (batch.pause) return { status: 'paused', reason: batch.pause.reason, message: batch.pause.message };
  const repeated = step.approvals.takeRepeatedCall();
  if (repeated) {
    return {
      status: 'paused',
      reason: 'identical_calls',
      message: `Paused: the same ${repeated.toolName} call, with the same arguments, came ${repeated.consecutive} times in a row. The agent looks stuck in a loop; give it a hint or change the approach, then send a message to continue.`,
    };
  }
  return undefined;
}

/**
 * A turn without a tool call. For a family whose plain answer ends the task, a reply with text is the result
 * (already in the chat), unless the output limit cut it off. Otherwise, and for a reply of reasoning alone,
 * behaviour 19: a reminder, and too many in a row pause the task.
 */
function answerWithoutTools(step: StepContext, turn: StreamedTurn): AgentState | undefined {
  const { host, scheduler } = step;
  host.appendAssistant(assistantParts(turn, []));
  const answered = turn.text.trim() !== '';
  // A reply cut off at the output limit is not a final answer: the model is asked to go on.
  if (step.ending === 'answer' && answered && turn.stop !== 'max_tokens') {
    host.save();
    return { status: 'completed', result: turn.text.trim(), inChat: true };
  }
  const check = scheduler.recordModelTurn(0);
  if (check.pause) return { status: 'paused', reason: check.pause.reason, message: check.pause.message };
  if (check.reminder) host.appendUser([{ type: 'text', text: step.ending === 'answer' ? (answered ? CUT_OFF_NOTE : EMPTY_REPLY_NOTE) : check.reminder }]);
  host.save();
  return undefined;
}

/** Runs the complete calls; the incomplete ones are cancelled first, so they never execute (superseded ones were). */
async function finishCalls(scheduler: ToolScheduler, stream: ToolCallStream, turn: StreamedTurn): Promise<ToolBatchResult> {
  for (const call of turn.calls) if (!call.ended) scheduler.cancelCall(call.callId, INCOMPLETE_REASON());
  if (turn.calls.length === 0 && turn.superseded.length === 0) return { outcomes: [] };
  return stream.finish();
}

/** A failed turn's calls never run: each is cancelled, then the stream settles their cards. */
async function discardCalls(scheduler: ToolScheduler, stream: ToolCallStream, calls: readonly StreamedCall[], reason: Said): Promise<void> {
  if (calls.length === 0) return;
  for (const call of calls) scheduler.cancelCall(call.callId, reason);
  await stream.finish();
}

/** Reasoning first (Anthropic wants its thinking blocks ahead of the text and calls they led to), then text, then calls. */
function assistantParts(turn: StreamedTurn, calls: readonly StreamedCall[]): AssistantPart[] {
  const parts: AssistantPart[] = [...turn.reasoning];
  if (turn.text.trim() !== '') parts.push({ type: 'text', text: turn.text });
  for (const call of calls) {
    const args = call.ended ? parseArguments(call.argsText) : {};
    parts.push({ type: 'tool_call', callId: call.callId, name: call.name, args, ...(call.signature ? { signature: call.signature } : {}) });
  }
  // Reasoning alone is no reply: an assistant message of reasoning only would be refused by the APIs.
  return parts.some((part) => part.type !== 'reasoning') ? parts : [];
}

function imagesSupported(host: LoopHost): boolean {
  return host.options.provider.model.supportsImages === true;
}

/** The results in call order, then the images tools attached (a screenshot), for models that take images. */
export function resultParts(calls: readonly StreamedCall[], outcomes: readonly ToolCallOutcome[], withImages: boolean): UserPart[] {
  const byId = new Map(outcomes.map((outcome) => [outcome.callId, outcome]));
  const images: UserPart[] = [];
  const results = calls.map((call): UserPart => {
    const outcome = call.ended ? byId.get(call.callId) : undefined;
    if (!outcome) return { type: 'tool_result', callId: call.callId, content: incompleteCallResult(call.name), isError: true };
    const content = typeof outcome.content === 'string' ? outcome.content : JSON.stringify(outcome.content, null, 2);
    if (withImages) for (const image of outcome.images ?? []) images.push({ type: 'image', mediaType: image.mediaType, data: image.data });
    return { type: 'tool_result', callId: call.callId, content, ...(outcome.isError ? { isError: true } : {}) };
  });
  return [...results, ...images];
}

/** The arguments as the model sent them; anything but a JSON object (the runtime reported why) becomes {}. */
function parseArguments(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function recordUsage(host: LoopHost, turn: StreamedTurn): void {
  if (!turn.usage) return;
  host.addUsage(turn.usage, costUsd(turn.usage, host.options.provider.model.pricing));
}

/**
 * The chat's assistant (or thinking) items for one turn: started at the first text, closed when something
 * else starts (a call, the other kind of text) or the turn ends.
 */
class StreamedBlocks {
  private id: string | undefined;

  constructor(
    private readonly host: LoopHost,
    private readonly kind: 'assistant' | 'thinking',
  ) {}

  append(text: string): void {
    if (this.id === undefined) {
      this.id = this.host.newId();
      this.host.emit({ type: `${this.kind}_start`, id: this.id, ts: this.host.now() });
    }
    this.host.emit({ type: `${this.kind}_delta`, id: this.id, text });
  }

  close(): void {
    if (this.id === undefined) return;
    this.host.emit({ type: `${this.kind}_done`, id: this.id });
    this.id = undefined;
  }
}
