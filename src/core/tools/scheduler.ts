// The tool scheduler for one task (tool-system.md §3, §5, §6): validates each final call, has every call of
// the batch prepared and approved (approval.ts), runs consecutive read-only calls in parallel and the rest one
// at a time, and returns one model result per call plus any pause signal. Nothing it does throws into the loop.
import { l10n, type Said } from '../l10n';
import { CancelReason, followSignal } from './abort';
import { allowAll, type ApprovalDeps, type ApprovalHook, approveCall, type LoopGuardHook } from './approval';
import type { ToolCallHooks } from './call-hooks';
import { CallLifecycle, type CallRecord } from './call-lifecycle';
import { createCallContext } from './call-context';
import { type CallRunnerDeps, describe, runFinalCall } from './call-runner';
import { Emitter, type Event } from './emitter';
import { errorMessage, ToolErrorType } from './errors';
import { DEFAULT_ABORT_GRACE_MS, DEFAULT_TIMEOUT_MS } from './executor';
import { parseJsonStrict } from './incremental-json';
import type { ToolManager } from './manager';
import { invalidJsonResult, invalidParamsResult, withGuidance } from './model-results';
import type { OutputStore } from './output-store';
import { type PauseSignal, PauseRules, type TurnCheck } from './pause-rules';
import { ToolStatistics } from './stats';
import type { ToolCallStatus } from './status-types';
import { ToolCallStream } from './streaming-calls';
import type { ToolBatchResult } from './batch-result';
import { DEFAULT_OUTPUT_LIMITS, type OutputLimits } from './truncation';
import { consoleLogger, type ToolLogger } from './types';

// The approval types live with the approval step; re-exported here where they were first published.
export type { ApprovalDecision, ApprovalHook, ApprovalRequest, LoopGuardHook } from './approval';

/** A complete call from a provider that does not stream arguments. */
export interface ToolCallRequest {
  callId: string;
  name: string;
  /** Raw JSON text or already-parsed arguments; empty or absent means no arguments. */
  arguments?: string | Record<string, unknown>;
}

export type { ToolBatchResult } from './batch-result';

export interface ToolSchedulerOptions {
  manager: ToolManager;
  /** Defaults to allowing everything (tests, trusted sub-agents). */
  approve?: ApprovalHook;
  loopGuard?: LoopGuardHook;
  /** Where truncated output is saved in full; without it the model is told nothing could be saved. */
  outputStore?: OutputStore;
  /** Task-level cancellation: aborts every queued and running call. */
  taskSignal?: AbortSignal;
  defaultTimeoutMs?: number;
  /** How long to wait for an aborted tool to report partial output. */
  abortGraceMs?: number;
  outputLimits?: OutputLimits;
  statistics?: ToolStatistics;
  pauseRules?: PauseRules;
  now?: () => number;
  logger?: ToolLogger;
  /** Takes a checkpoint of the files an approved write or execute call may change, before it runs. */
  checkpoints?: CallCheckpointHook;
  /** Configured hooks, before and after each call (call-hooks.ts). */
  hooks?: ToolCallHooks;
}

/** An approved call that may change files, about to run. */
export interface CheckpointedCall {
  callId: string;
  toolName: string;
  /** The tool's own words for it (its preparation summary), else its display name. */
  label: string;
  /** Exactly the files it changes (an edit); absent when it may change anything (a command, an MCP tool). */
  paths?: readonly string[];
}

/** Called before such a call runs; what it returns is called once the call has ended, however it ended. */
export type CallCheckpointHook = (call: CheckpointedCall) => Promise<(() => Promise<void>) | undefined>;

export class ToolScheduler {
  private readonly statusEmitter = new Emitter<ToolCallStatus>();
  private readonly pauseEmitter = new Emitter<PauseSignal>();
  /** Every merged status update of every call (the UI channel). */
  readonly onDidChangeStatus: Event<ToolCallStatus> = this.statusEmitter.event;
  /** Fired with the same signal a batch result carries, for listeners outside the loop. */
  readonly onDidPause: Event<PauseSignal> = this.pauseEmitter.event;
  readonly statistics: ToolStatistics;
  readonly pauseRules: PauseRules;
  private readonly lifecycle: CallLifecycle;
  private readonly active = new Map<string, CallRecord>();
  private readonly runner: CallRunnerDeps;
  private readonly approval: ApprovalDeps;
  private readonly logger: ToolLogger;

