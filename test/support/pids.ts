// Whether a process is alive, for tests that check by pid that what they (or Relay) started is gone. On Linux a
// zombie (exited, not yet reaped by its parent) counts as gone: /proc says so, where `kill -0` would still succeed.
import { readFileSync } from 'node:fs';

export function alive(pid: number): boolean {
  try {
    const state = /\) (\S)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
    return state !== undefined && state !== 'Z' && state !== 'X';
  } catch {
    // No /proc (macOS, Windows), or no such process.
  }
  if (process.platform === 'linux') return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
