// The chat's conductor: turns the webview's intents into actions on the one task the chat shows, and the task's
// events into chat deltas. It owns which AgentSession is current and nothing else: sessions, the store and the
// VS Code side come in through TaskControllerDeps, so it is unit-tested in plain Node. Sessions of parallel tasks
// (`runsInBackground`) are held beside the one on screen: switching away parks them, still running, and opening
// one shows its conversation again.
import { l10n } from '../../core/l10n';
import { type AgentSession, type MessageAttachments, toChatDeltas } from '../../core/agent';
import type { ImageInput } from '../../core/mentions/images';
import type { TaskRecord, TaskStore } from '../../core/ports/task-store';
import type { ApprovalMode, ChatDelta, SessionSettings, SetupStep, TaskSummary } from '../../shared/chat-model';
import type { WebviewToHost } from '../../shared/protocol-schema';
import { liveErrorId } from '../../shared/chat-attention';
import { DEFAULT_AGENT_ID } from '../../core/customization/agents/builtin-agents';
import type { CommandTurn, Expanded } from '../customization/commands/slash-commands';

export interface TaskControllerDeps {
  publish(delta: ChatDelta): void;
  store: TaskStore;
  /** A session for a new task, or for a stored one (`record`), built with the settings, tools and trust in force now. */
  createSession(record?: TaskRecord, turn?: CommandTurn): Promise<AgentSession>;
  /**
   * A typed "/command arguments": the turn it starts (its prompt, agent, model and tools), refused with the reason,
   * or none (the text is sent as typed). Without it, every message goes as typed.
   */
  expandCommand?(text: string): Promise<Expanded>;
  /** Puts a message that was not sent back into the chat box. */
  restoreDraft?(text: string): void;
  /**
   * Bumped by the host when something a session is built from changes (workspace trust, tool settings): an idle
   * session is rebuilt from its record before its next run, so the change applies without losing the task.
   */
  configVersion(): number;
  answerQuestion(callId: string, answer: string): boolean;
  openDiff(callId: string): Promise<'opened' | 'unavailable'>;
  /** Opens a `path:line` reference clicked in the chat: only a workspace file (file-reference-opener.ts). */
  openFileReference(reference: { path: string; line: number; endLine?: number }): Promise<unknown>;
  /** Restores the task's files (and the conversation) to a chat item, after showing and asking (issue 14). */
  restore(session: AgentSession, itemId: string, conversation: boolean): Promise<void>;
  /** Review Task Changes: the task's whole change set since its first checkpoint. */
  reviewChanges(session: AgentSession): Promise<void>;
  setMode(mode: ApprovalMode): Promise<void>;
  selectModel(): Promise<void>;
  /** An agent id from the picker, or "" to open the full list. */
  setAgent?(agent: string): Promise<void>;
  /** Runs "Relay: Set Up Provider", or one step of it (the chat's welcome and error buttons). */
  setUpProvider(step: SetupStep | undefined): Promise<void>;
  settings(): SessionSettings | Promise<SessionSettings>;
  notify(message: string, level: 'info' | 'warning'): void;
  onRunningChanged(running: boolean): void;
  /** What the message's mentions and images attach; without it, messages go as plain text. */
  attach?(text: string, images: readonly ImageInput[], picked?: readonly string[]): Promise<MessageAttachments>;
  log: { warn(message: string, error?: unknown): void };
  /** A task was deleted: what belongs to it outside its record (its processes) goes too. */
  taskDeleted?(id: string): Promise<void>;
  /** How many of the task's background processes still run (they outlive a cancelled turn). */
  liveProcesses?(id: string): number;
  /** Whether a task runs beside the others (a parallel task): switching away keeps it running in the background. */
  runsInBackground?(id: string): boolean;
}

interface Current {
  session: AgentSession;
  version: number;
  /** The command turn the session was built for; the next message builds it again without. */
  turn?: CommandTurn;
  subscription: { dispose(): void };
}

export class TaskController {
  private current: Current | undefined;
  /** Parallel tasks' sessions not on screen, by task id: they run on and publish nothing until shown. */
  private readonly background = new Map<string, Current>();
  /** Intents run one at a time: a double click cannot start two sessions or open two tasks at once. */
  private queue: Promise<void> = Promise.resolve();
  /** Counts history listings, so only the latest one asked for is shown. */
  private historyGeneration = 0;

  constructor(private readonly deps: TaskControllerDeps) {}

  get session(): AgentSession | undefined {
    return this.current?.session;
  }

  get isRunning(): boolean {
    return this.current?.session.isRunning ?? false;
  }

