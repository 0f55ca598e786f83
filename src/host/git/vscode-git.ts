// The repositories VS Code's git extension shows in Source Control. A Source Control title or input-box button hands
// its command the SourceControl; any other extension can hand the same command an object of its own making, with a
// `rootUri` anywhere on the disk and an input box that is its own (issue 37). Relay acts only on a repository the git
// extension has open, found by its root, and writes only into that repository's own input box.
import * as vscode from 'vscode';

export interface InputBox {
  value: string;
}

export interface OpenRepository {
  rootUri: vscode.Uri;
  inputBox: InputBox;
}

/** The git extension's repositories (only their roots and input boxes are used: changes are read with Relay's git). */
export async function gitExtensionRepositories(): Promise<readonly OpenRepository[]> {
  const git = vscode.extensions.getExtension<{ getAPI(version: 1): { repositories: OpenRepository[] } }>('vscode.git');
  if (!git) return [];
  const api = (git.isActive ? git.exports : await git.activate()).getAPI(1);
  return api.repositories;
}

/**
 * The open repository a command's argument names by its `rootUri` (a SourceControl from a menu), or undefined when
 * the argument names none or a root the git extension does not have open (then the command falls back to what the
 * person is looking at, or refuses).
 */
export async function openRepositoryOf(arg: unknown): Promise<OpenRepository | undefined> {
  const rootUri = typeof arg === 'object' && arg !== null ? (arg as { rootUri?: unknown }).rootUri : undefined;
  if (!(rootUri instanceof vscode.Uri) || rootUri.scheme !== 'file') return undefined;
  return (await gitExtensionRepositories()).find((r) => r.rootUri.scheme === 'file' && r.rootUri.fsPath === rootUri.fsPath);
}

/** True when the argument claims a repository by its `rootUri` (whether or not it is open). */
export function namesRepository(arg: unknown): boolean {
  return typeof arg === 'object' && arg !== null && (arg as { rootUri?: unknown }).rootUri !== undefined;
}
