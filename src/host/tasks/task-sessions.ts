// The agent sessions of parallel tasks: each one gets its scope (its worktree as the workspace for tools and the
// permission policy, its approvals through the window's queue naming the task), runs beside the chat's task, and
// reports its life (running, waiting for an approval or an answer, finished, failed) to ParallelTasks. No VS Code
// here: the host passes how sessions and approval services are built.
import { randomUUID } from 'node:crypto';
import type { AgentSession } from '../../core/agent';
import type { PromptAnswer } from '../../core/ports/approval';
import type { CheckpointRecorder } from '../../core/ports/checkpoints';
import type { TaskRecord } from '../../core/ports/task-store';
import type { ApprovalQueue } from '../../core/tasks/approval-queue';
import { DEFAULT_BLOCK_SIZE } from '../../core/tasks/port-blocks';
import { taskEnvironment, type ParallelTaskRecord } from '../../core/tasks/task-record';
import { canTake, isFinal, type TaskEvent } from '../../core/tasks/task-state';
import { ASK_FOLLOWUP_QUESTION } from '../../tools';
import type { TaskScope } from '../session/session-scope';
import type { ParallelTasks } from './parallel-tasks';
import { QueuedPrompter, type QueuedPromptRequest } from './task-scope';

export interface TaskSessionsDeps {
  tasks: ParallelTasks;
  controller: {
    adopt(session: AgentSession, show: boolean): Promise<void>;
    release(id: string): Promise<void>;
    sessionFor(id: string): AgentSession | undefined;
  };
  queue: ApprovalQueue<QueuedPromptRequest, PromptAnswer>;
  /** A session for the task in its scope; `record` when it is reopened from the history. */
  createSession(scope: TaskScope, record?: TaskRecord): Promise<AgentSession>;
  /** The task's approval service, asking through `prompter`, with its worktree as the workspace. */
  approvals(prompter: QueuedPrompter, workRoot: string): TaskScope['approvals'];
  log: { warn(message: string, error?: unknown): void };
  /** Counts a task's changed files and disk use again, a moment after a tool changed something. */
  scheduleRefresh?(id: string): void;
  /** The checkpoints of a task in a worktree (commits on its branch). */
  checkpoints?(id: string): CheckpointRecorder;
}

export interface StartRequest {
  prompt: string;
  folder: string;
  copyUncommitted?: boolean;
  /** Show the task's chat once it runs (when the chat's own task may be left). */
  show?: boolean;
}

