// How many tasks run at once (a setting, 4 by default; the rest wait in order), and, in a folder without git where
// tasks share the user's files, one writing task at a time per folder (in the order started) while read-only
// tasks still run beside it.

export const DEFAULT_MAX_PARALLEL_TASKS = 4;

export interface SlotRequest {
  taskId: string;
  /** Whether the task may change files. */
  writes: boolean;
  /** Set for tasks that work in the user's folder itself (no worktree): writers with the same key run one at a time. */
  sharedFolder?: string;
}

interface Waiter extends SlotRequest {
  grant(granted: boolean): void;
}

export class TaskScheduler {
  private readonly queue: Waiter[] = [];
  private readonly running = new Map<string, SlotRequest>();
  private readonly listeners = new Set<() => void>();

  constructor(private limit = DEFAULT_MAX_PARALLEL_TASKS) {}

  setLimit(limit: number): void {
    this.limit = Math.max(1, Math.floor(limit));
    this.pump();
  }

  /** Resolves true when the task may run, false when it was cancelled while waiting. */
  acquire(request: SlotRequest): Promise<boolean> {
    if (this.running.has(request.taskId)) return Promise.resolve(true);
    return new Promise((grant) => {
      this.queue.push({ ...request, grant });
      this.pump();
      this.changed();
    });
  }

  /** Frees the task's slot (finished, waiting for review, discarded) and starts whoever may start now. */
  release(taskId: string): void {
    if (this.running.delete(taskId)) this.pump();
    this.changed();
  }

  /** Takes a waiting task out of the queue (its `acquire` resolves false). */
  cancel(taskId: string): void {
    const waiter = this.queue.find((w) => w.taskId === taskId);
    if (waiter) {
      this.queue.splice(this.queue.indexOf(waiter), 1);
      waiter.grant(false);
    }
    this.changed();
  }

  queued(): string[] {
    return this.queue.map((w) => w.taskId);
  }

  active(): string[] {
    return [...this.running.keys()];
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private pump(): void {
    let started = false;
    // Writers to a shared folder keep their order among themselves (the first one waiting is the first started);
    // a read-only task may pass a blocked writer.
    for (let i = 0; i < this.queue.length && this.running.size < this.limit; ) {
      const w = this.queue[i]!;
      const folder = w.writes ? w.sharedFolder : undefined;
      if (folder !== undefined && this.writerRunsIn(folder)) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      this.running.set(w.taskId, { taskId: w.taskId, writes: w.writes, sharedFolder: w.sharedFolder });
      w.grant(true);
      started = true;
    }
    if (started) this.changed();
  }

  private writerRunsIn(folder: string): boolean {
    for (const r of this.running.values()) if (r.writes && r.sharedFolder === folder) return true;
    return false;
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
