// Every parallel task of the window: its record (kept in Relay's storage), its state (through the core's state
// table), its slot (the concurrency limit), its ports, its worktree and setup, and bringing it back or discarding it.
// No VS Code here: the Tasks view, the commands and the chat read and drive this.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TaskProcesses } from '../../core/ports/processes';
import type { SandboxSource } from '../processes/short-command';
import { PortBlocks } from '../../core/tasks/port-blocks';
import type { ParallelTaskRecord } from '../../core/tasks/task-record';
import { TaskScheduler } from '../../core/tasks/task-scheduler';
import { holdsSlot, isFinal, nextState, type TaskEvent } from '../../core/tasks/task-state';
import type { FileDecision } from '../../core/tasks/task-patch';
import type { OrphanReport } from '../../core/tasks/worktree-list';
import { writeAtomically } from '../storage/stale-temps';
import { branchFromAppliedWork, dropAppliedWork, keepAppliedWork, pruneAppliedWork } from './applied-work';
import { planApply, updateFromBase, type ApplyPlan, type UpdateResult } from './task-changes';
import { isLoopbackPortFree } from './port-probe';
import { runSetupCommand, setupCommandFor, type SetupRun } from './setup-command';
import { type WorktreeManager, diskUsage } from './worktree-manager';

export interface ParallelTasksDeps {
  manager: WorktreeManager;
  /** The JSON file the records are kept in. */
  recordsFile: string;
  /** The process manager: a discarded or applied task's processes are stopped. Optional. */
  processes?: TaskProcesses;
  /** The OS sandbox the setup command runs in, when available. Optional. */
  sandbox?: SandboxSource;
  /** `relay.parallel.setupCommand`, read when a task starts. */
  setupCommand?: () => string | undefined;
  /** `relay.parallel.maxTasks`, read when it changes (call `applyLimit`). */
  maxParallel?: () => number;
  /** Whether a loopback port is free; by default a listen on 127.0.0.1 is tried. */
  isPortFree?: (port: number) => Promise<boolean>;
  runSetup?: typeof runSetupCommand;
  now?: () => number;
  /** A records write that failed (logged by the host; the next change writes them all again). */
  onSaveError?: (error: unknown) => void;
}

export interface StartOptions {
  id: string;
  title: string;
  /** The user's folder the task is about. */
  folder: string;
  /** Whether the task may change files (read-only tasks in a folder without git run in parallel). */
  writes?: boolean;
  copyUncommitted?: boolean;
}

