// Streaming tool calls for one model turn (behaviours 6-8): ToolCallStreamEvents feed an incremental JSON
// parser per call; while arguments arrive the tool runs `execute(partial, ctx, true)` to show what it has;
// `finish()` then hands the complete calls to the scheduler for validation, approval and the final run.
import type { ModelStreamEvent } from '../model/events';
import { raceAbort } from './abort';
import { type CallRecord, isRecord } from './call-lifecycle';
import { errorMessage } from './errors';
import { IncrementalJsonParser } from './incremental-json';
import type { ToolBatchResult } from './batch-result';
import type { ToolContext, ToolLogger } from './types';

/** What the stream needs from the scheduler that created it. */
export interface StreamingHost {
  beginCall(callId: string, name: string): CallRecord;
  partialContext(record: CallRecord): ToolContext;
  runBatch(records: readonly CallRecord[]): Promise<ToolBatchResult>;
  logger: ToolLogger;
}

interface StreamingCall {
  record: CallRecord;
  parser: IncrementalJsonParser;
  ended: boolean;
  /** New arguments arrived since the last partial run started. */
  dirty: boolean;
  running: Promise<void> | undefined;
  context: ToolContext | undefined;
}

export class ToolCallStream {
  private readonly calls = new Map<string, StreamingCall>();
  private finished: Promise<ToolBatchResult> | undefined;

  constructor(private readonly host: StreamingHost) {}

  /** Consumes tool-call events and returns true; other model events are ignored (false). */
  handle(event: ModelStreamEvent): boolean {
    switch (event.type) {
      case 'tool_call_start':
        this.start(event.callId, event.name);
        return true;
      case 'tool_call_delta':
        this.delta(event.callId, event.argsDelta);
        return true;
      case 'tool_call_end': {
        const call = this.calls.get(event.callId);
        if (call) this.endArguments(call);
        return true;
      }
      default:
        return false;
    }
  }

  get callCount(): number {
    return this.calls.size;
  }

  /** Ends the turn: waits for partial runs, then validates, approves and runs every call in stream order. */
  finish(): Promise<ToolBatchResult> {
    this.finished ??= this.runFinalCalls();
    return this.finished;
  }

  private async runFinalCalls(): Promise<ToolBatchResult> {
    const calls = [...this.calls.values()];
    // A call whose end never came (the stream broke) is judged on what arrived.
    for (const call of calls) this.endArguments(call);
    for (const call of calls) {
      // A partial run that ignores its signal must not hold up a cancelled call (behaviour 20).
      const signal = call.record.controller.signal;
      while (call.running && !signal.aborted) await raceAbort(call.running, signal);
    }
    return this.host.runBatch(calls.map((call) => call.record));
  }

  private start(callId: string, name: string): void {
    if (this.finished || this.calls.has(callId)) {
      this.host.logger.warn(`Ignored a repeated or late start for tool call ${callId}`);
      return;
    }
    const record = this.host.beginCall(callId, name);
    this.calls.set(callId, {
      record,
      parser: new IncrementalJsonParser(),
      ended: false,
      dirty: false,
      running: undefined,
      context: undefined,
    });
  }

  private delta(callId: string, text: string): void {
    const call = this.calls.get(callId);
    if (!call || call.ended || call.record.argsError !== undefined) return;
    try {
      call.parser.feed(text);
    } catch (error) {
      call.record.argsError = errorMessage(error);
      return;
    }
    this.schedulePartial(call);
  }

  private endArguments(call: StreamingCall): void {
    if (call.ended) return;
    call.ended = true;
    if (call.record.argsError !== undefined) return;
    if (call.parser.empty) {
      call.record.args = {};
      return;
    }
    try {
      call.record.args = call.parser.end();
    } catch (error) {
      call.record.argsError = errorMessage(error);
    }
  }

  /** At most one partial run per call at a time; deltas that arrive meanwhile coalesce into the next run. */
  private schedulePartial(call: StreamingCall): void {
    if (!call.record.tool || call.ended) return;
    call.dirty = true;
    if (call.running) return;
    call.running = this.drainPartials(call).then(() => {
      call.running = undefined;
      if (call.dirty) this.schedulePartial(call);
    });
  }

  private async drainPartials(call: StreamingCall): Promise<void> {
    const { record, parser } = call;
    while (call.dirty && !call.ended && !record.controller.signal.aborted) {
      call.dirty = false;
      // The live value from the parser: O(1), and it only ever grows (see IncrementalJsonParser.value).
      const value = parser.value;
      if (!isRecord(value)) continue;
      call.context ??= this.host.partialContext(record);
      try {
        await record.tool!.execute(value, call.context, true);
      } catch (error) {
        // Partial params are unvalidated; a tool choking on them must not disturb the call.
        this.host.logger.warn(`${record.name} failed on partial arguments`, error);
      }
    }
  }
}