  constructor(private readonly options: ToolSchedulerOptions) {
    this.logger = options.logger ?? consoleLogger;
    this.statistics = options.statistics ?? new ToolStatistics();
    this.pauseRules = options.pauseRules ?? new PauseRules();
    const now = options.now ?? Date.now;
    this.lifecycle = new CallLifecycle(this.statusEmitter, this.logger, now);
    this.runner = {
      lifecycle: this.lifecycle,
      taskId: options.manager.taskId,
      logger: this.logger,
      now,
      defaultTimeoutMs: options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      abortGraceMs: options.abortGraceMs ?? DEFAULT_ABORT_GRACE_MS,
      outputStore: options.outputStore,
      outputLimits: options.outputLimits ?? DEFAULT_OUTPUT_LIMITS,
      statistics: this.statistics,
      guidedTools: new Set(),
      ...(options.hooks ? { hooks: options.hooks } : {}),
    };
    this.approval = {
      lifecycle: this.lifecycle,
      taskId: this.runner.taskId,
      logger: this.logger,
      defaultTimeoutMs: this.runner.defaultTimeoutMs,
      abortGraceMs: this.runner.abortGraceMs,
      approve: options.approve ?? allowAll,
      loopGuard: options.loopGuard,
      ...(options.hooks ? { hooks: options.hooks } : {}),
      recheck: (record) => options.manager.refusal(record.name, record.tool!.kind, record.params),
    };
  }

  /** Streaming calls for one model turn: feed it ToolCallStreamEvents, then `finish()` runs the final calls. */
  createStream(): ToolCallStream {
    return new ToolCallStream({
      beginCall: (callId, name) => this.beginCall(callId, name, true),
      partialContext: (record) => createCallContext(record, this.lifecycle, this.runner.taskId, this.logger, 'partial'),
      runBatch: (records) => this.runBatch(records),
      logger: this.logger,
    });
  }

  /** Runs complete calls (providers without argument streaming). */
  runCalls(requests: readonly ToolCallRequest[]): Promise<ToolBatchResult> {
    const records = requests.map((request) => {
      const record = this.beginCall(request.callId, request.name, false);
      const args = request.arguments;
      if (typeof args !== 'string') record.args = args ?? {};
      else if (args.trim() === '') record.args = {};
      else {
        try {
          record.args = parseJsonStrict(args);
        } catch (error) {
          record.argsError = errorMessage(error);
        }
      }
      return record;
    });
    return this.runBatch(records);
  }

  /** Cancels one queued or running call (e.g. the stop button on its card). */
  cancelCall(callId: string, reason: string | Said = l10n.both('Cancelled by the user')): boolean {
    const record = this.active.get(callId);
    if (!record || record.outcome) return false;
    record.controller.abort(new CancelReason(reason));
    return true;
  }

  /** Behaviour 19: call after every model turn with its number of tool calls; act on the reminder or pause. */
  recordModelTurn(toolCallCount: number): TurnCheck {
    const check = this.pauseRules.recordTurn(toolCallCount);
    if (check.pause) this.pauseEmitter.fire(check.pause);
    return check;
  }

  /** The current merged status of a call still in progress. */
  currentStatus(callId: string): ToolCallStatus | undefined {
    return this.lifecycle.merger.current(callId);
  }

  /** Task end: cancels whatever is still queued or running and drops listeners. */
  dispose(): void {
    for (const record of this.active.values()) record.controller.abort(new CancelReason(l10n.both('The task ended')));
    this.statusEmitter.dispose();
    this.pauseEmitter.dispose();
  }

  private beginCall(callId: string, requestedName: string, streaming: boolean): CallRecord {
    const lookup = this.options.manager.resolve(callId, requestedName);
    const controller = new AbortController();
    const record: CallRecord = {
      callId,
      requestedName,
      name: lookup.ok ? lookup.name : requestedName,
      // The card's name is the person's language; the model never sees this one.
      displayName: lookup.ok ? (lookup.tool.uiDisplayName ?? lookup.tool.displayName ?? lookup.name) : requestedName,
      tool: lookup.ok ? lookup.tool : undefined,
      ...(lookup.ok ? {} : { lookupError: { type: lookup.errorType, message: lookup.message } }),
      state: streaming ? 'streaming' : 'validating',
      controller,
      taskLink: followSignal(this.options.taskSignal, controller),
    };
    this.active.set(callId, record);
    this.lifecycle.begin(record, streaming);
    return record;
  }