export class ParallelTasks {
  private readonly records = new Map<string, ParallelTaskRecord>();
  private readonly scheduler: TaskScheduler;
  private readonly ports = new PortBlocks();
  private readonly listeners = new Set<(task: ParallelTaskRecord) => void>();
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly deps: ParallelTasksDeps) {
    this.scheduler = new TaskScheduler(deps.maxParallel?.());
  }

  /** Reads the records kept from earlier windows; tasks that were working are now failed (their session ended). */
  async load(): Promise<void> {
    const text = await readFile(this.deps.recordsFile, 'utf8').catch(() => undefined);
    if (text === undefined) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // a damaged file lists no task; the worktrees show up as orphans and are offered for cleanup
    }
    for (const record of Array.isArray(parsed) ? (parsed as ParallelTaskRecord[]) : []) {
      if (typeof record?.id !== 'string') continue;
      const interrupted = holdsSlot(record.state) || record.state === 'queued';
      this.records.set(record.id, interrupted ? { ...record, state: 'failed' } : record);
      if (record.portBase !== undefined && !isFinal(record.state)) this.ports.restore(record.id, record.portBase);
    }
  }

  list(): ParallelTaskRecord[] {
    return [...this.records.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  get(id: string): ParallelTaskRecord | undefined {
    return this.records.get(id);
  }

  onDidChange(listener: (task: ParallelTaskRecord) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  applyLimit(): void {
    this.scheduler.setLimit(this.deps.maxParallel?.() ?? 4);
  }

  /**
   * Queues the task, waits for its slot, then sets it up: in a git repository a worktree on its own branch (with
   * include files, links and the setup command); elsewhere the folder itself, one writing task at a time.
   * Resolves with the record once it is running, or in "setup failed" with the output kept.
   */
  async start(options: StartOptions): Promise<ParallelTaskRecord> {
    const repo = await this.deps.manager.repository(options.folder);
    const writes = options.writes ?? true;
    this.put({
      id: options.id,
      title: options.title,
      state: 'queued',
      isolation: repo ? 'worktree' : 'in-place',
      writes,
      repoRoot: repo?.root ?? options.folder,
      workRoot: repo?.root ?? options.folder,
      createdAt: (this.deps.now ?? Date.now)(),
    });
    const granted = await this.scheduler.acquire({ taskId: options.id, writes, ...(repo ? {} : { sharedFolder: options.folder }) });
    if (!granted) return this.records.get(options.id)!;
    this.move(options.id, 'slot-granted');
    if (!repo) return this.move(options.id, 'setup-succeeded');
    try {
      const block = await this.ports.allocate(options.id, this.deps.isPortFree ?? isLoopbackPortFree);
      const created = await this.deps.manager.create(repo, { title: options.title, ...(options.copyUncommitted ? { copyUncommitted: true } : {}) });
      this.update(options.id, { workRoot: created.path, branch: created.branch, baseCommit: created.baseCommit, portBase: block.first, links: created.setup.linked });
      const command = await setupCommandFor(created.path, this.deps.setupCommand?.());
      if (command) {
        const run: SetupRun = await (this.deps.runSetup ?? runSetupCommand)(command, {
          taskId: options.id,
          worktree: created.path,
          repoRoot: repo.root,
          port: block.first,
          ...(this.deps.sandbox ? { sandbox: this.deps.sandbox } : {}),
        });
        if (run.code !== 0) return this.fail(options.id, run.output);
      }
      return this.move(options.id, 'setup-succeeded');
    } catch (error) {
      return this.fail(options.id, error instanceof Error ? error.message : String(error));
    }
  }

  /** A state change the session reports (approval asked, answered, finished, failed…). */
  report(id: string, event: TaskEvent): ParallelTaskRecord {
    return this.move(id, event);
  }

  /** Counts the task's changed files and measures its disk use (links and git's data left out). */
  async refresh(id: string): Promise<ParallelTaskRecord | undefined> {
    const task = this.records.get(id);
    if (!task || task.isolation !== 'worktree' || !task.baseCommit || isFinal(task.state)) return task;
    const changed = await this.deps.manager.changedFiles(await this.deps.manager.taskWorktree(task), task.baseCommit, task.links);
    const disk = await diskUsage(task.workRoot, new Set(['.git', ...(task.links ?? [])]));
    return this.update(id, { changedFiles: changed.length, diskBytes: disk });
  }

  /** What applying would write onto the user's files (nothing when any file conflicts; those are recorded). */
  async planApply(id: string, decisions?: ReadonlyMap<string, FileDecision>, contents?: ReadonlyMap<string, Uint8Array>): Promise<ApplyPlan> {
    const task = this.need(id);
    const plan = await planApply(await this.deps.manager.taskWorktree(task), task.baseCommit!, task.repoRoot, {
      ...(decisions ? { decisions } : {}),
      ...(task.links ? { links: task.links } : {}),
      ...(contents ? { contents } : {}),
    });
    this.update(id, { conflicts: plan.conflicts.map((c) => c.path) });
    return plan;
  }

  /** After the user's files took the task's changes: applied, its processes stopped, other ready tasks re-checked. */
  async markApplied(id: string): Promise<void> {
    this.move(id, 'applied');
    await this.deps.processes?.stopAll(id);
    await this.recheckReady(id);
  }

  /** Merges the user's current state into the task's branch; a clean merge moves the task's base there. */
  async updateFromBase(id: string): Promise<UpdateResult> {
    const task = this.need(id);
    const user = await this.deps.manager.repository(task.repoRoot);
    if (!user) throw new Error(`${task.repoRoot} is not a git repository`);
    const result = await updateFromBase(await this.deps.manager.worktree(user, task.workRoot), user, `Relay: ${task.title}`, task.links);
    this.update(id, { baseCommit: result.baseCommit, conflicts: result.conflicts });
    return result;
  }

  /** Re-plans every other ready task against the user's files as they are now, recording which now conflict. */
  async recheckReady(exceptId?: string): Promise<void> {
    for (const task of this.list()) {
      if (task.id === exceptId || task.state !== 'ready-for-review' || task.isolation !== 'worktree') continue;
      await this.planApply(task.id).catch(() => undefined);
    }
  }

  /** Whether discarding would lose changes that were never applied (the caller asks the user first). */
  async hasUnappliedWork(id: string): Promise<boolean> {
    const task = this.need(id);
    if (task.isolation !== 'worktree' || task.state === 'applied' || !task.baseCommit) return false;
    return this.deps.manager.hasUnappliedWork(await this.deps.manager.taskWorktree(task), task.baseCommit, task.links);
  }

  /**
   * Stops the task's processes, removes its worktree (links unlinked first) and deletes its branch. Refuses
   * unapplied work unless `force` (the user said yes). An applied task's branch goes too; a kept branch stays
   * when `keepBranch` (for a pull request).
   */
  async discard(id: string, options: { force?: boolean; keepBranch?: boolean } = {}): Promise<ParallelTaskRecord> {
    const task = this.need(id);
    if (!options.force && (await this.hasUnappliedWork(id))) throw new UnappliedWorkError(id);
    this.scheduler.cancel(id);
    await this.deps.processes?.stopAll(id);
    await this.removeWorktree(task, !options.keepBranch);
    this.ports.release(id);
    if (options.keepBranch && task.branch) this.update(id, { keptBranch: task.branch });
    if (task.appliedRef) await this.dropAppliedRef(task);
    const done = task.state === 'discarded' ? this.need(id) : this.move(id, 'discarded');
    this.scheduler.release(id);
    return done;
  }

  /**
   * After an applied task's changes reached the user: its processes stopped, its worktree removed (links unlinked
   * first) and its branch deleted unless `keepBranch`. The record stays (applied), marked removed. A deleted
   * branch's work stays reachable (`appliedRef`, see applied-work.ts): an Undo of the apply loses nothing.
   */
  async cleanUp(id: string, options: { keepBranch?: boolean } = {}): Promise<ParallelTaskRecord> {
    const task = this.need(id);
    if (task.state !== 'applied') throw new UnappliedWorkError(id);
    await this.deps.processes?.stopAll(id);
    const appliedRef = options.keepBranch ? undefined : await this.keepAppliedRef(task);
    await this.removeWorktree(task, !options.keepBranch);
    this.ports.release(id);
    return this.update(id, { removed: true, ...(options.keepBranch && task.branch ? { keptBranch: task.branch } : {}), ...(appliedRef ? { appliedRef } : {}) });
  }

  /** Restore Branch: an applied task's kept work becomes a branch again (its old name when free); resolves with the branch. */
  async restoreBranch(id: string): Promise<string> {
    const task = this.need(id);
    const repo = task.appliedRef ? await this.deps.manager.repository(task.repoRoot) : undefined;
    if (!task.appliedRef || !repo) throw new Error(`Task ${id} has no kept work to make a branch of.`);
    const branch = await branchFromAppliedWork(this.deps.manager, repo, task.appliedRef, task.branch ?? task.title);
    const { appliedRef: _dropped, ...rest } = this.need(id);
    return this.put({ ...rest, keptBranch: branch }).keptBranch!;
  }

  /** Drops the kept work of applied tasks no record holds any more (a damaged or older records file); resolves with the refs dropped. */
  async pruneAppliedRefs(repoRoot: string): Promise<string[]> {
    const repo = await this.deps.manager.repository(repoRoot);
    if (!repo) return [];
    const held = new Set(this.list().flatMap((t) => (t.appliedRef && t.state !== 'discarded' ? [t.appliedRef] : [])));
    return pruneAppliedWork(this.deps.manager, repo, held);
  }

  private async keepAppliedRef(task: ParallelTaskRecord): Promise<string | undefined> {
    if (task.isolation !== 'worktree' || !task.branch || task.removed) return undefined;
    const repo = await this.deps.manager.repository(task.repoRoot);
    return repo ? keepAppliedWork(this.deps.manager, repo, task) : undefined;
  }

  private async dropAppliedRef(task: ParallelTaskRecord): Promise<void> {
    const repo = await this.deps.manager.repository(task.repoRoot);
    if (repo && task.appliedRef) await dropAppliedWork(this.deps.manager, repo, task.appliedRef);
    const { appliedRef: _dropped, ...rest } = this.need(task.id);
    this.put(rest);
  }

  private async removeWorktree(task: ParallelTaskRecord, deleteBranch: boolean): Promise<void> {
    if (task.isolation !== 'worktree' || !task.branch || task.removed) return;
    const repo = await this.deps.manager.repository(task.repoRoot);
    if (!repo) return;
    await this.deps.manager.remove(repo, task.workRoot, task.branch, { ...(task.links ? { links: task.links } : {}), force: true, deleteBranch });
  }

  /** Worktrees in Relay's storage that no record names, and records whose worktree is gone. */
  async orphans(repoRoot: string): Promise<OrphanReport> {
    const live = this.list().filter((t) => t.isolation === 'worktree' && t.state !== 'discarded' && !t.removed);
    const repo = await this.deps.manager.repository(repoRoot);
    if (!repo) throw new Error(`${repoRoot} is not a git repository`);
    return this.deps.manager.orphans(repo, live.map((t) => ({ id: t.id, workRoot: t.workRoot })));
  }

  /** Waits for the records file to be written (tests, and the extension's deactivation). */
  flush(): Promise<void> {
    return this.saving;
  }

  private need(id: string): ParallelTaskRecord {
    const task = this.records.get(id);
    if (!task) throw new Error(`No parallel task ${id}`);
    return task;
  }

  private fail(id: string, output: string): ParallelTaskRecord {
    this.update(id, { setupOutput: output });
    return this.move(id, 'setup-failed');
  }

  private move(id: string, event: TaskEvent): ParallelTaskRecord {
    const task = this.need(id);
    const state = nextState(task.state, event);
    const moved = this.update(id, { state });
    // A task waiting for review (or failed, or done) no longer holds one of the running slots.
    if (!holdsSlot(state) && holdsSlot(task.state)) this.scheduler.release(id);
    return moved;
  }

  private update(id: string, patch: Partial<ParallelTaskRecord>): ParallelTaskRecord {
    const next = { ...this.need(id), ...patch };
    return this.put(next);
  }

  private put(task: ParallelTaskRecord): ParallelTaskRecord {
    this.records.set(task.id, task);
    for (const l of this.listeners) l(task);
    const snapshot = JSON.stringify(this.list(), null, 1);
    this.saving = this.saving
      .then(async () => {
        await mkdir(dirname(this.deps.recordsFile), { recursive: true });
        await writeAtomically(this.deps.recordsFile, snapshot);
      })
      .catch((error: unknown) => this.deps.onSaveError?.(error));
    return task;
  }
}

export class UnappliedWorkError extends Error {
  constructor(readonly taskId: string) {
    super(`Task ${taskId} has changes that were never applied.`);
  }
}
