// Which tasks' checkpoints go when a workspace's checkpoint storage is over its cap: least recently used
// first, never the task in use. The store removes them one at a time and collects what nothing else shares.

export interface StoredTaskUse {
  taskId: string;
  /** Epoch ms of the task's last checkpoint or restore. */
  lastUsed: number;
}

export function evictionOrder(tasks: readonly StoredTaskUse[], keep: ReadonlySet<string>): string[] {
  return tasks
    .filter((task) => !keep.has(task.taskId))
    .sort((a, b) => a.lastUsed - b.lastUsed || (a.taskId < b.taskId ? -1 : 1))
    .map((task) => task.taskId);
}
