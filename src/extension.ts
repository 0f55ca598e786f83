import * as vscode from 'vscode';
import { CHAT_VIEW_ID, ChatViewProvider } from './host/chat-view';
import { ApprovalModeSetting } from './host/permissions/approval-mode-setting';
import { ModeStatusBar } from './host/permissions/mode-status-bar';
import { registerSwitchApprovalModeCommand } from './host/permissions/switch-mode-command';

/**
 * Activation only registers the view and the commands; everything heavy (providers, parsers, the agent)
 * is loaded on first use so the extension host never waits on Relay.
 */
export function activate(context: vscode.ExtensionContext): RelayApi {
  const log = vscode.window.createOutputChannel('Relay', { log: true });
  const chat = new ChatViewProvider(context, log);
  context.subscriptions.push(
    log,
    chat,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, chat, { webviewOptions: { retainContextWhenHidden: false } }),
    vscode.commands.registerCommand('relay.focusChat', () => focusChat()),
    vscode.commands.registerCommand('relay.newTask', async () => {
      await focusChat();
      chat.post({ type: 'newTask' });
    }),
    vscode.commands.registerCommand('relay.cancelTask', () => {
      log.info('cancel requested: no task is running');
    }),
  );
  // The approval mode: a plain setting read, so always visible without loading the runtime bundle.
  const approvalMode = new ApprovalModeSetting();
  context.subscriptions.push(approvalMode, new ModeStatusBar(approvalMode), registerSwitchApprovalModeCommand(approvalMode));
  return { chat };
}

/** What tests (and, later, other extensions) can reach; kept deliberately small. */
export interface RelayApi {
  readonly chat: ChatViewProvider;
}

async function focusChat(): Promise<void> {
  await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
