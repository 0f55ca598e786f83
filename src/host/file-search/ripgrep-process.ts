// Runs ripgrep and hands its output over line by line; the consumer can stop it as soon as it has enough
// (a capped listing need not wait for a whole monorepo). Aborting the signal kills it too.
import { spawn } from 'node:child_process';

export interface RipgrepExit {
  code: number | null;
  /** The first few KiB of stderr: enough for an error message. */
  stderr: string;
  /** Stopped by the consumer or by the signal, not finished on its own. */
  stopped: boolean;
}

const STDERR_KEPT = 4096;

/**
 * Rejects only when the binary cannot be started (missing, not executable): the caller then falls back to the
 * JavaScript engine. `onLine` returns true to stop ripgrep; no line is delivered after that.
 */
export function runRipgrep(
  rgPath: string,
  args: readonly string[],
  cwd: string,
  signal: AbortSignal,
  onLine: (line: string) => boolean | void,
): Promise<RipgrepExit> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stopped = false;
    let stderr = '';
    let pending = '';
    const stop = () => {
      if (stopped) return;
      stopped = true;
      child.kill();
    };
    const onAbort = () => stop();
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) stop();

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stopped) return;
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (stopped) return;
        if (onLine(line) === true) stop();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < STDERR_KEPT) stderr += chunk.slice(0, STDERR_KEPT - stderr.length);
    });
    child.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (!stopped && pending !== '') onLine(pending);
      resolve({ code, stderr, stopped });
    });
  });
}
