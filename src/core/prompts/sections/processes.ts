// Long-running processes (dev servers, watchers) the task starts with run_command in the background.
import { type PromptContext, section } from '../context';

export function processes(ctx: PromptContext): string | undefined {
  if (!ctx.canChange) return undefined;
  return section('Servers and other long-running processes', [
    'Start a dev server, watcher or other program that keeps running in the background, and when it is ready give the user its URL (e.g. `http://localhost:5173/`).',
    'One copy of each: look at list_processes before starting a server, and use the one already running. Never start a second copy, and never restart a server just to see what it printed: read its output with read_output.',
    'A watcher rebuilds after your edits by itself: read its output for the result instead of restarting it.',
    'Do not end your turn while a process your answer depends on is still starting: wait until it is ready (its output says so) or tell the user it is still starting.',
    'Stop what the task no longer needs (a server you started only to check something) with stop_process; leave running what the user asked for, and say what is still running.',
  ]);
}
