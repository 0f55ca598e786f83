// The checkpoints of one workspace (issue 14), in the extension's global storage: content-addressed objects
// (object-store.ts), a stat cache, and one index file per task listing its steps in order. An edit's step
// stores exactly the files it changes; a command's step snapshots the workspace (workspace-snapshot.ts).
// Storage is capped: over the cap, the least recently used other tasks lose their checkpoints.
// A workspace snapshot stores its new objects raw in one pack, deflated afterwards by a repack (object-store.ts):
// at the end of the step when there is little, otherwise in the background, a couple of megabytes per turn of
// the store's queue, so a step that comes meanwhile waits for one turn at most. The cap is enforced once they
// are deflated: raw sizes would overstate what they take.
// No `vscode` import: the extension passes folders and settings; tests pass temporary folders.
import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { join, sep } from 'node:path';
import { evictionOrder } from '../../core/checkpoints/eviction';
import { pathsToRead, planRestore, type RestoreChange, type RestorePlan } from '../../core/checkpoints/restore-plan';
import { sameState, type CheckpointStep, type Coverage, type FileState } from '../../core/checkpoints/types';
import type { CheckpointRecorder, CheckpointRequest } from '../../core/ports/checkpoints';
import { isValidTaskId } from '../../core/ports/task-store';
import { removeStaleTemps, writeAtomically } from '../storage/stale-temps';
import { ObjectStore } from './object-store';
import { removeRestoreLeftovers, writeRestore } from './restore-writer';
import { captureFile, collectTree, flattenTree, type SnapshotStats, snapshotFolder, StatCache } from './workspace-snapshot';

export interface CheckpointSettings {
  maxFileBytes: number;
  maxStorageBytes: number;
}

export const DEFAULT_CHECKPOINT_SETTINGS: CheckpointSettings = { maxFileBytes: 5 * 1024 * 1024, maxStorageBytes: 1024 * 1024 * 1024 };

type StoredCoverage = { scope: 'files'; files: Record<string, FileState | null> } | { scope: 'workspace'; roots: Record<string, string> };

interface StoredStep {
  id: string;
  itemId?: string;
  label: string;
  createdAt: number;
  before: StoredCoverage;
  after?: StoredCoverage;
}

interface TaskIndex {
  taskId: string;
  lastUsed: number;
  steps: StoredStep[];
}

export interface CheckpointLogger {
  info(message: string): void;
  warn(message: string, error?: unknown): void;
}

export interface CheckpointStoreOptions {
  /** Where this workspace's checkpoints live (under global storage). */
  directory: string;
  roots: () => readonly string[];
  settings: () => CheckpointSettings;
  logger?: CheckpointLogger;
  now?: () => number;
  /** Store small changes as deltas against the previous version (default); off only to measure the baseline. */
  deltas?: boolean;
  /** Bytes up to which a step repacks (deflates) its new objects itself before it ends; above, the background does. */
  inlineCompactionBytes?: number;
}

/** A step that stored less than this deflates it at once (a few milliseconds); more waits for the background. */
export const INLINE_COMPACTION_BYTES = 1024 * 1024;
/** Raw bytes deflated per turn of the queue in the background: a step that comes meanwhile waits for one turn at most. */
const COMPACTION_STEP_BYTES = 1024 * 1024;
/**
 * The background repack starts once no step has come for this long: the step after a short command then finds
 * the CPU free (measured under load: an unchanged snapshot during the repack took 2.6 s against 0.6 s without).
 */
const REPACK_QUIET_MS = 3000;

/** The folder for a workspace's checkpoints: one per set of workspace folders. */
export function checkpointDirectory(globalStorage: string, roots: readonly string[]): string {
  const key = createHash('sha256').update(roots.join('\n')).digest('hex').slice(0, 16);
  return join(globalStorage, 'checkpoints', key);
}

export interface CaptureResult {
  id: string;
  stats: SnapshotStats;
}

export class CheckpointStore implements CheckpointRecorder {
  private objects: Promise<ObjectStore> | undefined;
  private readonly cache: StatCache;
  private readonly logger: CheckpointLogger;
  private readonly now: () => number;
  /** Store operations run one at a time: snapshots, restores and eviction never interleave. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Which task each step belongs to, for `afterStep`. */
  private readonly stepTasks = new Map<string, string>();
  /** The background compaction under way, if any. */
  private compaction: Promise<void> | undefined;
  /** The task the cap spares when it is enforced after a compaction. */
  private lastTask: string | undefined;
  private disposed = false;
  /** When the last step ended (monotonic clock), and the wait for quiet before the repack (ended early by `settled`). */
  private lastStep = 0;
  private quiet: { timer: NodeJS.Timeout; resolve: () => void } | undefined;
  private hurry = false;

