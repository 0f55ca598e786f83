// Waiting on one process for a call: until it is ready, waits for input or ends (settle), or until it prints
// something the caller has not read (waitForOutput). Each wait ends on its timeout or the call's cancel and
// leaves no listener or timer behind.
import type { SettleReason } from '../../core/ports/processes';
import { canReadListeningPorts } from './listening-ports';
import type { ManagedProcess } from './managed-process';

/** How often a starting process's listening sockets are looked at while a call waits for it to be ready. */
const PORT_POLL_MS = 200;

/** `listeningPorts` reads the group's ports now: a server that listens is ready even if it printed nothing. */
export function settleProcess(p: ManagedProcess, options: { until: 'ready' | 'end'; timeoutMs: number; signal?: AbortSignal }, listeningPorts: () => number[]): Promise<SettleReason> {
  return new Promise<SettleReason>((resolve) => {
    let poll: NodeJS.Timeout | undefined;
    const check = (): SettleReason | undefined => {
      if (!p.live) return 'ended';
      if (p.lifecycle.state === 'waiting-for-input') return 'waiting-for-input';
      if (options.until === 'ready' && p.lifecycle.state === 'ready') return 'ready';
      return undefined;
    };
    const done = (reason: SettleReason) => {
      clearTimeout(timer);
      if (poll) clearInterval(poll);
      sub.dispose();
      options.signal?.removeEventListener('abort', onAbort);
      if (reason !== 'timeout' && reason !== 'cancelled') p.unreported = false; // the caller tells the model
      resolve(reason);
    };
    const onAbort = () => done('cancelled');
    const sub = p.on((event) => {
      if (event.kind !== 'state') return;
      const reason = check();
      if (reason) done(reason);
    });
    const timer = setTimeout(() => done('timeout'), options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const now = check();
    if (now) return done(now);
    if (options.signal?.aborted) return done('cancelled');
    if (options.until === 'ready' && canReadListeningPorts()) {
      poll = setInterval(() => {
        if (listeningPorts().length > 0) p.markReady();
      }, PORT_POLL_MS);
    }
  });
}

/** True once there is output to read (or the process ended); false on timeout or cancel. */
export function waitForProcessOutput(p: ManagedProcess, timeoutMs: number, signal?: AbortSignal, filter?: RegExp): Promise<boolean> {
  if (p.reader.hasUnreadFor(filter, !p.live) || !p.live) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      sub.dispose();
      signal?.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => done(false);
    const sub = p.on((event) => {
      if ((event.kind === 'output' && event.text !== '') || !p.live) done(true);
    });
    const timer = setTimeout(() => done(false), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
