// What the status bar item and its list show of the running background processes: pure, so the wording and the
// actions offered are unit-tested; src/host/processes/process-status-bar.ts draws them with VS Code.
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
  /** A separator line naming the process, before its actions. */
  separator?: string;
  label: string;
  description?: string;
  action?: ProcessAction;
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

/**
 * Per process: Show Output, Open each URL, the keep-after-reload toggle, Stop; then Stop All when more than one
 * runs. A process an earlier session kept (`earlier`) offers its log instead of its terminal, and no toggle.
 */
export function processListEntries(running: readonly ProcessInfo[]): ProcessListEntry[] {
  const entries: ProcessListEntry[] = [];
  for (const p of running) {
    const own: ProcessListEntry[] = [];
    const output = `$(terminal) ${l10n.t('Show Output')}`;
    if (!p.earlier) own.push({ label: output, description: p.cwd, action: { kind: 'showOutput', id: p.id } });
    else if (p.logPath !== undefined) own.push({ label: output, description: p.cwd, action: { kind: 'openLog', id: p.id, path: p.logPath } });
    for (const url of p.urls) own.push({ label: `$(globe) ${l10n.t('Open {0}', url)}`, action: { kind: 'openUrl', id: p.id, url } });
    if (!p.earlier && !p.sandbox) {
      own.push(
        p.keep
          // The description says what happens now, as a rule, not as an event ("now stopped at a window reload"
          // read as if the process had stopped).
          ? { label: `$(pinned) ${l10n.t('Stop at Reload')}`, description: l10n.t('it keeps running when the window reloads'), action: { kind: 'keep', id: p.id, keep: false } }
          : { label: `$(pin) ${l10n.t('Keep Running After Reload')}`, description: l10n.t('it stops when the window reloads'), action: { kind: 'keep', id: p.id, keep: true } },
      );
    }
    own.push({ label: `$(debug-stop) ${l10n.t('Stop')}`, description: p.command, action: { kind: 'stop', id: p.id } });
    const state = p.earlier ? l10n.t('kept running from before the reload') : p.keep ? `${stateLabel(p)}, ${l10n.t('kept after reload')}` : stateLabel(p);
    own[0]!.separator = `${p.command} (${state})`;
    entries.push(...own);
  }
  if (running.length > 1) entries.push({ separator: '', label: `$(stop-circle) ${l10n.t('Stop All ({0})', running.length)}`, action: { kind: 'stopAll' } });
  return entries;
}
