// Where MCP servers are configured: each workspace folder's `.vscode/mcp.json` and the `relay.mcpServers`
// setting (user value: user servers; workspace values: workspace servers, confirmed like mcp.json). Both are
// watched; a change fires once.
import * as vscode from 'vscode';
import { mergeConfigs, parseMcpConfig, type ParsedMcpConfig } from '../../core/mcp/config';
import { parseJsonc } from '../../core/text/jsonc';

export const MCP_SETTING = 'mcpServers';

export async function readMcpConfig(): Promise<ParsedMcpConfig> {
  const workspace: ParsedMcpConfig[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, '.vscode', 'mcp.json');
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      continue; // no mcp.json in this folder
    }
    try {
      workspace.push(parseMcpConfig(parseJsonc(text), 'workspace', uri.fsPath));
    } catch (error) {
      workspace.push({ servers: [], inputs: [], errors: [`${uri.fsPath}: not valid JSON with comments, no server from it is used: ${error instanceof Error ? error.message : String(error)}`] });
    }
  }
  const inspected = vscode.workspace.getConfiguration('relay').inspect<unknown>(MCP_SETTING);
  for (const value of [inspected?.workspaceValue, inspected?.workspaceFolderValue]) {
    if (value !== undefined) workspace.push(parseMcpConfig(value, 'workspace', 'workspace settings (relay.mcpServers)'));
  }
  const user = parseMcpConfig(inspected?.globalValue, 'user', 'user settings (relay.mcpServers)');
  return mergeConfigs(workspace, user);
}

/** Fires (debounced) when any mcp.json or the setting changes. */
export function watchMcpConfig(onChange: () => void): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, 300);
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/.vscode/mcp.json');
  return vscode.Disposable.from(
    watcher,
    watcher.onDidChange(fire),
    watcher.onDidCreate(fire),
    watcher.onDidDelete(fire),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`relay.${MCP_SETTING}`) && fire()),
    vscode.workspace.onDidChangeWorkspaceFolders(fire),
    { dispose: () => clearTimeout(timer) },
  );
}
