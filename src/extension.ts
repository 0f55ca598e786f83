import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { setLocalizer } from './core/l10n';
import { CHAT_VIEW_ID, ChatViewProvider } from './host/chat/chat-view';
import { RUNTIME_COMMANDS, type RuntimeCommand } from './host/commands/command-ids';
import { loadRuntime } from './host/runtime/lazy-runtime';
import { ApprovalModeSetting } from './host/permissions/approval-mode-setting';
import { WorkspaceConfirmations } from './host/settings/workspace-confirmations';
import { TerminalRecorder } from './host/mentions/terminal-recorder';
import { ModeStatusBar } from './host/permissions/mode-status-bar';
import { registerSwitchApprovalModeCommand } from './host/permissions/switch-mode-command';
import type { Relay, RelayOverrides } from './host/relay';
import { reapLeftovers } from './host/processes/reaping';
import { cleanSandboxLeftovers, placeholderJournalDir } from './host/sandbox/placeholders';
import { LazyTreeProvider } from './host/tasks/lazy-tree';
import { codeActionArguments, registerRelayCodeActions } from './host/code-actions/code-action-provider';
import { FailedCommandItem } from './host/terminal-actions/failed-command-item';

/** The Tasks view's id (src/host/tasks/tasks-view.ts, in the runtime bundle, names it too). */
const TASKS_VIEW = 'relay.tasks';

/**
 * Activation only registers the view and the commands; everything heavy (providers, parsers, the agent)
 * is loaded on first use so the extension host never waits on Relay.
 */
export function activate(context: vscode.ExtensionContext): RelayApi | undefined {
  // This bundle's copy of the localiser (the status bar and the mode picker); dist/runtime.js sets its own.
  setLocalizer((message, ...args) => vscode.l10n.t(message, ...args));
  const log = vscode.window.createOutputChannel('Relay', { log: true });
  const chat = new ChatViewProvider(context, log, loadRuntime);
  // The approval mode: a plain setting read, so always visible without loading the runtime bundle.
  // The workspace values the user confirmed live in global state, where no repository can write.
  const confirmations = new WorkspaceConfirmations(context.globalState);
  const approvalMode = new ApprovalModeSetting(confirmations);
  const terminal = new TerminalRecorder();
  // A failed terminal command's one-click Fix with Relay (its handler is in the runtime bundle).
  const failedCommand = new FailedCommandItem(terminal.onDidRecord);
  // Processes a previous session of this window left running (a crash, a killed extension host) are stopped.
  // Then the empty mount points a sandboxed command of a killed extension host left in the workspace (those of
  // commands still running wait until they are stopped).
  const mountPoints = placeholderJournalDir(context.globalStorageUri.fsPath);
  cleanSandboxLeftovers(mountPoints, log);
  if (context.storageUri) {
    void reapLeftovers(join(context.storageUri.fsPath, 'processes.json'), log).then(
      () => cleanSandboxLeftovers(mountPoints, log),
      () => undefined,
    );
  }
  // Worktrees of parallel tasks exist here: Relay compares them with git's list and offers to remove leftovers
  // (git runs in the user's repository only once the workspace is trusted).
  if (context.storageUri && vscode.workspace.isTrusted) void stat(join(context.storageUri.fsPath, 'worktrees')).then(() => vscode.commands.executeCommand('relay.tasks.cleanUpWorktrees', { quiet: true }), () => undefined);
  let relay: Relay | undefined;
  let handlers: Record<RuntimeCommand, (...args: unknown[]) => unknown> | undefined;
  const getRelay = (overrides?: RelayOverrides): Relay => {
    if (!relay) {
      const runtime = loadRuntime();
      relay = new runtime.Relay({ context, chat, log, approvalMode, terminal, focusChat }, overrides);
      handlers = relay.commands;
      context.subscriptions.push(relay);
      const started = relay;
      shuttingDown = () => started.shutdown();
    }
    return relay;
  };
  context.subscriptions.push(
    log,
    chat,
    confirmations,
    approvalMode,
    terminal,
    failedCommand,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, chat, { webviewOptions: { retainContextWhenHidden: false } }),
    chat.onMessage((message) => getRelay().receive(message)),
    vscode.commands.registerCommand('relay.focusChat', () => focusChat()),
    vscode.commands.registerCommand('relay.newTask', async () => {
      await focusChat();
      // A view that was closed is not resolved yet when the focus command returns, and one shown again reloads its
      // page: a message posted before the page listens is lost. Until it has loaded, the host starts the new task
      // itself, and the webview draws it from the init it gets once loaded.
      if (chat.isLoaded) chat.post({ type: 'newTask' });
      else chat.submitIntent({ type: 'newTask' });
    }),
    ...RUNTIME_COMMANDS.map((id) =>
      vscode.commands.registerCommand(id, (...args: unknown[]) => {
        getRelay();
        // A light bulb action runs only with the arguments its provider made (another extension's are dropped).
        return handlers![id](...codeActionArguments(id, args));
      }),
    ),
    // The Tasks view asks the runtime for its rows only once shown.
    vscode.window.registerTreeDataProvider(TASKS_VIEW, new LazyTreeProvider(() => getRelay().parallel.view)),
    // The light bulb's Relay actions: offered without the runtime (they carry only their arguments), run by it.
    registerRelayCodeActions(),
    new ModeStatusBar(approvalMode),
    registerSwitchApprovalModeCommand(approvalMode),
  );
  // Any installed extension can read what activate() returns. Outside a test run (a developer's
  // --extensionTestsPath) Relay exports nothing: no approval hooks to replace, no way to its SecretStorage.
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    chat,
    failedCommand,
    terminal,
    relay: (overrides) => {
      if (relay && overrides) throw new Error('Relay is already running: overrides must come before its first use');
      return getRelay(overrides);
    },
  };
}

/**
 * What Relay's own integration tests reach, and only when VS Code runs them (`ExtensionMode.Test`): the overrides
 * replace approvals and the Relay holds the API keys, so no other extension may ever get this.
 */
export interface RelayApi {
  readonly chat: ChatViewProvider;
  /** The failed terminal command's status bar offer. */
  readonly failedCommand: FailedCommandItem;
  /** The last terminal commands, as `@terminal` and the terminal actions read them. */
  readonly terminal: TerminalRecorder;
  /** The agent side, created on first use; tests may pass overrides (an approval prompter) on the first call. */
  relay(overrides?: RelayOverrides): Relay;
}

async function focusChat(): Promise<void> {
  await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
}

let shuttingDown: (() => Promise<void>) | undefined;

/** The task's processes are stopped before the window goes (VS Code waits for this); the rest is disposed through context.subscriptions. */
export function deactivate(): Promise<void> | undefined {
  return shuttingDown?.();
}
