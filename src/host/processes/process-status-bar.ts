// "Relay: 2 running" in the status bar while background processes run; a click (or "Relay: Show Running
// Processes") opens a list of them, one row each (Show Output and Stop as its buttons), and Stop All. Picking a
// process offers Show Output (reveals the process's terminal), Open URL (VS Code's Simple Browser, or the system
// browser from the item's button), Keep Running After Reload (a toggle) and Stop. Processes an earlier session of
// this window kept running are listed too, with their log and Stop.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { processActions, processActionsTitle, processRows, runningBackground, statusBarText, stopAllEntry, type ProcessAction } from '../../core/processes/process-list';
import type { ProcessManager } from './process-manager';

export const SHOW_PROCESSES_COMMAND = 'relay.showProcesses';

export class ProcessStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('relay.processes', vscode.StatusBarAlignment.Left, 50);
  private readonly subscription: { dispose(): void };

  constructor(private readonly processes: ProcessManager) {
    this.item.name = l10n.t('Relay Background Processes');
    this.item.command = SHOW_PROCESSES_COMMAND;
    this.subscription = processes.onDidChange((change) => {
      // Output alone does not change the count or the states.
      if (change.output === undefined || change.output === '') this.render();
    });
    this.render();
  }

  /** The list behind the item (the item's command). */
  showList(): Promise<void> {
    return showProcessList(this.processes);
  }

  render(): void {
    const content = statusBarText(listed(this.processes));
    if (!content) return void this.item.hide();
    this.item.text = content.text;
    this.item.tooltip = content.tooltip;
    this.item.accessibilityInformation = { label: content.text.replace(/^\$\([^)]+\)\s*/, '') };
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}

type Item = vscode.QuickPickItem & { action?: ProcessAction; id?: string; actions?: ProcessAction[] };

const EXTERNAL_BUTTON = (): vscode.QuickInputButton => ({ iconPath: new vscode.ThemeIcon('link-external'), tooltip: l10n.t('Open in System Browser') });

/**
 * The list behind the status bar item: one row per process (its command, its state, Show Output and Stop as the
 * row's buttons), then Stop All. Picking a row opens that process's actions. Resolves once an action ran or the
 * list closed.
 */
export async function showProcessList(processes: ProcessManager): Promise<void> {
  const running = listed(processes);
  if (running.length === 0) {
    void vscode.window.showInformationMessage(l10n.t('No background processes are running.'));
    return;
  }
  const items: Item[] = processRows(running).map((row) => ({
    label: row.label,
    description: row.description,
    id: row.id,
    buttons: row.buttons.map((b) => ({ iconPath: new vscode.ThemeIcon(b.icon), tooltip: b.tooltip })),
    actions: row.buttons.map((b) => b.action),
  }));
  const stopAll = stopAllEntry(running);
  if (stopAll) items.push({ label: '', kind: vscode.QuickPickItemKind.Separator }, { label: stopAll.label, ...(stopAll.action ? { action: stopAll.action } : {}) });
  const picked = await pickOne(items, l10n.t('Relay: Background Processes'), l10n.t('Pick a process to see its output, open its URL or stop it'));
  if (!picked) return;
  if (picked.action) return runAction(processes, picked.action);
  const process = running.find((p) => p.id === picked.id);
  if (!process) return;
  const actions: Item[] = processActions(process).map((entry) => ({
    label: entry.label,
    ...(entry.description ? { description: entry.description } : {}),
    ...(entry.action ? { action: entry.action } : {}),
    ...(entry.action?.kind === 'openUrl' ? { buttons: [EXTERNAL_BUTTON()], actions: [{ kind: 'openUrl', id: process.id, url: entry.action.url }] } : {}),
  }));
  const action = await pickOne(actions, processActionsTitle(process));
  if (action?.action) await runAction(processes, action.action);
}

/**
 * A QuickPick of `items`; resolves with the accepted item, or with an item whose button was pressed turned into
 * that button's action (`openUrl` from a button goes to the system browser, not the Simple Browser), or undefined.
 */
async function pickOne(items: Item[], title: string, placeholder?: string): Promise<Item | undefined> {
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = title;
  if (placeholder) pick.placeholder = placeholder;
  pick.items = items;
  let result: Item | undefined;
  let external: string | undefined;
  const done = new Promise<void>((resolve) => {
    pick.onDidTriggerItemButton((event) => {
      const index = event.item.buttons?.indexOf(event.button) ?? -1;
      const action = event.item.actions?.[index];
      if (action?.kind === 'openUrl') external = action.url;
      else if (action) result = { label: event.item.label, action };
      pick.hide();
    });
    pick.onDidAccept(() => {
      result = pick.selectedItems[0];
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve();
    });
  });
  pick.show();
  await done;
  if (external !== undefined) await vscode.env.openExternal(vscode.Uri.parse(external));
  return result;
}

export async function runAction(processes: ProcessManager, action: ProcessAction): Promise<void> {
  switch (action.kind) {
    case 'showOutput':
      if (!processes.showOutput(action.id)) void vscode.window.showInformationMessage(l10n.t('The output of this process is not shown in a terminal.'));
      return;
    case 'openUrl':
      return openProcessUrl(action.url);
    case 'stop':
      await processes.stop(action.id);
      return;
    case 'stopAll':
      await Promise.all(listed(processes).map((p) => processes.stop(p.id)));
      return;
    case 'keep':
      processes.setKeep(action.id, action.keep);
      return;
    case 'openLog':
      await vscode.window.showTextDocument(vscode.Uri.file(action.path), { preview: true });
      return;
  }
}

/** What the item counts and the list shows: this window's running background processes, then the ones kept from before a reload. */
function listed(processes: ProcessManager) {
  return [...runningBackground(processes.list()), ...processes.earlier()];
}

/** A URL a process printed, in VS Code's Simple Browser when it is there, else the system browser. */
export async function openProcessUrl(url: string): Promise<void> {
  // The built-in extension, whether or not it is active yet: its command list holds its commands only once it
  // is (so asking getCommands sent every URL to the system browser), and the command activates it.
  if (vscode.extensions.getExtension(SIMPLE_BROWSER)) await vscode.commands.executeCommand('simpleBrowser.api.open', vscode.Uri.parse(url));
  else await vscode.env.openExternal(vscode.Uri.parse(url));
}

const SIMPLE_BROWSER = 'vscode.simple-browser';
