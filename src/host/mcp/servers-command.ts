// *Relay: MCP Servers*: each server's state, tool count and last error; pick one to Restart, Disable/Enable
// or Show Output.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import { showHidden } from '../../core/mcp/hidden-text';
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
  const tools = server.status === 'running' ? (server.toolCount === 1 ? l10n.t('1 tool') : l10n.t('{0} tools', server.toolCount)) : statusLabel(server.status);
  const skipped = server.skipped.length
    ? server.skipped.length === 1
      ? l10n.t('1 tool not offered: {0}', server.skipped.map((s) => `${s.toolName} (${s.reason})`).join(', '))
      : l10n.t('{0} tools not offered: {1}', server.skipped.length, server.skipped.map((s) => `${s.toolName} (${s.reason})`).join(', '))
    : '';
  const hidden = server.cleaned.filter((c) => c.hiddenRemoved > 0);
  const cut = server.cleaned.filter((c) => c.cut > 0);
  const notes = [
    server.lastError ? l10n.t('Last error: {0}', server.lastError) : '',
    skipped,
    hidden.length ? l10n.t('Hidden characters removed before the model sees them: {0}', hidden.map((c) => `${c.toolName} (${c.hiddenRemoved})`).join(', ')) : '',
    cut.length ? l10n.t('Long descriptions cut for the prompt: {0}', cut.map((c) => c.toolName).join(', ')) : '',
    server.held.length
      ? server.changeRejected
        ? l10n.t('Changed tools rejected, not offered: {0}', server.held.map((n) => showHidden(n)).join(', '))
        : l10n.t('Changed tools waiting for your answer, not offered yet: {0}', server.held.map((n) => showHidden(n)).join(', '))
      : '',
  ].filter(Boolean);
  const detail = notes.length ? notes.join('; ') : undefined;
  return {
    label: `${ICONS[server.status]} ${server.name}`,
    description: `${tools} · ${server.origin === 'workspace' ? l10n.t('workspace') : l10n.t('user')}`,
    ...(detail ? { detail } : {}),
  };
}

export async function showMcpServers(manager: McpServerManager): Promise<void> {
  await manager.reload();
  const servers = manager.list();
  // A broken mcp.json is said with its line and column, also beside the servers that were read.
  if (manager.errors.length > 0) {
    void vscode.window.showWarningMessage(l10n.t('Relay: the MCP configuration has a problem: {0}', manager.errors.join('\n')));
    if (servers.length === 0) return;
  }
  if (servers.length === 0) {
    const answer = await vscode.window.showInformationMessage(
      l10n.t('Relay: no MCP server is configured. Add one to .vscode/mcp.json ("servers") or to the relay.mcpServers setting.'),
      l10n.t('Open Settings'),
    );
    if (answer) await vscode.commands.executeCommand('workbench.action.openSettings', 'relay.mcpServers');
    return;
  }
  const picked = await vscode.window.showQuickPick(
    servers.map((server) => ({ ...describeServer(server), name: server.name })),
    { title: l10n.t('Relay: MCP Servers'), placeHolder: l10n.t('Pick a server to restart, disable or see its output'), matchOnDetail: true },
  );
  if (!picked) return;
  const server = servers.find((s) => s.name === picked.name)!;
  type Action = 'restart' | 'enable' | 'disable' | 'output' | 'review';
  const actions: (vscode.QuickPickItem & { action: Action })[] = [
    ...(server.held.length ? [{ label: l10n.t('Review Tool Changes…'), action: 'review' as const }] : []),
    { label: l10n.t('Restart'), action: 'restart' },
    server.status === 'disabled' ? { label: l10n.t('Enable'), action: 'enable' } : { label: l10n.t('Disable'), action: 'disable' },
    { label: l10n.t('Show Output'), action: 'output' },
  ];
  const action = (await vscode.window.showQuickPick(actions, { title: l10n.t('MCP server "{0}"', server.name) }))?.action;
  if (action === 'review') await manager.reviewChanges(server.name);
  else if (action === 'restart') await manager.restart(server.name);
  else if (action === 'disable') await manager.setEnabled(server.name, false);
  else if (action === 'enable') await manager.setEnabled(server.name, true);
  else if (action === 'output') manager.showOutput(server.name);
}

function statusLabel(status: ServerView['status']): string {
  switch (status) {
    case 'running':
      return l10n.t('running');
    case 'starting':
      return l10n.t('starting');
    case 'stopped':
      return l10n.t('stopped');
    case 'error':
      return l10n.t('error');
    case 'disabled':
      return l10n.t('disabled');
    case 'untrusted':
      return l10n.t('untrusted');
    case 'declined':
      return l10n.t('declined');
  }
}