  /** The session of a task held here, on screen or in the background. */
  sessionFor(id: string): AgentSession | undefined {
    return this.current?.session.id === id ? this.current.session : this.background.get(id)?.session;
  }

  /**
   * Holds a session built elsewhere (a parallel task's, scoped to its worktree): shown now when `show` and the task
   * on screen may be left (idle, or itself a parallel task), otherwise kept in the background.
   */
  adopt(session: AgentSession, show: boolean): Promise<void> {
    return this.serial(async () => {
      const held = this.hold(session);
      if (!show || (this.current?.session.isRunning && !this.parks(this.current.session.id))) {
        this.background.set(session.id, held);
        return;
      }
      await this.detach();
      this.showHeld(held);
    });
  }

  /** Stops and lets go of a held task's session (a discarded parallel task); the chat goes empty if it showed it. */
  release(id: string): Promise<void> {
    return this.serial(async () => {
      const parked = this.background.get(id);
      if (parked) {
        this.background.delete(id);
        parked.subscription.dispose();
        parked.session.cancel();
        await parked.session.dispose();
      }
      if (this.current?.session.id !== id) return;
      this.current.session.cancel();
      await this.detach(true);
      this.deps.publish({ type: 'reset', task: undefined, items: [] });
    });
  }

  /** Handles one validated webview intent (`ready`, links and clipboard are the view's own business). */
  handle(message: WebviewToHost): Promise<void> {
    return this.serial(() => this.dispatch(message));
  }

  /** Starts a task with this message, or continues the task on screen when it is idle. */
  send(text: string): Promise<void> {
    return this.serial(() => this.sendNow(text));
  }

  /**
   * Stops the running turn. The task's background processes belong to the task, not the turn, so they keep
   * running: the chat says so, and where to stop them, instead of leaving the user to guess.
   */
  cancel(): void {
    const session = this.current?.session;
    if (!session) return;
    const wasRunning = session.isRunning;
    session.cancel();
    const live = wasRunning ? (this.deps.liveProcesses?.(session.id) ?? 0) : 0;
    if (live === 0) return;
    session.notice(
      live === 1
        ? l10n.t('1 background process of this task keeps running. Stop it from its card, or from "Relay: 1 running" in the status bar.')
        : l10n.t('{0} background processes of this task keep running. Stop them from their cards, or from "Relay: {0} running" in the status bar.', live),
    );
  }

  /** Review Task Changes for the task on screen (the command and the chat's button). */
  async reviewChanges(): Promise<void> {
    if (!this.current) {
      this.deps.notify(l10n.t('Open a task first: Review Task Changes shows what that task changed.'), 'info');
      return;
    }
    await this.deps.reviewChanges(this.current.session);
  }

  /** "Relay: Condense Context": now when the task is idle, before its next request when it runs. */
  async condense(): Promise<void> {
    const session = this.current?.session;
    if (!session || session.messages.length === 0) return this.deps.notify(l10n.t('Relay: there is no task to condense yet.'), 'info');
    await session.condense();
  }

  /** Everything the chat shows that is not the task: mode, model, provider and key state. */
  async publishSettings(): Promise<void> {
    this.deps.publish({ type: 'settings', settings: await this.deps.settings() });
  }

  /** Past tasks, newest first; an unreadable store lists none (and says so in the log). */
  async listTasks(): Promise<TaskSummary[]> {
    try {
      return await this.deps.store.list();
    } catch (error) {
      this.deps.log.warn('Could not list the task history', error);
      return [];
    }
  }

  /**
   * Lists the history and shows it, unless a listing started later has been asked for meanwhile: listings can
   * finish out of order, and an older one (read while a task was still running) must not cover a newer one.
   */
  async refreshHistory(): Promise<void> {
    const generation = ++this.historyGeneration;
    const tasks = await this.listTasks();
    if (generation === this.historyGeneration) this.deps.publish({ type: 'history', tasks });
  }

  async dispose(): Promise<void> {
    await this.detach(true);
    for (const [id, parked] of this.background) {
      this.background.delete(id);
      parked.subscription.dispose();
      await parked.session.dispose();
    }
  }

