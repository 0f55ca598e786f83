// Stopping every process when the window goes: each process group is terminated, what is left is killed before
// DISPOSE_DEADLINE_MS, and a process the user chose to keep is handed off (kept-processes.ts) and left running.
import type { ManagedProcess } from './managed-process';

/** Deactivation must have stopped everything within 3 s; this leaves room for VS Code's own shutdown. */
export const DISPOSE_DEADLINE_MS = 2_500;

/** Deactivation: hand off the kept, terminate every other live group, kill what is left before the deadline. */
export async function stopForShutdown(processes: Iterable<ManagedProcess>, log?: (message: string) => void): Promise<void> {
  const all = [...processes];
  for (const p of all) if (p.keep && p.live && p.handOff()) log?.(`process ${p.id} (pid ${p.pid}) kept running past the reload`);
  const live = all.filter((p) => p.live && !p.released);
  for (const p of live) p.stopRequested = true;
  for (const p of live) if (p.pid !== undefined) processSignal(p.pid, 'SIGTERM');
  const deadline = new Promise((resolve) => setTimeout(resolve, DISPOSE_DEADLINE_MS / 2));
  await Promise.race([Promise.all(live.map((p) => p.ended)), deadline]);
  for (const p of live) if (p.live) p.kill();
  await Promise.race([Promise.all(live.map((p) => p.ended)), new Promise((resolve) => setTimeout(resolve, DISPOSE_DEADLINE_MS / 2))]);
}

/** The last resort: kill every live group now, except the kept (handed off here if not already: no longer Relay's to signal). */
export function killAllNow(processes: Iterable<ManagedProcess>): void {
  for (const p of processes) {
    if (!p.live || p.released || (p.keep && p.handOff())) continue;
    p.kill();
  }
}

function processSignal(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // gone
  }
}
