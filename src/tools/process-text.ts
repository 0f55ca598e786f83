// How the process tools describe a process to the model (English, one fact a line) and to the card, and the
// checks they share: a process id names one of this task's processes, or the call fails with the ids it has.
import { l10n } from '../core/l10n';
import type { ProcessInfo, TaskProcesses } from '../core/ports/processes';
import { HeadTailBuffer } from '../core/text/output-buffer';
import { ToolError, ToolErrorType } from '../core/tools';
import type { ToolServices } from './services';

/** The model's share of a process's output in one result: its start and (mostly) its end. */
export const OUTPUT_HEAD_CHARS = 8 * 1024;
export const OUTPUT_TAIL_CHARS = 24 * 1024;

export function processesOf(services: ToolServices): TaskProcesses {
  if (!services.processes) throw new ToolError(ToolErrorType.EXECUTION_FAILED, l10n.both('Background processes are not available in this host.'));
  return services.processes;
}

/** The process `id` of this task, or a ToolError naming the task's processes. */
export function taskProcess(processes: TaskProcesses, taskId: string, id: string): ProcessInfo {
  const info = processes.get(id);
  if (info && info.taskId === taskId) return info;
  const ids = processes.list(taskId).map((p) => p.id);
  throw new ToolError(
    ToolErrorType.INVALID_PARAMS,
    ids.length
      ? l10n.both('There is no process {0} in this task. Its processes: {1}.', id, ids.join(', '))
      : l10n.both('There is no process {0} in this task, which has started none (run_command with background: true starts one).', id),
  );
}

/** "ready", "waiting for input: Continue? (y/N)", "exited with code 1", "stopped". */
export function stateText(info: ProcessInfo): string {
  switch (info.state) {
    case 'starting':
      return 'running (no URL or ready line seen yet)';
    case 'ready':
      return 'running, ready';
    case 'waiting-for-input':
      return `waiting for input: ${info.prompt ?? ''}`.trim();
    case 'exited':
      return info.exitSignal ? `ended by ${info.exitSignal}` : `exited with code ${info.exitCode ?? 'unknown'}`;
    case 'stopped':
      return 'stopped';
  }
}

export function uiStateText(info: ProcessInfo): string {
  switch (info.state) {
    case 'starting':
      return l10n.t('running');
    case 'ready':
      return l10n.t('ready');
    case 'waiting-for-input':
      return l10n.t('waiting for input');
    case 'exited':
      return info.exitSignal ? l10n.t('ended by {0}', info.exitSignal) : l10n.t('exited with code {0}', String(info.exitCode ?? '?'));
    case 'stopped':
      return l10n.t('stopped');
  }
}

/** The lines every process result starts with. */
export function processLines(info: ProcessInfo, now = Date.now()): string[] {
  const lines = [`Process: ${info.id} (${info.background ? 'background' : 'foreground'}), ${stateText(info)}`];
  if (info.urls.length) lines.push(`URLs: ${info.urls.join(' ')}`);
  const printed = new Set(info.urls.map((u) => Number(new URL(u).port)));
  const more = info.ports.filter((p) => !printed.has(p));
  if (more.length) lines.push(`Listening on: ${more.map((p) => `localhost:${p}`).join(' ')}`);
  if (info.state !== 'exited' && info.state !== 'stopped') lines.push(`Running for: ${duration(now - info.startedAt)}`);
  return lines;
}

/** Output for the model, its middle cut when long, with where the whole of it is. */
export function outputSection(label: string, read: { text: string; dropped: number; head?: string }, logPath: string | undefined): string {
  const buffer = new HeadTailBuffer(OUTPUT_HEAD_CHARS, OUTPUT_TAIL_CHARS);
  const head = read.head ?? '';
  buffer.append(head);
  const tail = read.text.replace(/\s+$/, '');
  // What memory no longer holds sits between the head and the tail, as the buffer's own cut does.
  const lines: string[] = [];
  let body: string;
  let cut: number;
  if (read.dropped > 0 && head) {
    const rest = new HeadTailBuffer(0, OUTPUT_TAIL_CHARS);
    rest.append(tail);
    cut = read.dropped + rest.droppedChars + buffer.droppedChars;
    body = `${buffer.toString()}\n[... ${cut} characters of output omitted ...]\n${rest.toString()}`;
  } else {
    buffer.append(tail);
    cut = read.dropped + buffer.droppedChars;
    body = buffer.toString();
  }
  if (cut > 0) {
    lines.push(`The output was too long: ${cut} characters from its middle were dropped; its start and end are below.${logPath ? ` The full output is in ${logPath} (read_file or search_text can read it).` : ''}`);
  }
  lines.push(body === '' ? `${label}: (none)` : `${label}:\n${body}`);
  return lines.join('\n');
}

export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ${s % 60} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** What the cards read (the page helper's background card too): the id and the process as it is now. */
export function processMetadata(info: ProcessInfo): Record<string, unknown> {
  return {
    processId: info.id,
    process: { id: info.id, state: info.state, urls: info.urls, ports: info.ports, background: info.background, exitCode: info.exitCode, prompt: info.prompt, logPath: info.logPath, command: info.command },
  };
}

/** A `filter` parameter as a regular expression, or a clear error. */
export function filterPattern(source: string, name: string): RegExp {
  try {
    return new RegExp(source, 'i');
  } catch (error) {
    throw new ToolError(ToolErrorType.INVALID_PARAMS, l10n.both('{0} is not a valid regular expression: {1}', name, (error as Error).message));
  }
}
