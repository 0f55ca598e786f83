// What the status bar item and its list show of the running background processes: pure, so the wording and the
// actions offered are unit-tested; src/host/processes/process-status-bar.ts draws them with VS Code.
//
// The list has one row per process, its command first and its state after it, with Show Output and Stop as the
// row's buttons; picking the row opens that process's actions (Show Output, each URL, the keep-after-reload
// toggle, Stop). Stop All ends the list when more than one runs.
import { l10n } from '../l10n';
import type { ProcessInfo } from '../ports/processes';
import { isLive } from './lifecycle';

export type ProcessAction =
  | { kind: 'showOutput'; id: string }
  | { kind: 'openUrl'; id: string; url: string }
  | { kind: 'stop'; id: string }
  | { kind: 'stopAll' }
  /** Keep it running past a window reload, or stop it at the reload again. */
  | { kind: 'keep'; id: string; keep: boolean }
  /** The log of a process an earlier session kept running (it has no terminal in this window). */
  | { kind: 'openLog'; id: string; path: string };

export interface ProcessListEntry {
  label: string;
  description?: string;
  action?: ProcessAction;
}

/** A button on a process's row: a codicon name, its tooltip (also its accessible name) and what it does. */
export interface ProcessButton {
  icon: string;
  tooltip: string;
  action: ProcessAction;
}

/** One process in the list: picking it opens `processActions(process)`. */
export interface ProcessRow {
  id: string;
  label: string;
  description: string;
  buttons: ProcessButton[];
}

/** The processes the status bar counts: running, started in (or moved to) the background. */
export function runningBackground(list: readonly ProcessInfo[]): ProcessInfo[] {
  return list.filter((p) => p.background && isLive(p.state));
}

/** `$(server-process) Relay: 2 running`, or undefined to hide the item. */
export function statusBarText(running: readonly ProcessInfo[]): { text: string; tooltip: string } | undefined {
  if (running.length === 0) return undefined;
  const tooltip = running.map((p) => `${p.command} — ${stateLabel(p)}${p.urls.length ? ` — ${p.urls.join(', ')}` : ''}`).join('\n');
  return { text: `$(server-process) ${l10n.t('Relay: {0} running', running.length)}`, tooltip };
}

export function stateLabel(p: ProcessInfo): string {
  switch (p.state) {
    case 'starting':
      return l10n.t('starting');
    case 'ready':
      return l10n.t('running');
    case 'waiting-for-input':
      return l10n.t('waiting for input');
    case 'exited':
      return p.exitCode === 0 ? l10n.t('exited') : l10n.t('exited with code {0}', String(p.exitCode ?? p.exitSignal ?? '?'));
    case 'stopped':
      return l10n.t('stopped');
  }
}

/** "running", "running, kept after reload" or "kept running from before the reload". */
export function listedState(p: ProcessInfo): string {
  if (p.earlier) return l10n.t('kept running from before the reload');
  return p.keep ? `${stateLabel(p)}, ${l10n.t('kept after reload')}` : stateLabel(p);
}

/** How to see a process's output: its terminal, or the log of one an earlier session kept. */
function outputAction(p: ProcessInfo): ProcessAction | undefined {
  if (!p.earlier) return { kind: 'showOutput', id: p.id };
  return p.logPath !== undefined ? { kind: 'openLog', id: p.id, path: p.logPath } : undefined;
}

/** One row per process: the command, then its state and first URL; Show Output and Stop as buttons. */
export function processRows(running: readonly ProcessInfo[]): ProcessRow[] {
  return running.map((p) => {
    const output = outputAction(p);
    const more = p.urls.length > 1 ? ` ${l10n.t('(+{0} more)', p.urls.length - 1)}` : '';
    return {
      id: p.id,
      label: `$(server-process) ${p.command}`,
      description: [listedState(p), p.urls[0] !== undefined ? `${p.urls[0]}${more}` : ''].filter(Boolean).join(' · '),
      buttons: [
        ...(output ? [{ icon: 'terminal', tooltip: l10n.t('Show Output'), action: output }] : []),
        { icon: 'debug-stop', tooltip: l10n.t('Stop'), action: { kind: 'stop', id: p.id } as const },
      ],
    };
  });
}

/** The last row when more than one runs. */
export function stopAllEntry(running: readonly ProcessInfo[]): ProcessListEntry | undefined {
  return running.length > 1 ? { label: `$(stop-circle) ${l10n.t('Stop All ({0})', running.length)}`, action: { kind: 'stopAll' } } : undefined;
}

/** The title of a process's own action list: its command and state. */
export function processActionsTitle(p: ProcessInfo): string {
  return `${p.command} (${listedState(p)})`;
}

/**
 * What can be done with one process: Show Output, Open each URL, the keep-after-reload toggle, Stop. A process an
 * earlier session kept offers its log instead of its terminal, and no toggle (it is kept already).
 */
export function processActions(p: ProcessInfo): ProcessListEntry[] {
  const entries: ProcessListEntry[] = [];
  const output = outputAction(p);
  if (output) entries.push({ label: `$(terminal) ${l10n.t('Show Output')}`, action: output });
  for (const url of p.urls) entries.push({ label: `$(globe) ${l10n.t('Open {0}', url)}`, action: { kind: 'openUrl', id: p.id, url } });
  if (!p.earlier && !p.sandbox) {
    // The description says what the toggle changes, in the future tense: "now stopped at a window reload"
    // read as if the process had stopped already.
    entries.push(
      p.keep
        ? { label: `$(pinned) ${l10n.t('Stop at Reload')}`, description: l10n.t('instead of keeping it running when the window reloads'), action: { kind: 'keep', id: p.id, keep: false } }
        : { label: `$(pin) ${l10n.t('Keep Running After Reload')}`, description: l10n.t('otherwise a window reload will stop it'), action: { kind: 'keep', id: p.id, keep: true } },
    );
  }
  entries.push({ label: `$(debug-stop) ${l10n.t('Stop')}`, action: { kind: 'stop', id: p.id } });
  return entries;
}
