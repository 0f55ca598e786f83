// The scripted model server's script: model turns written once in a neutral form, replayed in either wire
// format. One turn answers one request. Validated with zod so a script from a file or the control endpoint
// fails loudly instead of replaying something other than what was meant.
import { z } from 'zod';

const toolCall = z.union([
  z.object({
    id: z.string().optional(),
    name: z.string(),
    /** An object is sent as JSON; a string is sent verbatim (for truncated or malformed arguments). */
    args: z.union([z.record(z.string(), z.unknown()), z.string()]),
  }),
  /**
   * A freeform (custom) tool call: its raw input, as GPT-5.x writes apply_patch. The Responses wire sends it as a
   * custom_tool_call (input deltas, then the item); the other wires, which have no custom tools, as `{"input": ...}`.
   */
  z.object({ id: z.string().optional(), name: z.string(), input: z.string() }),
]);

const usage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheReadTokens: z.number().int().nonnegative().optional(),
  cacheWriteTokens: z.number().int().nonnegative().optional(),
});

const fault = z.union([
  /** An HTTP error response instead of a stream; `body` replaces the API's usual error body. */
  z.object({
    status: z.number().int().min(400).max(599),
    retryAfter: z.union([z.number().nonnegative(), z.string()]).optional(),
    retryAfterMs: z.number().nonnegative().optional(),
    body: z.unknown().optional(),
  }),
  /** Sends this many stream frames (SSE events, counting message_start and pings), then destroys the socket. */
  z.object({ dropAfterChunks: z.number().int().nonnegative() }),
  /** Anthropic: message_start, then an `overloaded_error` error event. OpenAI: an in-stream error chunk. */
  z.object({ overloadedEvent: z.literal(true) }),
  /**
   * The stream begins, then the API reports this error in it, in each wire's own shape: Anthropic's `error`
   * event (`code` is the error type), an OpenAI error chunk, a Responses `response.failed` (or, with
   * `errorEvent`, a bare `error` event), Gemini's error frame (`code` is the status name, `status` the HTTP code).
   */
  z.object({
    streamError: z.object({
      code: z.string(),
      message: z.string(),
      status: z.number().int().optional(),
      details: z.array(z.unknown()).optional(),
      errorEvent: z.boolean().optional(),
    }),
  }),
  /**
   * A gateway that retries upstream and splices the new reply into the same response: the turn's first
   * `spliceAfterChunks` frames, then the whole turn again as a new message (Anthropic: a second
   * message_start; OpenAI: a new completion id opening with the role chunk). `sameIds` reuses the tool-call ids.
   */
  z.object({ spliceAfterChunks: z.number().int().nonnegative(), sameIds: z.boolean().optional() }),
  /** Goes silent for `stallMs` after `afterChunks` frames (default 0: right after the headers). */
  z.object({ stallMs: z.number().int().nonnegative(), afterChunks: z.number().int().nonnegative().optional() }),
  /** Goes silent after `holdAfterChunks` frames until the test calls `release()`, then sends the rest. */
  z.object({ holdAfterChunks: z.number().int().nonnegative() }),
]);

export const scriptTurnSchema = z.object({
  text: z.string().optional(),
  /** Anthropic thinking block / OpenAI-compatible `reasoning_content`, sent before the text. */
  thinking: z.string().optional(),
  toolCalls: z.array(toolCall).optional(),
  stopReason: z.enum(['end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'refusal']).optional(),
  usage: usage.optional(),
  /** Characters per text, thinking or argument delta (default 16). */
  chunkSize: z.number().int().positive().optional(),
  /** Pause between frames. */
  chunkDelayMs: z.number().int().nonnegative().optional(),
  fault: fault.optional(),
  /**
   * Gemini only: stream each call's arguments in pieces, as `streamFunctionCallArguments` does (a first part
   * naming the call with `willContinue`, then `partialArgs` by JSON path, strings split by `chunkSize`, then an
   * empty closing part). `without-start` leaves out the naming part; `unfinished` leaves out the closing one.
   */
  geminiPartialArgs: z.enum(['pieces', 'without-start', 'unfinished']).optional(),
});

/** A shared queue (any route takes the next turn) or one queue per wire format. */
export const scriptSchema = z.union([
  z.array(scriptTurnSchema),
  z.object({
    anthropic: z.array(scriptTurnSchema).optional(),
    openai: z.array(scriptTurnSchema).optional(),
    responses: z.array(scriptTurnSchema).optional(),
    gemini: z.array(scriptTurnSchema).optional(),
  }),
]);

export type ScriptTurn = z.infer<typeof scriptTurnSchema>;
export type ScriptToolCall = z.infer<typeof toolCall>;
export type ScriptUsage = z.infer<typeof usage>;
export type ScriptFault = z.infer<typeof fault>;
export type Script = z.infer<typeof scriptSchema>;
/** Anthropic Messages, OpenAI Chat Completions (also Azure's), OpenAI Responses (also Azure's), Gemini. */
export type Route = 'anthropic' | 'openai' | 'responses' | 'gemini';
export const ROUTE_NAMES: readonly Route[] = ['anthropic', 'openai', 'responses', 'gemini'];

export const DEFAULT_CHUNK_SIZE = 16;
export const DEFAULT_USAGE: ScriptUsage = { inputTokens: 25, outputTokens: 12 };

export function parseScript(value: unknown): Script {
  return scriptSchema.parse(value);
}

/** The turn's stop reason as the neutral script names it. */
export function stopReasonOf(turn: ScriptTurn): NonNullable<ScriptTurn['stopReason']> {
  return turn.stopReason ?? (turn.toolCalls?.length ? 'tool_use' : 'end_turn');
}

export function argsText(call: ScriptToolCall): string {
  if ('input' in call) return JSON.stringify({ input: call.input });
  return typeof call.args === 'string' ? call.args : JSON.stringify(call.args);
}

/** Splits text into deltas of `size` characters; nothing for an empty string. */
export function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Turns waiting to be served: a shared queue or one per route. */
export class TurnQueue {
  private shared: ScriptTurn[] | undefined;
  private readonly perRoute: Record<Route, ScriptTurn[]> = { anthropic: [], openai: [], responses: [], gemini: [] };

  constructor(script: Script = []) {
    this.replace(script);
  }

  replace(script: Script): void {
    if (Array.isArray(script)) {
      this.shared = [...script];
      for (const route of ROUTE_NAMES) this.perRoute[route] = [];
    } else {
      this.shared = undefined;
      for (const route of ROUTE_NAMES) this.perRoute[route] = [...(script[route] ?? [])];
    }
  }

  next(route: Route): ScriptTurn | undefined {
    return this.shared ? this.shared.shift() : this.perRoute[route].shift();
  }

  remaining(): number {
    return this.shared ? this.shared.length : ROUTE_NAMES.reduce((sum, route) => sum + this.perRoute[route].length, 0);
  }
}
