// Crash points for the fault-injection suite (`npm run test:faults`, scripts/test-faults.ts). Inert unless the
// extension host's environment holds RELAY_FAULT_POINT=<name>:<n>, which only that suite sets: the n-th time the
// named point is reached, the process stops itself (SIGSTOP) right there, and the suite SIGKILLs it, or the whole
// VS Code server, while it is frozen in the middle of that write. While armed, every point's hits are counted (the
// suite reads them to spread its kill points over a task). Nothing else: no file, no network, no other state.

const COUNTS = Symbol.for('relay.faultPointCounts');

/** Called between the steps of a write that a crash must not tear (e.g. after a temporary file, before its rename). */
export function faultPoint(name: string): void {
  const armed = process.env.RELAY_FAULT_POINT;
  if (armed === undefined) return;
  const holder = globalThis as { [COUNTS]?: Map<string, number> };
  const counts = (holder[COUNTS] ??= new Map());
  const count = (counts.get(name) ?? 0) + 1;
  counts.set(name, count);
  if (armed === `${name}:${count}`) process.kill(process.pid, 'SIGSTOP');
}
