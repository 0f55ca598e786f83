// Temporary files of writes that a crash cut short. Every atomic write here goes to `<target>.<pid>[-<n>].tmp`
// and is renamed over its target; a process killed in between leaves the temporary file behind. Another window's
// extension host shares the same storage and may be writing one now, so only the files of a process that no
// longer runs are stale.
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { faultPoint } from './fault-point';

const TEMP = /\.(\d+)(?:-\d+)?\.tmp$/;

/** The target a temporary file would have been renamed to, when it is one of a process that is gone. */
export function staleTempTarget(name: string): string | undefined {
  const match = TEMP.exec(name);
  if (!match || isRunning(Number(match[1]))) return undefined;
  return name.slice(0, match.index);
}

export function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM'; // alive, someone else's
  }
}

/** Deletes the stale temporary files in `directory` whose target passes `belongs`; returns how many. */
export async function removeStaleTemps(directory: string, belongs: (target: string) => boolean = () => true): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const target = staleTempTarget(name);
    if (target === undefined || !belongs(target)) continue;
    await fs.rm(join(directory, name), { force: true });
    removed++;
  }
  return removed;
}

/** Writes `data` to `<target>.<pid>.tmp` and renames it over `target`; `point` names the crash point in between. */
export async function writeAtomically(target: string, data: string, point?: string): Promise<void> {
  const temp = `${target}.${process.pid}.tmp`;
  await fs.writeFile(temp, data);
  if (point) faultPoint(point);
  await fs.rename(temp, target);
}
