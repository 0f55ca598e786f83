// One task: its model history, its chat transcript, its state, and the runs of the agent loop over it. A run
// (send or resume) goes until an end state; between runs the task can be saved, reopened after a reload and
// continued. The loop itself is in agent-loop.ts; this file owns the task's data and its outside contract.
// Beside it: the task's tools and sub-agents (session-tools.ts), its events and transcript (session-events.ts),
// how a run's end shows (session-run-end.ts) and the hooks around a run (session-hook-steps.ts).
import { anchorBeforeCall, anchorOf, historyAt, type RestorePoint, transcriptBefore } from '../checkpoints/conversation';
import type { AttachmentChip, ChatItem, TaskView } from '../../shared/chat-model';
import type { Usage } from '../model/events';
import type { ChatMessage, UserPart } from '../model/provider';
import type { ApprovalAudit } from '../ports/approval';
import { emptyUsage, outcomeOf, TASK_RECORD_VERSION, type TaskOutcome, type TaskRecord, type TaskUsageTotals } from '../ports/task-store';
import { type CheckpointedCall, consoleLogger, NEW_TASK, type ToolManager, type ToolLogger, ToolStatistics } from '../tools';
import { condenseOnDemand, runAgentLoop } from './agent-loop';
import type { LoopHost } from './loop-host';
import { beforeRun, type HookedRunHost, type PendingPrompt, untilStopAllowed } from './session-hook-steps';
import type { SessionHooks } from './session-hooks';
import type { AgentEvent, AgentEventListener, AgentState } from './events';
import { appendAssistant, appendUserParts, repairHistory, titleFrom } from './history';
import { RestorePoints } from './restore-points';
import { SessionEvents } from './session-events';
import type { AgentSessionOptions } from './session-options';
import { announceEnd, loopFailure } from './session-run-end';
import { createSessionTools, forwardChildEvent } from './session-tools';
import { agentUserText } from './system-prompt';
import type { ChildSession } from './sub-agent';
import { runSubtaskTurn, type SubtaskTurn } from './subtask-turn';
import { closeTranscript, stateFields, stateFromRecord } from './task-record';
import { addUsage } from './usage';
import { contextUsed } from './context-used';

/** What a message's mentions and images add: parts for the model, chips for the chat. */
export interface MessageAttachments {
  parts: UserPart[];
  chips: AttachmentChip[];
}

/** Sent for `resume()` when the model spoke last, so the history still ends with a user message. */
export const CONTINUE_TEXT = 'Continue with the task.';

export class AgentSession implements ChildSession {
  readonly id: string;
  private title: string;
  private readonly createdAt: number;
  private history: ChatMessage[];
  private readonly approvalLog: ApprovalAudit[];
  private totals: TaskUsageTotals;
  private current: AgentState;
  /** How the last run that ended by itself ended (TaskRecord.outcome). */
  private outcome: TaskOutcome | undefined;
  /** Listeners, and the chat transcript the events draw. */
  private readonly events: SessionEvents;
  private readonly manager: ToolManager;
  private readonly statistics: ToolStatistics;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly logger: ToolLogger;
  private run: { controller: AbortController; done: Promise<AgentState> } | undefined;
  private saving: Promise<void> = Promise.resolve();
  /** Chat items the task can go back to (user messages, cards that changed files). */
  private readonly restorePoints: RestorePoints;
  /** Configured session hooks (SessionStart, UserPromptSubmit, Stop…); none: the loop runs bare. */
  private readonly hooks: SessionHooks | undefined;
  /** Until the first run: SessionStart is still to fire. */
  private hookedStart: { source: 'startup' | 'resume' } | undefined;
  private historyEpoch: number;
  /** The last request's tokens, for the context meter. */
  private contextTokens: number | undefined;
  /** "Condense Context" while running: done before the next model request. */
  private condenseRequested = false;
  /** The rules in the last request's prompt (their sources), for the context meter's tooltip; undefined before one. */
  private activeRules: string[] | undefined;

