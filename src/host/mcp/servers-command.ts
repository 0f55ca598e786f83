// *Relay: MCP Servers*: each server's state, tool count and last error; pick one to Restart, Disable/Enable
// or Show Output.
import * as vscode from 'vscode';
import type { McpServerManager, ServerView } from './server-manager';

const ICONS: Record<ServerView['status'], string> = {
  running: '$(pass-filled)',
  starting: '$(loading~spin)',
  stopped: '$(circle-outline)',
  error: '$(error)',
  disabled: '$(circle-slash)',
  untrusted: '$(shield)',
  declined: '$(circle-slash)',
};

export function describeServer(server: ServerView): { label: string; description: string; detail?: string } {
  const tools = server.status === 'running' ? `${server.toolCount} tool${server.toolCount === 1 ? '' : 's'}` : server.status;
  const skipped = server.skipped.length ? `; ${server.skipped.length} tool(s) not offered: ${server.skipped.map((s) => `${s.toolName} (${s.reason})`).join(', ')}` : '';
  const detail = server.lastError ? `Last error: ${server.lastError}${skipped}` : skipped.slice(2) || undefined;
  return {
    label: `${ICONS[server.status]} ${server.name}`,
    description: `${tools} · ${server.origin === 'workspace' ? 'workspace' : 'user'}${server.status === 'running' ? '' : ''}`,
    ...(detail ? { detail } : {}),
  };
}

export async function showMcpServers(manager: McpServerManager): Promise<void> {
  await manager.reload();
  const servers = manager.list();
  if (servers.length === 0) {
    const answer = await vscode.window.showInformationMessage(
      'Relay: no MCP server is configured. Add one to .vscode/mcp.json ("servers") or to the relay.mcpServers setting.',
      'Open Settings',
    );
    if (answer) await vscode.commands.executeCommand('workbench.action.openSettings', 'relay.mcpServers');
    return;
  }
  const picked = await vscode.window.showQuickPick(
    servers.map((server) => ({ ...describeServer(server), name: server.name })),
    { title: 'Relay: MCP Servers', placeHolder: 'Pick a server to restart, disable or see its output', matchOnDetail: true },
  );
  if (!picked) return;
  const server = servers.find((s) => s.name === picked.name)!;
  const actions = ['Restart', server.status === 'disabled' ? 'Enable' : 'Disable', 'Show Output'];
  const action = await vscode.window.showQuickPick(actions, { title: `MCP server "${server.name}"` });
  if (action === 'Restart') await manager.restart(server.name);
  else if (action === 'Disable') await manager.setEnabled(server.name, false);
  else if (action === 'Enable') await manager.setEnabled(server.name, true);
  else if (action === 'Show Output') manager.showOutput(server.name);
}