  private async dispatch(message: WebviewToHost): Promise<void> {
    switch (message.type) {
      case 'sendMessage':
        return this.sendNow(message.text, message.images ?? [], message.mentions ?? []);
      case 'cancelTask':
        return this.cancel();
      case 'newTask':
        return this.newTask();
      case 'retry':
        // Only the latest attempt's banner retries: a stale one (its attempt already retried or superseded) never
        // starts a second run of the same task.
        if (!this.current || liveErrorId({ task: this.current.session.view(), items: this.current.session.transcript }) !== message.itemId) {
          this.deps.log.warn(`Ignored a retry of ${message.itemId}: it is not the latest attempt's error`);
          return;
        }
        return this.resumeCurrent();
      case 'openDiff':
        return this.openDiff(message.callId);
      case 'openFileReference':
        return void (await this.deps.openFileReference({ path: message.path, line: message.line, ...(message.endLine !== undefined ? { endLine: message.endLine } : {}) }));
      case 'setMode':
        return this.deps.setMode(message.mode);
      case 'selectModel':
        return this.deps.selectModel();
      case 'setAgent':
        return this.deps.setAgent?.(message.agent);
      case 'setUpProvider':
        // Not queued behind other intents: the flow waits on the person, and the chat must stay responsive.
        return void this.deps.setUpProvider(message.step).catch((error: unknown) => this.deps.log.warn('Provider setup failed', error));
      case 'answerQuestion':
        if (!this.deps.answerQuestion(message.callId, message.answer)) this.deps.log.warn(`No question is waiting for call ${message.callId}`);
        return;
      case 'listHistory':
        return this.refreshHistory();
      case 'openTask':
        return void (await this.openTask(message.id));
      case 'resumeTask':
        if (await this.openTask(message.id)) await this.resumeCurrent();
        return;
      case 'deleteTask':
        return this.deleteTask(message.id);
      case 'restoreCheckpoint':
        if (!this.current || this.refuseWhileRunning(l10n.t('A task is running: stop it before you restore it.'))) return;
        return this.deps.restore(this.current.session, message.itemId, message.conversation);
      case 'reviewTaskChanges':
        return this.reviewChanges();
      default:
        return;
    }
  }

  /** `picked`: the composer's mention chips (their tokens are not in the text). */
  private async sendNow(text: string, images: readonly ImageInput[] = [], picked: readonly string[] = []): Promise<void> {
    if (this.refuseWhileRunning()) return;
    const expanded = this.deps.expandCommand ? await this.deps.expandCommand(text) : undefined;
    if (expanded?.type === 'refused') {
      this.deps.notify(expanded.reason, 'warning');
      // The chips go back as their tokens in the text, which resolve the same way: nothing is lost.
      this.deps.restoreDraft?.([text, ...picked].join(' '));
      return;
    }
    const turn = expanded?.type === 'turn' ? expanded.turn : undefined;
    const attached = this.deps.attach ? await this.deps.attach(text, images, picked) : undefined;
    // Only a command that changes the agent, model or tools needs a session of its own for the turn.
    const session = await this.fresh(turn && (turn.agent || turn.model || turn.tools || turn.allowedTools || turn.subtask) ? turn : undefined);
    if (turn?.subtask) {
      // Run as a normal turn it would fill the conversation its author kept it out of, with more tools than a
      // sub-agent gets: refused instead, and nothing is lost.
      if (!session.mayDelegate) {
        this.deps.notify(l10n.t('/{0} runs as a sub-agent, but the agent of this task does not allow sub-agents (new_task). Nothing was sent.', turn.command.id), 'warning');
        this.deps.restoreDraft?.([text, ...picked].join(' '));
        return;
      }
      const agent = turn.agent && turn.agent !== DEFAULT_AGENT_ID ? { agent: turn.agent } : {};
      this.run(session.send(text, attached, turn.text, { description: `/${turn.command.id}`, ...agent }));
      return;
    }
    this.run(session.send(text, attached, turn?.text));
  }

  private async resumeCurrent(): Promise<void> {
    if (!this.current || this.refuseWhileRunning()) return;
    // Retry and Resume continue the same turn: a command's agent, model and tools still apply.
    const session = await this.fresh(this.current.turn);
    this.run(session.resume());
  }

  /** A new, empty task on screen. A running task is stopped first; it stays in the history. */
  private async newTask(): Promise<void> {
    await this.detach();
    this.deps.publish({ type: 'reset', task: undefined, items: [] });
  }

  private async openTask(id: string): Promise<boolean> {
    if (this.current?.session.id === id) return true;
    if (this.refuseSwitchWhileRunning(l10n.t('A task is running: stop it before you open another task.'))) return false;
    const parked = this.background.get(id);
    if (parked) {
      await this.detach();
      this.background.delete(id);
      this.showHeld(parked);
      return true;
    }
    const record = await this.deps.store.load(id);
    if (!record) {
      this.deps.notify(l10n.t('That task could not be opened: its file is missing or damaged.'), 'warning');
      await this.refreshHistory();
      return false;
    }
    await this.detach();
    const session = await this.attach(record);
    this.deps.publish({ type: 'reset', task: session.view(), items: session.transcript });
    return true;
  }

