// Everything heavy lives behind this module, bundled separately as dist/runtime.js and loaded on first use
// (see lazy-runtime.ts), so activation never pays for validators, providers, parsers or the agent.
import * as vscode from 'vscode';
import { setLocalizer } from '../../core/l10n';
import { useLanguage } from '../../shared/format-numbers';

// Every sentence this bundle shows goes through VS Code's localiser (l10n/bundle.l10n.<locale>.json), and
// every figure through the one number formatter in the same display language.
setLocalizer((message, ...args) => vscode.l10n.t(message, ...args));
useLanguage(vscode.env.language);

export { parseWebviewMessage } from '../../shared/protocol-schema';
export { localizedWebviewStrings } from '../chat/webview-strings';
// Approvals (tool-system.md §9): one service the agent loop calls per tool call.
export { createApprovalService, type ApprovalServiceHost, type ApprovalServiceOverrides } from '../permissions/create-approval-service';
export { ApprovalService, type ApprovalSettings } from '../permissions/approval-service';
export { ModalPrompter } from '../permissions/modal-prompter';
export { filterToolsForTrust } from '../permissions/tools-for-trust';
// The agent behind the chat and the commands that need it.
export { Relay, type RelayOverrides, type RelayServices } from '../relay';
