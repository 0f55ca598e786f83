// Abort plumbing: a call's own signal follows the task's signal (behaviour 20), and the reason says why it
// aborted (timeout or cancellation), so the runtime reports the right status.
import { l10n, type Said } from '../l10n';
import type { Disposable } from './emitter';

export class TimeoutReason {
  constructor(readonly timeoutMs: number) {}
}

/** Why a call was cancelled: `said.model` for the model (English), `said.ui` for the card. */
export class CancelReason {
  readonly said: Said;

  /** A string is the same on both channels. */
  constructor(reason: string | Said = l10n.both('Cancelled by the user')) {
    this.said = typeof reason === 'string' ? { model: reason, ui: reason } : reason;
  }

  get message(): string {
    return this.said.model;
  }
}

/** Aborts `child` when `parent` aborts; dispose to stop listening once the call is over (no leak on long tasks). */
export function followSignal(parent: AbortSignal | undefined, child: AbortController): Disposable {
  if (!parent) return { dispose: () => {} };
  const onAbort = () => child.abort(cancelReasonOf(parent.reason));
  if (parent.aborted) {
    onAbort();
    return { dispose: () => {} };
  }
  parent.addEventListener('abort', onAbort, { once: true });
  return { dispose: () => parent.removeEventListener('abort', onAbort) };
}

/** The task's own stop (AgentSession.cancel aborts with this string): the call's reason in both channels. */
const USER_CANCELLED = 'Cancelled by the user';

function cancelReasonOf(reason: unknown): CancelReason {
  if (reason instanceof CancelReason) return reason;
  if (typeof reason === 'string') return new CancelReason(reason === USER_CANCELLED ? undefined : reason);
  return new CancelReason();
}

/** Resolves when `signal` aborts; `dispose` removes the listener. */
export function whenAborted(signal: AbortSignal): { promise: Promise<void>; dispose(): void } {
  let onAbort = () => {};
  const promise = new Promise<void>((resolve) => {
    onAbort = () => resolve();
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/** Settles with `work`, or with undefined once `signal` aborts, whichever comes first. */
export async function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<{ value: T } | undefined> {
  const aborted = whenAborted(signal);
  try {
    return await Promise.race([work.then((value) => ({ value })), aborted.promise.then(() => undefined)]);
  } finally {
    aborted.dispose();
  }
}
