// Runs a discovery or call command line in a shell, in its own process group (killed whole on abort), with the
// arguments on stdin. No `vscode`: plain Node.
import { spawn } from 'node:child_process';
import type { CommandOutcome, ToolCommandRunner } from '../../core/discovery/discovered-tool';

const MAX_OUTPUT = 8 * 1024 * 1024;

export function shellRunner(cwd: string | undefined): ToolCommandRunner {
  return (commandLine, stdin, signal) =>
    new Promise<CommandOutcome>((resolve) => {
      // A simple command replaces the shell (`exec`), so its own exit code and signal are what we see.
      const simple = process.platform !== 'win32' && !/[;&|<>()`\n]/.test(commandLine);
      const child = spawn(simple ? `exec ${commandLine}` : commandLine, { shell: true, cwd, detached: process.platform !== 'win32', stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      const kill = () => {
        try {
          if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
          else child.kill('SIGKILL');
        } catch {
          // already gone
        }
      };
      if (signal.aborted) kill();
      signal.addEventListener('abort', kill, { once: true });
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout = (stdout + d).slice(0, MAX_OUTPUT)));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(0, MAX_OUTPUT)));
      child.stdin.on('error', () => {});
      child.stdin.end(stdin);
      child.on('error', (error) => {
        signal.removeEventListener('abort', kill);
        resolve({ stdout, stderr: stderr + error.message, exitCode: null, signal: null });
      });
      child.on('close', (exitCode, exitSignal) => {
        signal.removeEventListener('abort', kill);
        resolve({ stdout, stderr, exitCode, signal: exitSignal });
      });
    });
}