  private async runBatch(records: readonly CallRecord[]): Promise<ToolBatchResult> {
    for (const record of records) await this.validate(record);
    const ready = records.filter((record) => record.state === 'scheduled');
    // Behaviour 21: every call of the batch is prepared and approved (or finished) before any of them starts.
    for (const record of ready) await approveCall(record, this.approval);
    for (const group of executionGroups(ready)) {
      const approved = group.filter((record) => record.state === 'awaiting_approval' && this.lifecycle.stillQueued(record));
      await Promise.all(approved.map((record) => this.runCheckpointed(record)));
    }
    return this.collect(records);
  }

  /** A checkpoint failure never stops the call: the hook logs it and the call runs without one. */
  private async runCheckpointed(record: CallRecord): Promise<void> {
    const hook = this.options.checkpoints;
    const kind = record.tool?.kind;
    if (!hook || kind === undefined || kind === 'readonly') return runFinalCall(record, this.runner);
    const paths = kind === 'write' ? record.targets?.paths : undefined;
    let after: (() => Promise<void>) | undefined;
    try {
      after = await hook({ callId: record.callId, toolName: record.name, label: record.summary ?? record.displayName, ...(paths ? { paths } : {}) });
    } catch (error) {
      this.logger.warn(`No checkpoint before ${record.name}`, error);
    }
    try {
      await runFinalCall(record, this.runner);
    } finally {
      await after?.().catch((error: unknown) => this.logger.warn(`The checkpoint after ${record.name} failed`, error));
    }
  }

  private async validate(record: CallRecord): Promise<void> {
    if (record.state === 'streaming') this.lifecycle.transition(record, 'validating');
    if (!this.lifecycle.stillQueued(record)) return;
    if (record.lookupError) return this.lifecycle.reject(record, record.lookupError.type, record.lookupError.message.model, record.lookupError.message.ui);
    if (record.argsError !== undefined) {
      const invalid = invalidJsonResult(record.name, record.argsError);
      return this.lifecycle.reject(record, ToolErrorType.INVALID_JSON, invalid.model, invalid.ui);
    }
    let validation;
    try {
      validation = await record.tool!.validate(record.args);
    } catch (error) {
      const issues = [{ path: '(root)', expected: '', message: errorMessage(error) }];
      validation = { ok: false as const, issues, message: `Invalid arguments:\n- (root): ${errorMessage(error)}` };
    }
    if (!validation.ok) {
      const invalid = invalidParamsResult(record.name, validation);
      const content = withGuidance(invalid.model, await describe(record.tool, this.logger), 'error');
      return this.lifecycle.reject(record, ToolErrorType.INVALID_PARAMS, content, invalid.ui);
    }
    record.params = validation.params;
    const refused = this.options.manager.refusal(record.name, record.tool!.kind, record.params);
    if (refused) return this.lifecycle.reject(record, ToolErrorType.POLICY_VIOLATION, refused.model, refused.ui);
    if (this.lifecycle.stillQueued(record)) this.lifecycle.transition(record, 'scheduled');
  }

  private collect(records: readonly CallRecord[]): ToolBatchResult {
    const result: ToolBatchResult = { outcomes: [] };
    for (const record of records) {
      const outcome = record.outcome!;
      if (this.active.get(record.callId) === record) this.active.delete(record.callId);
      result.outcomes.push(outcome);
      const pause = this.pauseRules.recordCall({
        toolName: outcome.toolName,
        state: outcome.state,
        errorType: outcome.errorType,
        message: typeof outcome.content === 'string' ? outcome.content : undefined,
      });
      if (pause && !result.pause) result.pause = pause;
      if (record.hookStop && !result.pause) result.pause = { reason: 'hook_stop', message: record.hookStop.ui, toolName: record.name, count: 1 };
      if (record.completion !== undefined && outcome.state === 'success' && !result.completion) {
        result.completion = { callId: record.callId, result: record.completion };
      }
    }
    if (result.pause) this.pauseEmitter.fire(result.pause);
    return result;
  }
}

/** Consecutive read-only calls form one parallel group; every write or execute call is a group of its own. */
export function executionGroups(records: readonly CallRecord[]): CallRecord[][] {
  const groups: CallRecord[][] = [];
  for (const record of records) {
    const last = groups[groups.length - 1];
    const readonly = record.tool?.kind === 'readonly';
    if (readonly && last && last[0]!.tool?.kind === 'readonly') last.push(record);
    else groups.push([record]);
  }
  return groups;
}

