// What the extension hands the composition root (src/host/relay.ts) when it builds the host: the services that exist
// from activation on, and the answers integration tests script instead of the native modals and pickers.
import type * as vscode from 'vscode';
import type { ApprovalPrompter } from '../../core/ports/approval';
import type { ConfirmReview } from '../change-review/review-question';
import type { ChatViewProvider } from '../chat/chat-view';
import type { RestoreConfirm } from '../checkpoints/restore-flow';
import type { ConfirmAgentMode } from '../customization';
import type { HookConfirmer } from '../customization/hooks';
import type { InstructionPrompt } from '../inline-edit/instruction-input';
import type { McpOverrides } from '../mcp/wiring';
import type { SetupPrompts } from '../model/setup-prompts';
import type { TerminalRecorder } from '../mentions/terminal-recorder';
import type { ApprovalModeSetting } from '../permissions/approval-mode-setting';
import type { ConfirmWorkspaceValue } from '../permissions/workspace-review';
import type { TaskTargetPicker } from '../task-entry/task-entry';
import type { ConfirmCallerTask } from '../tasks/task-commands';

export interface RelayServices {
  context: vscode.ExtensionContext;
  chat: ChatViewProvider;
  log: vscode.LogOutputChannel;
  approvalMode: ApprovalModeSetting;
  /** The last terminal command, recorded from activation on, for `@terminal`. */
  terminal: TerminalRecorder;
  /** Shows the chat view (its page may still be loading when this resolves). */
  focusChat(): Promise<void>;
}

export interface RelayOverrides {
  /** Integration tests answer approvals; the default is the native modal. */
  prompter?: ApprovalPrompter;
  /** Integration tests answer the MCP server confirmation and input prompts. */
  mcp?: McpOverrides;
  /** Integration tests answer the restore question; the default is the native modal. */
  restoreConfirm?: RestoreConfirm;
  /** Integration tests answer Set Up Provider's questions; the default is VS Code's QuickPick and InputBox. */
  setupPrompts?: SetupPrompts;
  /** Integration tests answer whether a workspace value that loosens Relay may apply; the default is the native modal. */
  confirmWorkspaceValue?: ConfirmWorkspaceValue;
  /** Integration tests answer the confirmation of a repository's hooks; the default is the native modal. */
  confirmHooks?: HookConfirmer;
  /** Integration tests answer whether an agent may run in a looser approval mode than the user's; the default is the native modal. */
  confirmAgentMode?: ConfirmAgentMode;
  /** Integration tests answer whether a parallel task whose prompt a command's caller wrote may start; the default is the native modal. */
  confirmCallerTask?: ConfirmCallerTask;
  /** Integration tests answer whether Review My Changes may send the working tree's changes to the model; the default is the native modal. */
  confirmReview?: ConfirmReview;
  /** Integration tests answer whether an entry point's message starts a new task; the default is VS Code's QuickPick. */
  pickTaskTarget?: TaskTargetPicker;
  /** Integration tests type the inline edit's instruction; the default is VS Code's InputBox. */
  askInlineInstruction?: InstructionPrompt;
}
