// Workspace trust from VS Code. Trust granted later takes effect at once through `onDidGrant`: revoking
// trust reloads the window, so there is no "revoked" event to handle.
import * as vscode from 'vscode';
import type { WorkspaceTrust } from '../../core/ports/approval';

export function workspaceTrustFromVsCode(): WorkspaceTrust {
  return {
    get trusted() {
      return vscode.workspace.isTrusted;
    },
    onDidGrant: (listener) => vscode.workspace.onDidGrantWorkspaceTrust(listener),
  };
}