  constructor(private readonly options: CheckpointStoreOptions) {
    this.cache = new StatCache(join(options.directory, 'stat-cache.json'));
    this.logger = options.logger ?? { info: () => undefined, warn: (m, e) => console.warn(`[relay checkpoints] ${m}`, e ?? '') };
    this.now = options.now ?? Date.now;
  }

  async beforeStep(request: CheckpointRequest): Promise<string | undefined> {
    try {
      const result = await this.capture(request);
      return result?.id;
    } catch (error) {
      this.logger.warn(`Could not take a checkpoint before "${request.label}"`, error);
      return undefined;
    }
  }

  /** True when the step changed a file its checkpoint covers; undefined when that is not known (no such step, a failure). */
  async afterStep(checkpointId: string): Promise<boolean | undefined> {
    const taskId = this.stepTasks.get(checkpointId);
    if (!taskId) return undefined;
    let changed: boolean | undefined;
    await this.serial(async () => {
      const index = await this.readIndex(taskId);
      const step = index.steps.find((s) => s.id === checkpointId);
      if (!step) return;
      const stats = emptyStats();
      step.after = await this.captureScope(step.before.scope === 'files' ? Object.keys(step.before.files) : undefined, stats);
      changed = !sameCoverage(step.before, step.after);
      index.lastUsed = this.now();
      await this.writeIndex(index);
      await this.cache.save();
      await this.compactOrSchedule();
      this.lastStep = performance.now();
      await this.evict(taskId);
    }).catch((error: unknown) => this.logger.warn('Could not record the files after a step', error));
    return changed;
  }

  /** Takes a checkpoint now; undefined when there is no workspace. */
  capture(request: CheckpointRequest): Promise<CaptureResult | undefined> {
    return this.serial(async () => {
      if (!isValidTaskId(request.taskId) || this.options.roots().length === 0) return undefined;
      const started = this.now();
      const stats = emptyStats();
      const paths = request.paths?.filter((path) => this.inWorkspace(path));
      const before = await this.captureScope(paths, stats);
      const step: StoredStep = { id: `cp-${randomUUID()}`, itemId: request.itemId, label: request.label, createdAt: started, before };
      const index = await this.readIndex(request.taskId);
      index.steps.push(step);
      index.lastUsed = this.now();
      await this.writeIndex(index);
      await this.cache.save();
      await this.compactOrSchedule();
      this.lastStep = performance.now();
      this.lastTask = request.taskId;
      this.stepTasks.set(step.id, request.taskId);
      this.logger.info(
        `Checkpoint ${step.id} before "${request.label}": ${stats.files} files, ${stats.read} read, ${this.now() - started} ms` +
          (stats.skipped.length > 0 ? `; not stored (over the size limit): ${stats.skipped.map((s) => `${s.path} (${s.size} bytes)`).join(', ')}` : ''),
      );
      return { id: step.id, stats };
    });
  }

  /** The task's steps in order, with their coverages read from storage. */
  async steps(taskId: string): Promise<CheckpointStep[]> {
    const index = await this.readIndex(taskId);
    const objects = await this.objectStore();
    return Promise.all(
      index.steps.map(async (step) => ({
        id: step.id,
        ...(step.itemId !== undefined ? { itemId: step.itemId } : {}),
        label: step.label,
        createdAt: step.createdAt,
        before: await loadCoverage(objects, step.before),
        ...(step.after ? { after: await loadCoverage(objects, step.after) } : {}),
      })),
    );
  }

  /** What restoring the task's files to the state before `checkpointId` would change. */
  async planRestore(taskId: string, checkpointId: string): Promise<{ plan: RestorePlan; steps: CheckpointStep[]; index: number } | undefined> {
    const steps = await this.steps(taskId);
    const index = steps.findIndex((step) => step.id === checkpointId);
    if (index < 0) return undefined;
    const current = await this.serial(async () => {
      const stored = await this.captureScope(pathsToRead(steps, index), emptyStats());
      await this.cache.save();
      return loadCoverage(await this.objectStore(), stored);
    });
    return { plan: planRestore(steps, index, current), steps, index };
  }

  /** The bytes a file state holds. */
  async read(state: Extract<FileState, { type: 'file' }>): Promise<Buffer> {
    return (await this.objectStore()).get(state.hash);
  }

  /** Writes the changes (files, links, deletions) inside the workspace, crash-safe (restore-writer.ts). */
  async apply(changes: readonly RestoreChange[]): Promise<void> {
    const objects = await this.objectStore();
    await writeRestore(this.options.directory, changes, (hash) => objects.get(hash), (path) => this.inWorkspace(path));
  }

  /** Bytes the workspace's checkpoints take. */
  async storageBytes(): Promise<number> {
    return (await this.objectStore()).size;
  }

