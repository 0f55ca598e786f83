// Runs one final execution under its limits (behaviours 18, 20): a timeout that really aborts the call's
// signal, cancellation through the same signal, and a short grace period after an abort so a tool can report
// its partial output before the runtime stops waiting for it.
import { l10n, type Said } from '../l10n';
import { TimeoutReason, whenAborted } from './abort';
import { CancelReason } from './abort';

export type ExecutionEnd =
  | { kind: 'completed' }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'cancelled'; reason: Said };

export const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
export const DEFAULT_ABORT_GRACE_MS = 2000;

export async function executeWithLimits(
  run: () => Promise<void>,
  controller: AbortController,
  timeoutMs: number,
  graceMs: number,
): Promise<ExecutionEnd> {
  const signal = controller.signal;
  if (signal.aborted) return abortedEnd(signal);
  const timer = setTimeout(() => controller.abort(new TimeoutReason(timeoutMs)), timeoutMs);
  const aborted = whenAborted(signal);
  const work: Promise<ExecutionEnd> = new Promise<void>((resolve) => resolve(run())).then(
    () => ({ kind: 'completed' }),
    (error: unknown) => ({ kind: 'threw', error }),
  );
  try {
    const first = await Promise.race([work, aborted.promise.then(() => undefined)]);
    if (first && !signal.aborted) return first;
  } finally {
    clearTimeout(timer);
    aborted.dispose();
  }
  // Aborted: give the tool a moment to stop its process and report partial output, then move on without it.
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, graceMs)));
  try {
    await Promise.race([work, grace]);
  } finally {
    clearTimeout(graceTimer);
  }
  return abortedEnd(signal);
}

function abortedEnd(signal: AbortSignal): ExecutionEnd {
  const reason: unknown = signal.reason;
  if (reason instanceof TimeoutReason) return { kind: 'timeout', timeoutMs: reason.timeoutMs };
  return { kind: 'cancelled', reason: reason instanceof CancelReason ? reason.said : l10n.both('cancelled') };
}