  /** A new task, or (with `record`) a stored one reopened: orphan tool calls get an "interrupted" result. */
  constructor(
    private readonly options: AgentSessionOptions,
    record?: TaskRecord,
  ) {
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => globalThis.crypto.randomUUID());
    this.logger = options.logger ?? consoleLogger;
    this.statistics = options.statistics ?? new ToolStatistics();
    this.id = record?.id ?? options.id ?? this.newId();
    this.title = record?.title ?? '';
    this.createdAt = record?.createdAt ?? this.now();
    this.history = record ? repairHistory(record.history) : [];
    this.events = new SessionEvents(record ? closeTranscript(record.transcript, this.now()) : [], this.logger);
    this.approvalLog = record ? [...record.approvals] : [];
    this.totals = record ? { ...emptyUsage(), ...record.usage } : emptyUsage();
    this.current = record ? stateFromRecord(record) : { status: 'idle' };
    this.outcome = record ? outcomeOf(record) : undefined;
    this.historyEpoch = record?.historyEpoch ?? 0;
    if (record?.contextTokens !== undefined) this.contextTokens = record.contextTokens;
    this.restorePoints = new RestorePoints(record?.restorePoints);
    this.hooks = options.sessionHooks?.(this.id);
    this.hookedStart = { source: record ? 'resume' : 'startup' };
    this.manager = this.createManager();
  }

  get state(): AgentState {
    return this.current;
  }

  get isRunning(): boolean {
    return this.run !== undefined;
  }

  /** A copy of the model history. */
  get messages(): ChatMessage[] {
    return [...this.history];
  }

  /** The chat as drawn, for a `reset` delta when the task is shown. */
  get transcript(): ChatItem[] {
    return this.events.transcript;
  }

  get usage(): TaskUsageTotals {
    return this.totals;
  }

  get approvals(): ApprovalAudit[] {
    return [...this.approvalLog];
  }

  /** The task as the chat header shows it. */
  view(): TaskView {
    const { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, costUsd } = this.totals;
    return {
      id: this.id,
      title: this.title,
      running: this.current.status === 'running',
      usage: { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, ...(costUsd !== undefined ? { costUsd } : {}) },
      ...(this.contextTokens !== undefined
        ? { context: { tokens: this.contextTokens, window: this.options.provider.model.contextWindow, ...(this.activeRules ? { rules: this.activeRules } : {}) } }
        : {}),
    };
  }

  /**
   * Condenses the history (condense.ts) now when idle, or before the next model request when running.
   * Resolves once done (idle) or once the request is noted (running).
   */
  async condense(): Promise<void> {
    if (this.run) {
      this.condenseRequested = true;
      return;
    }
    const run = { controller: new AbortController(), done: Promise.resolve<AgentState>(this.current) };
    this.run = run;
    try {
      await condenseOnDemand(this.loopHost(), run.controller.signal);
    } finally {
      this.run = undefined;
      this.save();
    }
  }

  /** Every event, in order; listeners that throw are logged and skipped. */
  onEvent(listener: AgentEventListener): { dispose(): void } {
    return this.events.onEvent(listener);
  }

  /**
   * Adds the user's message (with what its mentions and images attach, after the text) and runs the loop until
   * the task completes, pauses, fails or is cancelled. `modelText`, when given, is what the model gets instead of
   * `text` (a slash command's expanded prompt); the chat shows `text` as typed. With `subtask` (a command that runs
   * as a sub-agent), the history keeps `text` as typed, and `modelText` goes to a sub-agent instead (subtask-turn.ts).
   */
  send(text: string, attached?: MessageAttachments, modelText?: string, subtask?: Omit<SubtaskTurn, 'prompt'>): Promise<AgentState> {
    this.assertIdle();
    if (!this.title) this.title = titleFrom(text);
    const id = this.newId();
    this.restorePoints.userMessage({ itemId: id, anchor: anchorOf(this.history, this.historyEpoch) });
    // A Copilot agent's instructions ride with each message sent to it (system-prompt.ts, agentUserText).
    const agentText = this.options.agent ? agentUserText(this.options.agent) : undefined;
    const append = () => appendUserParts(this.history, [{ type: 'text', text: subtask ? text : (modelText ?? text) }, ...(attached?.parts ?? []), ...(agentText ? [{ type: 'text' as const, text: agentText }] : [])]);
    const chips = attached?.chips.length ? { attachments: attached.chips } : {};
    if (!this.hooks) append();
    this.emit({ type: 'user_message', id, text, ts: this.now(), ...chips });
    // With hooks, the prompt joins the history only once the UserPromptSubmit hooks let it through.
    const run = subtask ? (signal: AbortSignal) => runSubtaskTurn(this.loopHost(), { ...subtask, prompt: modelText ?? text }, signal) : undefined;
    return this.start(this.hooks ? { text, append } : undefined, run);
  }

  /** Whether this task may start a sub-agent (new_task): its agent and the settings allow it. */
  get mayDelegate(): boolean {
    return this.manager.isAvailable(NEW_TASK);
  }

  /** Runs again without a new message: "Retry" after a model error, "Resume" after a pause or cancel. */
  resume(): Promise<AgentState> {
    this.assertIdle();
    if (this.history.length === 0) return Promise.reject(new Error('The task has no message to resume from.'));
    if (this.history[this.history.length - 1]!.role === 'assistant') {
      appendUserParts(this.history, [{ type: 'text', text: CONTINUE_TEXT }]);
    }
    return this.start();
  }

  /** Stops the run: the model stream, queued and running calls, a sub-agent, an open question. */
  cancel(): void {
    this.run?.controller.abort('Cancelled by the user');
  }

  /** Where `itemId` can be restored to, when it can. */
  restorePoint(itemId: string): RestorePoint | undefined {
    return this.restorePoints.get(itemId);
  }

  /**
   * Takes the conversation back to just before `itemId`: later messages leave the history and the chat, and the
   * task is saved. False (and nothing changed) while running, or when the history no longer fits the point.
   */
  restoreConversation(itemId: string): boolean {
    if (this.run) return false;
    const point = this.restorePoints.get(itemId);
    if (!point) return false;
    const history = historyAt(this.history, point, this.historyEpoch);
    const items = transcriptBefore(this.transcript, itemId);
    if (!history || !items) return false;
    this.history = history;
    this.restorePoints.keepOnly(new Set(items.map((item) => item.id)));
    this.emit({ type: 'transcript_reset', items });
    this.save();
    return true;
  }

  /** Text the model reads with the user's next message (e.g. which files were restored). */
  noteForModel(text: string): void {
    if (this.run) throw new Error('The task is running.');
    appendUserParts(this.history, [{ type: 'text', text }]);
    this.save();
  }

  /** Adds a notice to the chat (and the stored transcript). */
  notice(text: string, level: 'info' | 'warning' = 'info'): void {
    this.emit({ type: 'notice', id: this.newId(), text, level });
    this.save();
  }

  /** A notice that files were restored; with the checkpoint taken just before, it can undo the restore. */
  recordRestore(text: string, checkpointId: string | undefined, restoredTo?: string): void {
    if (this.run) throw new Error('The task is running.');
    const id = this.newId();
    this.emit({ type: 'notice', id, text, level: 'info', ...(restoredTo ? { restoredTo } : {}) });
    if (checkpointId !== undefined) {
      this.restorePoints.add({ itemId: id, anchor: anchorOf(this.history, this.historyEpoch), checkpointId });
      this.emit({ type: 'checkpoint', itemId: id, checkpointId });
    }
    this.save();
  }

  /** Waits for the saves started so far. */
  flush(): Promise<void> {
    return this.saving;
  }

  toRecord(): TaskRecord {
    return {
      version: TASK_RECORD_VERSION,
      id: this.id,
      title: this.title,
      createdAt: this.createdAt,
      updatedAt: this.now(),
      ...stateFields(this.current),
      ...(this.outcome ? { outcome: this.outcome } : {}),
      modelId: this.options.provider.model.id,
      history: [...this.history],
      transcript: this.transcript,
      approvals: this.approvals,
      usage: { ...this.totals },
      restorePoints: this.restorePoints.all(),
      historyEpoch: this.historyEpoch,
      ...(this.contextTokens !== undefined ? { contextTokens: this.contextTokens } : {}),
    };
  }

  /** Cancels a run in progress, waits for it and its saves, and frees the task's tool instances. */
  async dispose(): Promise<void> {
    this.cancel();
    await this.run?.done.catch(() => undefined);
    await this.flush();
    await this.manager.dispose();
    this.events.clear();
  }

  /** `first`: what the run does instead of the agent loop (a sub-agent command's turn). */
  private start(prompt?: PendingPrompt, first?: (signal: AbortSignal) => Promise<AgentState>): Promise<AgentState> {
    // Registered before anything runs, so a listener of the first events can already cancel.
    const run = { controller: new AbortController(), done: Promise.resolve<AgentState>({ status: 'idle' }) };
    this.run = run;
    run.done = this.execute(run.controller, prompt, first);
    return run.done;
  }

  private async execute(controller: AbortController, prompt?: PendingPrompt, first?: (signal: AbortSignal) => Promise<AgentState>): Promise<AgentState> {
    this.setState({ status: 'running' });
    this.save();
    let end: AgentState;
    try {
      end = await this.runWithHooks(controller.signal, prompt, first);
    } catch (error) {
      this.logger.warn('The agent loop failed', error);
      end = loopFailure(error);
    }
    announceEnd(end, { emit: (event) => this.emit(event), newId: () => this.newId(), now: () => this.now(), appendUser: (parts) => appendUserParts(this.history, parts) });
    this.run = undefined;
    // Saved before the end is announced, so a listener's `flush()` covers the final record.
    this.current = end;
    if (end.status === 'completed' || end.status === 'failed') this.outcome = end.status;
    this.save();
    this.emit({ type: 'state', state: end });
    return end;
  }

  /** The loop, with the session hooks around it when there are any (session-hook-steps.ts). */
  private async runWithHooks(signal: AbortSignal, prompt: PendingPrompt | undefined, instead?: (signal: AbortSignal) => Promise<AgentState>): Promise<AgentState> {
    const hooks = this.hooks;
    const run = instead ?? ((s: AbortSignal) => runAgentLoop(this.loopHost(), s));
    if (!hooks) return run(signal);
    const host: HookedRunHost = {
      hooks,
      depth: this.options.depth ?? 0,
      emit: (event) => this.emit(event),
      newId: () => this.newId(),
      appendUser: (parts) => appendUserParts(this.history, parts),
    };
    const first = this.hookedStart;
    this.hookedStart = undefined;
    const early = await beforeRun(host, first, prompt, signal);
    if (early) return signal.aborted ? { status: 'cancelled' } : early;
    const end = await run(signal);
    return untilStopAllowed(host, end, () => runAgentLoop(this.loopHost(), signal), signal);
  }

  private loopHost(): LoopHost {
    const options = this.options;
    return {
      options,
      manager: this.manager,
      statistics: this.statistics,
      now: this.now,
      newId: this.newId,
      logger: this.logger,
      taskId: this.id,
      history: () => this.history,
      replaceHistory: (messages) => {
        if (messages.length !== this.history.length) this.historyEpoch++;
        this.history = messages;
      },
      appendAssistant: (parts) => appendAssistant(this.history, parts),
      appendUser: (parts) => appendUserParts(this.history, parts),
      emit: (event) => {
        // Condensed: the meter reads the card's "after" until the next request is counted (context-used.ts).
        if (event.type === 'condensed') this.contextTokens = event.tokensAfter;
        this.emit(event);
      },
      addUsage: (usage, cost, setsMeter = true) => {
        // The loop's own requests set the meter; a summary's and a sub-agent's (forwarded) do not.
        if (setsMeter) this.contextTokens = contextUsed(usage);
        this.addUsage(usage, cost);
      },
      contextUsed: () => this.contextTokens,
      takeCondenseRequest: () => {
        const requested = this.condenseRequested;
        this.condenseRequested = false;
        return requested;
      },
      recordAudit: (audit) => this.recordAudit(audit),
      save: () => this.save(),
      rulesChosen: (sources) => (this.activeRules = sources),
      ...(options.checkpoints ? { checkpoints: (call: CheckpointedCall) => this.checkpointBefore(call) } : {}),
    };
  }

  /** The checkpoint before a call: the call's card, and the user message it follows, can then restore to it. */
  private async checkpointBefore(call: CheckpointedCall): Promise<(() => Promise<void>) | undefined> {
    const recorder = this.options.checkpoints!;
    const checkpointId = await recorder.beforeStep({ taskId: this.id, itemId: call.callId, label: call.label, ...(call.paths ? { paths: call.paths } : {}) });
    if (checkpointId === undefined) return undefined;
    const anchor = anchorBeforeCall(this.history, call.callId, this.historyEpoch);
    for (const itemId of this.restorePoints.checkpointed({ itemId: call.callId, anchor, callId: call.callId, checkpointId })) {
      this.emit({ type: 'checkpoint', itemId, checkpointId });
    }
    return () => recorder.afterStep(checkpointId);
  }

  private createManager(): ToolManager {
    return createSessionTools({
      options: this.options,
      taskId: this.id,
      logger: this.logger,
      parentTools: () => this.manager.listTools(),
      createChild: (options) => new AgentSession(options),
      forward: (event, parentCallId) =>
        forwardChildEvent(event, parentCallId, {
          emit: (forwarded) => this.emit(forwarded),
          addUsage: (turn, cost) => this.addUsage(turn, cost),
          recordAudit: (audit) => this.recordAudit(audit),
        }),
    });
  }

  private addUsage(turn: Usage, turnCostUsd: number | undefined): void {
    this.totals = addUsage(this.totals, turn, turnCostUsd);
    this.emit({ type: 'usage', turn, ...(turnCostUsd !== undefined ? { turnCostUsd } : {}), total: this.totals });
  }

  private recordAudit(audit: ApprovalAudit): void {
    this.approvalLog.push(audit);
    this.emit({ type: 'approval', audit });
  }

  private setState(state: AgentState): void {
    this.current = state;
    this.emit({ type: 'state', state });
  }

  private emit(event: AgentEvent): void {
    this.events.emit(event, this.view());
  }

  /** Saves in order; a failed save is logged and the task goes on (the next save will try again). */
  private save(): void {
    const store = this.options.store;
    if (!store) return;
    const record = this.toRecord();
    this.saving = this.saving.then(() => store.save(record)).catch((error: unknown) => this.logger.warn(`Could not save task ${this.id}`, error));
  }

  private assertIdle(): void {
    if (this.run) throw new Error('The task is still running: cancel it or wait for it to stop.');
  }
}

