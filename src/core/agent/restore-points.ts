// The chat items a task can go back to ("Restore files to here", "… and conversation"): each user message and
// each card that changed files, with where the model history stood then and the checkpoint of the files. A
// user message gets its checkpoint from the first step after it that takes one (nothing changed before that).
import type { RestorePoint } from '../checkpoints/conversation';

export class RestorePoints {
  private readonly points = new Map<string, RestorePoint>();
  /** The latest user message no checkpoint has been taken after yet. */
  private userAwaitingCheckpoint: string | undefined;

  constructor(stored: readonly RestorePoint[] = []) {
    for (const point of stored) this.points.set(point.itemId, point);
  }

  get(itemId: string): RestorePoint | undefined {
    return this.points.get(itemId);
  }

  /** Every point, for the task record. */
  all(): RestorePoint[] {
    return [...this.points.values()];
  }

  /** A user message: its anchor now, its checkpoint with the next step that takes one. */
  userMessage(point: RestorePoint): void {
    this.points.set(point.itemId, point);
    this.userAwaitingCheckpoint = point.itemId;
  }

  /**
   * A checkpoint taken before a step (its card is `point.itemId`): the items that can now restore to it, the card
   * and, when it is the first step after a user message, that message too.
   */
  checkpointed(point: RestorePoint & { checkpointId: string }): string[] {
    this.points.set(point.itemId, point);
    const user = this.userAwaitingCheckpoint;
    const message = user === undefined ? undefined : this.points.get(user);
    if (!message) return [point.itemId];
    this.userAwaitingCheckpoint = undefined;
    this.points.set(message.itemId, { ...message, checkpointId: point.checkpointId });
    return [point.itemId, message.itemId];
  }

  /** A point of its own (e.g. a restore's notice, which can undo the restore). */
  add(point: RestorePoint): void {
    this.points.set(point.itemId, point);
  }

  /** After a conversation restore: only the items still in the chat keep their points. */
  keepOnly(itemIds: ReadonlySet<string>): void {
    for (const id of [...this.points.keys()]) if (!itemIds.has(id)) this.points.delete(id);
    this.userAwaitingCheckpoint = undefined;
  }
}