  /** Resolves once no compaction is under way or due (every object deflated, the cap enforced). */
  async settled(): Promise<void> {
    await this.serial(async () => undefined);
    this.hurry = true;
    try {
      this.endQuietWait();
      while (this.compaction) await this.compaction;
    } finally {
      this.hurry = false;
    }
  }

  /**
   * Checks the store: every object read back against its hash, and every object a step refers to present.
   * Returns the problems found, none when the store is whole.
   */
  async verify(): Promise<{ objects: number; problems: string[] }> {
    return this.serial(async () => {
      const objects = await this.objectStore();
      const result = await objects.verify();
      const problems = result.damaged.map((d) => d.error);
      for (const hash of await this.reachable()) {
        if (!objects.has(hash)) problems.push(`Checkpoint object ${hash} is referred to by a step but missing`);
      }
      return { objects: result.checked, problems };
    });
  }

  /** Stops the background compaction after its current turn (what is left raw is deflated on the next open). */
  dispose(): void {
    this.disposed = true;
    this.endQuietWait();
  }

  /** Drops the task's checkpoints (its task was deleted). */
  async forget(taskId: string): Promise<void> {
    if (!isValidTaskId(taskId)) return;
    await this.serial(async () => {
      await fs.rm(this.indexPath(taskId), { force: true });
      await this.collectGarbage();
    });
  }

  /** Over the cap: the least recently used other tasks' checkpoints go, oldest first, until it fits. */
  private async evict(currentTask: string): Promise<void> {
    const cap = this.options.settings().maxStorageBytes;
    const objects = await this.objectStore();
    // Raw objects overstate what they will take: the compaction enforces the cap when it is done.
    if (objects.size <= cap || objects.rawCount > 0) return;
    const indexes = await this.readIndexes();
    const keep = new Set([currentTask]);
    for (const taskId of evictionOrder(indexes, keep)) {
      if (objects.size <= cap) break;
      await fs.rm(this.indexPath(taskId), { force: true });
      const freed = await this.collectGarbage();
      this.logger.info(`Checkpoint storage over ${cap} bytes: removed the checkpoints of task ${taskId} (${freed} bytes freed)`);
    }
    if (objects.size > cap) this.logger.warn(`Checkpoint storage is ${objects.size} bytes, over the ${cap} byte cap, with only tasks in use left`);
  }

  /** Repacks now when there is little to do (a few milliseconds); otherwise starts the background repack. */
  private async compactOrSchedule(): Promise<void> {
    const objects = await this.objectStore();
    const ids = objects.packsToRepack();
    if (ids.length === 0 || this.compaction) return;
    if (objects.repackBytes(ids) <= (this.options.inlineCompactionBytes ?? INLINE_COMPACTION_BYTES)) {
      await objects.repack(ids);
      return;
    }
    this.compaction = this.compactInBackground().finally(() => {
      this.compaction = undefined;
    });
  }

  /** Each step of the repack is a turn of the queue: snapshots, restores and sweeps interleave with it but never overlap it. */
  private async compactInBackground(): Promise<void> {
    // Not in this turn of the queue, and not while steps are coming.
    await new Promise((resolve) => setImmediate(resolve));
    while (!this.hurry && !this.disposed && performance.now() - this.lastStep < REPACK_QUIET_MS) await this.waitForQuiet(REPACK_QUIET_MS - (performance.now() - this.lastStep));
    try {
      const objects = await this.objectStore();
      const started = this.now();
      let before = 0;
      let after = 0;
      for (let round = 0; round < 4 && !this.disposed; round++) {
        const ids = objects.packsToRepack();
        if (ids.length === 0) break;
        const result = await objects.repack(ids, COMPACTION_STEP_BYTES, (step) => this.serial(() => (this.disposed ? Promise.reject(new Error('disposed')) : step())));
        before += result.before;
        after += result.after;
      }
      this.logger.info(`Checkpoint objects repacked in the background: ${before} bytes to ${after} in ${this.now() - started} ms`);
      const task = this.lastTask;
      if (task !== undefined && !this.disposed) await this.serial(() => this.evict(task));
    } catch (error) {
      if (!this.disposed) this.logger.warn('Could not repack checkpoint objects (they stay readable as they are)', error);
    }
  }