/** A task's title from its prompt: its first line, shortened. */
export function titleOf(prompt: string): string {
  const line = prompt.trim().split(/\r?\n/)[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

export class TaskSessions {
  private readonly scopes = new Map<string, TaskScope>();
  private readonly runs = new Map<string, Promise<void>>();

  constructor(private readonly deps: TaskSessionsDeps) {}

  /** Whether the task's session runs beside the chat's (switching away parks it): a parallel task still alive. */
  runsInBackground(id: string): boolean {
    const task = this.deps.tasks.get(id);
    return task !== undefined && !isFinal(task.state);
  }

  /** Queues a new task and runs it once it has a slot and is set up; resolves with its id at once. */
  start(request: StartRequest): string {
    const id = randomUUID();
    const run = this.run(id, request).catch((error: unknown) => this.deps.log.warn(`Parallel task ${id} stopped with an error`, error));
    this.runs.set(id, run);
    void run.finally(() => this.runs.delete(id));
    return id;
  }

  /** Waits until the task's first run is over (tests and the bench). */
  settled(id: string): Promise<void> {
    return this.runs.get(id) ?? Promise.resolve();
  }

  /** The scope of a live parallel task, built on first use (also for a task reopened after a reload). */
  scopeFor(id: string): TaskScope | undefined {
    const known = this.scopes.get(id);
    if (known) return known;
    const task = this.deps.tasks.get(id);
    if (!task || isFinal(task.state) || task.state === 'queued' || task.state === 'setting-up') return undefined;
    const prompter = new QueuedPrompter(this.deps.queue, { id, title: task.title, ...(task.branch ? { branch: task.branch } : {}) }, (waiting) =>
      this.report(id, waiting ? 'approval-asked' : 'answered'),
    );
    const scope: TaskScope = {
      id,
      workRoot: task.workRoot,
      env: taskEnvironment(task),
      ...(task.isolation === 'worktree'
        ? { worktree: { ...(task.branch ? { branch: task.branch } : {}), ...(task.portBase !== undefined ? { ports: { first: task.portBase, size: DEFAULT_BLOCK_SIZE } } : {}) } }
        : {}),
      approvals: this.deps.approvals(prompter, task.workRoot),
      watch: (session) => this.watch(id, session),
      ...(task.isolation === 'worktree' && this.deps.checkpoints ? { checkpoints: this.deps.checkpoints(id) } : {}),
    };
    this.scopes.set(id, scope);
    return scope;
  }

  /** Stop: a waiting task leaves the queue (it is discarded, nothing was made); a running one is cancelled. */
  async stop(id: string): Promise<void> {
    const task = this.deps.tasks.get(id);
    if (!task) return;
    if (task.state === 'queued') {
      await this.deps.tasks.discard(id, { force: true });
      return;
    }
    this.deps.queue.cancel(id, { type: 'deny' });
    this.deps.controller.sessionFor(id)?.cancel();
  }

  /**
   * Discards the task: its session stopped and let go, its queued approvals denied, its worktree and branch
   * removed. Work never applied, or an applied task's kept work (its deleted branch), is removed only when
   * `confirm` says yes; false when the person said no.
   */
  async discard(id: string, confirm: (task: ParallelTaskRecord) => Promise<boolean>): Promise<boolean> {
    const task = this.deps.tasks.get(id);
    if (!task) return false;
    // A worktree that cannot be read counts as holding work: the person is asked rather than the folder lost.
    const losesWork = task.appliedRef !== undefined || (task.state !== 'queued' && (await this.deps.tasks.hasUnappliedWork(id).catch(() => true)));
    if (losesWork && !(await confirm(task))) return false;
    this.deps.queue.cancel(id, { type: 'deny' });
    await this.deps.controller.release(id);
    await this.deps.tasks.discard(id, { force: true });
    this.scopes.get(id)?.approvals.dispose();
    this.scopes.delete(id);
    return true;
  }

  dispose(): void {
    for (const scope of this.scopes.values()) scope.approvals.dispose();
    this.scopes.clear();
  }

  private async run(id: string, request: StartRequest): Promise<void> {
    const started = await this.deps.tasks.start({ id, title: titleOf(request.prompt), folder: request.folder, ...(request.copyUncommitted ? { copyUncommitted: true } : {}) });
    if (started.state !== 'running') return; // setup failed (its output is kept) or discarded while it waited
    const scope = this.scopeFor(id);
    if (!scope) return;
    const session = await this.deps.createSession(scope);
    await this.deps.controller.adopt(session, request.show ?? true);
    await session.send(request.prompt);
  }

  private watch(id: string, session: AgentSession): void {
    session.onEvent((event) => {
      if (event.type === 'state') {
        const status = event.state.status;
        if (status === 'idle') return;
        this.report(id, status === 'running' ? 'resumed' : status === 'failed' ? 'failed' : 'finished');
        if (status !== 'running') void this.deps.tasks.refresh(id).catch((error: unknown) => this.deps.log.warn(`Could not measure parallel task ${id}`, error));
        return;
      }
      if (event.type !== 'tool_status') return;
      const { toolName, state } = event.status;
      if (toolName === ASK_FOLLOWUP_QUESTION && state === 'executing') this.report(id, 'input-asked');
      else if (toolName === ASK_FOLLOWUP_QUESTION && (state === 'success' || state === 'error' || state === 'cancelled')) this.report(id, 'answered');
      if (state === 'success') this.deps.scheduleRefresh?.(id);
    });
  }

  /** A state change when the task's state table allows it (a late event after a discard changes nothing). */
  private report(id: string, event: TaskEvent): void {
    const task = this.deps.tasks.get(id);
    if (task && canTake(task.state, event)) this.deps.tasks.report(id, event);
  }
}
