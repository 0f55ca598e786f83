// Approvals from many tasks, one person: requests wait in order of arrival (first in, first out) and are shown one
// at a time, instead of modals stacking. The asking task simply awaits its answer (it is paused); other tasks go on.

export interface QueuedApproval<R> {
  taskId: string;
  request: R;
  /** Position when queued, from 1. */
  seq: number;
}

interface Entry<R, A> extends QueuedApproval<R> {
  resolve(answer: A): void;
  reject(error: unknown): void;
}

export class ApprovalQueue<R, A> {
  private readonly waiting: Entry<R, A>[] = [];
  private showing: Entry<R, A> | undefined;
  private seq = 0;
  private readonly listeners = new Set<() => void>();

  /** `present` shows one request (the modal naming task and branch) and resolves with the person's answer. */
  constructor(private readonly present: (item: QueuedApproval<R>) => Promise<A>) {}

  ask(taskId: string, request: R): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      this.waiting.push({ taskId, request, seq: ++this.seq, resolve, reject });
      this.changed();
      this.pump();
    });
  }

  /** Answers every queued (not yet shown) request of a task with `answer`, e.g. a denial when it is discarded. */
  cancel(taskId: string, answer: A): void {
    const dropped = this.waiting.filter((e) => e.taskId === taskId);
    this.waiting.splice(0, this.waiting.length, ...this.waiting.filter((e) => e.taskId !== taskId));
    for (const entry of dropped) entry.resolve(answer);
    this.changed();
  }

  /** What waits, in the order it will be shown (the one on screen first). */
  pending(): QueuedApproval<R>[] {
    return [this.showing, ...this.waiting].filter((e): e is Entry<R, A> => e !== undefined).map(({ taskId, request, seq }) => ({ taskId, request, seq }));
  }

  isWaiting(taskId: string): boolean {
    return this.showing?.taskId === taskId || this.waiting.some((e) => e.taskId === taskId);
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private pump(): void {
    if (this.showing) return;
    const next = this.waiting.shift();
    if (!next) return;
    this.showing = next;
    this.changed();
    // A presenter that fails answers its request with the failure and never wedges the queue.
    const settle = (finish: () => void) => {
      this.showing = undefined;
      finish();
      this.changed();
      this.pump();
    };
    this.present(next).then(
      (answer) => settle(() => next.resolve(answer)),
      (error: unknown) => settle(() => next.reject(error)),
    );
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }
}