  private waitForQuiet(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.endQuietWait(), Math.max(ms, 1));
      timer.unref();
      this.quiet = { timer, resolve };
    });
  }

  private endQuietWait(): void {
    const quiet = this.quiet;
    this.quiet = undefined;
    if (!quiet) return;
    clearTimeout(quiet.timer);
    quiet.resolve();
  }

  private async collectGarbage(): Promise<number> {
    const objects = await this.objectStore();
    return objects.sweep(await this.reachable());
  }

  /** Every object a step of any task refers to. */
  private async reachable(): Promise<Set<string>> {
    const objects = await this.objectStore();
    const reachable = new Set<string>();
    for (const index of await this.readIndexes()) {
      for (const step of index.steps) {
        for (const coverage of [step.before, step.after]) {
          if (!coverage) continue;
          if (coverage.scope === 'files') {
            for (const state of Object.values(coverage.files)) if (state?.type === 'file') reachable.add(state.hash);
          } else {
            for (const tree of Object.values(coverage.roots)) await collectTree(objects, tree, reachable);
          }
        }
      }
    }
    return reachable;
  }

  private async captureScope(paths: readonly string[] | undefined, stats: SnapshotStats): Promise<StoredCoverage> {
    const options = { objects: await this.objectStore(), cache: this.cache, maxFileBytes: this.options.settings().maxFileBytes, now: this.now };
    if (paths) {
      const files: Record<string, FileState | null> = {};
      for (const path of paths) files[path] = await captureFile(path, options, stats);
      return { scope: 'files', files };
    }
    const roots: Record<string, string> = {};
    // One pack for the snapshot's new objects: one file written instead of one per object.
    options.objects.beginBatch();
    try {
      for (const root of this.options.roots()) roots[root] = await snapshotFolder(root, options, stats);
      await options.objects.commitBatch();
    } catch (error) {
      await options.objects.abortBatch();
      throw error;
    }
    return { scope: 'workspace', roots };
  }

  private inWorkspace(path: string): boolean {
    if (path.split(/[\\/]/).includes('.git')) return false;
    return this.options.roots().some((root) => path.startsWith(root.endsWith(sep) ? root : root + sep));
  }

  private objectStore(): Promise<ObjectStore> {
    this.objects ??= (async () => {
      await fs.mkdir(join(this.options.directory, 'tasks'), { recursive: true });
      await this.removeCrashLeftovers();
      await this.cache.load();
      return ObjectStore.open(join(this.options.directory, 'objects'), { deltas: this.options.deltas ?? true });
    })();
    return this.objects;
  }

  /** What a crashed writer left: temporary index and cache files, and a cut-short restore's temporary files. */
  private async removeCrashLeftovers(): Promise<void> {
    const directory = this.options.directory;
    await removeStaleTemps(join(directory, 'tasks'), (target) => target.endsWith('.json'));
    await removeStaleTemps(directory);
    await removeRestoreLeftovers(directory, (path) => this.inWorkspace(path));
  }

  private async readIndex(taskId: string): Promise<TaskIndex> {
    await this.objectStore();
    try {
      const index = JSON.parse(await fs.readFile(this.indexPath(taskId), 'utf8')) as TaskIndex;
      if (index.taskId === taskId && Array.isArray(index.steps)) return index;
    } catch {
      // none yet
    }
    return { taskId, lastUsed: this.now(), steps: [] };
  }

  private async readIndexes(): Promise<TaskIndex[]> {
    const names = await fs.readdir(join(this.options.directory, 'tasks')).catch(() => []);
    const ids = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5)).filter(isValidTaskId);
    return Promise.all(ids.map((id) => this.readIndex(id)));
  }

  private async writeIndex(index: TaskIndex): Promise<void> {
    await writeAtomically(this.indexPath(index.taskId), JSON.stringify(index), 'checkpoint-index');
  }

  private indexPath(taskId: string): string {
    return join(this.options.directory, 'tasks', `${taskId}.json`);
  }

  private serial<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/** Whether two stored coverages hold the same files: trees are content-addressed, so equal hashes are equal trees. */
function sameCoverage(a: StoredCoverage, b: StoredCoverage): boolean {
  if (a.scope === 'workspace' && b.scope === 'workspace') {
    const roots = Object.keys(a.roots);
    return roots.length === Object.keys(b.roots).length && roots.every((root) => a.roots[root] === b.roots[root]);
  }
  if (a.scope === 'files' && b.scope === 'files') {
    const paths = new Set([...Object.keys(a.files), ...Object.keys(b.files)]);
    return [...paths].every((path) => sameState(a.files[path], b.files[path]));
  }
  return false;
}

async function loadCoverage(objects: ObjectStore, stored: StoredCoverage): Promise<Coverage> {
  if (stored.scope === 'files') return { scope: 'files', files: new Map(Object.entries(stored.files)) };
  const files = new Map<string, FileState>();
  for (const [root, tree] of Object.entries(stored.roots)) await flattenTree(objects, root, tree, files);
  return { scope: 'workspace', files };
}

function emptyStats(): SnapshotStats {
  return { files: 0, read: 0, skipped: [] };
}