  private async deleteTask(id: string): Promise<void> {
    const parked = this.background.get(id);
    if (parked) {
      if (parked.session.isRunning) return this.deps.notify(l10n.t('A task is running: stop it before you delete it.'), 'warning');
      this.background.delete(id);
      parked.subscription.dispose();
      await parked.session.dispose();
    }
    if (this.current?.session.id === id) {
      if (this.refuseWhileRunning(l10n.t('A task is running: stop it before you delete it.'))) return;
      await this.detach(true);
      this.deps.publish({ type: 'reset', task: undefined, items: [] });
    }
    await this.deps.store.delete(id);
    await this.deps.taskDeleted?.(id);
    await this.refreshHistory();
  }

  private async openDiff(callId: string): Promise<void> {
    if ((await this.deps.openDiff(callId)) === 'unavailable') {
      this.deps.notify(l10n.t('That change can no longer be shown: Relay keeps the diffs of recent edits while the window is open.'), 'info');
    }
  }

  /**
   * The current session, created on first use and rebuilt from its record when its configuration is stale, or
   * when a command's turn starts or the turn after one (its agent, model and tools are for that turn only).
   */
  private async fresh(turn?: CommandTurn): Promise<AgentSession> {
    const current = this.current;
    if (!current) return this.attach(undefined, turn);
    if (current.version === this.deps.configVersion() && current.turn === turn) return current.session;
    const record = current.session.toRecord(); // from memory; detach waits for the saves still under way
    await this.detach(true);
    return this.attach(record, turn);
  }

  private async attach(record?: TaskRecord, turn?: CommandTurn): Promise<AgentSession> {
    const session = await this.deps.createSession(record, turn);
    this.current = { ...this.hold(session), ...(turn ? { turn } : {}) };
    return session;
  }

  /** Follows a session's events: the one on screen reaches the chat; every one refreshes the history when it stops. */
  private hold(session: AgentSession): Current {
    const version = this.deps.configVersion();
    const subscription = session.onEvent((event) => {
      const shown = this.current?.session === session;
      if (shown) for (const delta of toChatDeltas(event, session.view())) this.deps.publish(delta);
      if (event.type !== 'state') return;
      if (shown) this.deps.onRunningChanged(event.state.status === 'running');
      if (event.state.status !== 'running') void this.refreshHistoryAfterSave(session);
    });
    return { session, version, subscription };
  }

  /** Puts a held session on screen: the chat is redrawn from its conversation. */
  private showHeld(held: Current): void {
    this.current = held;
    this.deps.publish({ type: 'reset', task: held.session.view(), items: held.session.transcript });
    if (held.session.isRunning) this.deps.onRunningChanged(true);
  }

  private parks(id: string): boolean {
    return this.deps.runsInBackground?.(id) ?? false;
  }

  /** The session queues its final save before it announces the end, so `flush` covers it: no stale "running". */
  private async refreshHistoryAfterSave(session: AgentSession): Promise<void> {
    await session.flush();
    await this.refreshHistory();
  }

  /** Takes the task off screen: a parallel task's session is parked (it runs on), any other is disposed. */
  private async detach(dispose = false): Promise<void> {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    if (current.session.isRunning) this.deps.onRunningChanged(false);
    if (!dispose && this.parks(current.session.id)) {
      this.background.set(current.session.id, current);
      return;
    }
    current.subscription.dispose();
    await current.session.dispose();
  }

  private run(done: Promise<unknown>): void {
    done.catch((error: unknown) => this.deps.log.warn('The task stopped with an error', error));
  }

  private refuseWhileRunning(message?: string): boolean {
    if (!this.current?.session.isRunning) return false;
    this.deps.notify(message ?? l10n.t('A task is running: stop it before you send another message.'), 'warning');
    return true;
  }

  /** Leaving a running parallel task is fine (it runs on in the background); any other running task is refused. */
  private refuseSwitchWhileRunning(message: string): boolean {
    if (this.current && this.parks(this.current.session.id)) return false;
    return this.refuseWhileRunning(message);
  }

  private serial(step: () => Promise<void>): Promise<void> {
    // The queue never rejects (failures are logged below), so the next intent always runs.
    this.queue = this.queue.then(step).catch((error: unknown) => this.deps.log.warn('A chat action failed', error));
    return this.queue;
  }
}
