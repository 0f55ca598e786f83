// Wires the approval service to VS Code: settings, workspace trust, the real file system, the native modal,
// and the shell parser's WASM files shipped in dist/. Part of the lazily loaded runtime bundle.
import * as vscode from 'vscode';
import { createShellAnalyzer } from '../../core/permissions/command-analysis';
import type { ApprovalPrompter, WorkspaceTrust } from '../../core/ports/approval';
import type { FileSystemFacts } from '../../core/permissions/types';
import { ApprovalService, type ApprovalServiceOptions } from './approval-service';
import { createFileSystemFacts } from './file-system-facts';
import { ModalPrompter } from './modal-prompter';
import { VsCodePermissionSettings } from './permission-settings';
import { workspaceTrustFromVsCode } from './trust';
import { WorkspaceConfirmations } from '../settings/workspace-confirmations';

export interface ApprovalServiceHost {
  /** Where dist/ (with the WASM files) is: `ExtensionContext.extensionUri`. */
  extensionUri: vscode.Uri;
  /** `ExtensionContext.globalStorageUri`, to locate (and protect) the user settings file. */
  globalStorageUri?: vscode.Uri;
  /** Where truncated tool output is saved (readable by read-only tools without asking). */
  toolOutputDir?: string;
  log?: vscode.LogOutputChannel;
  /** The workspace values the user confirmed (a looser mode, allow rules); left out: none (the strictest). */
  confirmations?: WorkspaceConfirmations;
  /** How this call's command will run with respect to the OS sandbox (see ApprovalServiceOptions). */
  sandboxUse?: ApprovalServiceOptions['sandboxUse'];
  /** Adds a domain or folder to the sandbox ("Always allow" on a "Run outside the sandbox…" prompt). */
  sandboxAllow?: ApprovalServiceOptions['sandboxAllow'];
}

export interface ApprovalServiceOverrides {
  /** Integration tests answer for the user; the default is the native modal. */
  prompter?: ApprovalPrompter;
  /** Tests of Restricted Mode; the default is VS Code's workspace trust. */
  trust?: WorkspaceTrust;
  /** A parallel task's view of the file system (its worktree is the workspace: src/host/tasks/task-scope.ts). */
  scopeFileSystem?: (facts: FileSystemFacts) => FileSystemFacts;
}

export function createApprovalService(host: ApprovalServiceHost, overrides: ApprovalServiceOverrides = {}): ApprovalService {
  const trust = overrides.trust ?? workspaceTrustFromVsCode();
  const warn = (message: string): void => {
    host.log?.warn(message);
    void vscode.window.showWarningMessage(message);
  };
  const scoped = overrides.scopeFileSystem ?? ((facts: FileSystemFacts) => facts);
  const dist = (file: string): string => vscode.Uri.joinPath(host.extensionUri, 'dist', file).fsPath;
  return new ApprovalService({
    settings: new VsCodePermissionSettings(trust, host.confirmations ?? WorkspaceConfirmations.none(), warn),
    trust,
    fileSystem: scoped(createFileSystemFacts({ globalStorageUri: host.globalStorageUri, toolOutputDir: host.toolOutputDir })),
    prompter: overrides.prompter ?? new ModalPrompter(),
    createShellAnalyzer: () =>
      createShellAnalyzer({ treeSitterWasmPath: dist('web-tree-sitter.wasm'), bashWasmPath: dist('tree-sitter-bash.wasm') }),
    onWarning: warn,
    ...(host.sandboxUse ? { sandboxUse: host.sandboxUse } : {}),
    ...(host.sandboxAllow ? { sandboxAllow: host.sandboxAllow } : {}),
  });
}
