// Crash points for the fault-injection suite (`npm run test:faults`, scripts/test-faults.ts). Inert unless the
// extension host's environment holds RELAY_FAULT_POINT=<name>:<n>, which only that suite sets: the n-th time the
// named point is reached, the process stops itself (SIGSTOP) right there, and the suite SIGKILLs it, or the whole
// VS Code server, while it is frozen in the middle of that write. Nothing else: no file, no network, no state.

const counts = new Map<string, number>();

/** Called between the steps of a write that a crash must not tear (e.g. after a temporary file, before its rename). */
export function faultPoint(name: string): void {
  const armed = process.env.RELAY_FAULT_POINT;
  if (armed === undefined || !armed.startsWith(`${name}:`)) return;
  const count = (counts.get(armed) ?? 0) + 1;
  counts.set(armed, count);
  if (count === Number(armed.slice(name.length + 1))) process.kill(process.pid, 'SIGSTOP');
}
