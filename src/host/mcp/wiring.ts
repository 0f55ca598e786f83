// How the composition root (relay.ts) gets MCP servers, extension tools and discovered tools into a task's
// registry: one call per task, after the built-ins, so every one of them takes the same runtime path.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import { DEFAULT_DEFERRAL_SHARE, type DeferralSettings, type ToolKind, type ToolRegistry } from '../../core/tools';
import type { ServerConfirmer } from './confirmation';
import { discoverTools } from './discovery-tools';
import type { WorkspaceConfirmations } from '../settings/workspace-confirmations';
import { extensionToolEntries } from './extension-tools';
import type { InputAsker } from './launch';
import type { ToolChangeReviewer } from './tool-review';
import { type McpManagerOptions, McpServerManager } from './server-manager';

export interface McpOverrides {
  confirm?: ServerConfirmer;
  askInput?: InputAsker;
  reviewTools?: ToolChangeReviewer;
  connectTimeoutMs?: number;
}

export function createMcpServerManager(
  context: vscode.ExtensionContext,
  log: vscode.LogOutputChannel,
  overrides: McpOverrides = {},
  sandboxLaunch?: McpManagerOptions['sandboxLaunch'],
): McpServerManager {
  const manager = new McpServerManager({
    state: context.globalState,
    secrets: context.secrets,
    log,
    isTrusted: () => vscode.workspace.isTrusted,
    roots: () => (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
    ...(overrides.confirm ? { confirm: overrides.confirm } : {}),
    ...(overrides.askInput ? { askInput: overrides.askInput } : {}),
    ...(overrides.reviewTools ? { reviewTools: overrides.reviewTools } : {}),
    ...(overrides.connectTimeoutMs ? { connectTimeoutMs: overrides.connectTimeoutMs } : {}),
    ...(sandboxLaunch ? { sandboxLaunch } : {}),
    notifyConfigErrors: (errors) => void vscode.window.showWarningMessage(l10n.t('Relay: the MCP configuration has a problem: {0}', errors.join('\n'))),
    notifyFailure: (server, error) =>
      void vscode.window.showWarningMessage(l10n.t('Relay: the MCP server "{0}" failed: {1}', server, error), l10n.t('Show Output')).then((answer) => {
        if (answer) manager.showOutput(server);
      }),
  });
  return manager;
}

export interface ExternalToolDeps {
  mcp: McpServerManager;
  /** The trust filter: Restricted Mode offers read-only tools only. */
  offered: (tool: { name: string; kind: ToolKind }) => boolean;
  log: vscode.LogOutputChannel;
  /** The workspace values the user confirmed: a repository's discovery commands run only once confirmed. */
  confirmations: WorkspaceConfirmations;
}

export async function registerExternalTools(registry: ToolRegistry, systemNames: ReadonlySet<string>, deps: ExternalToolDeps): Promise<void> {
  const taken = () => new Set([...systemNames, ...registry.list().map((t) => t.name)]);
  const config = vscode.workspace.getConfiguration('relay');
  if (config.get<boolean>('extensionTools', true)) {
    for (const entry of extensionToolEntries(taken(), deps.log)) {
      if (deps.offered({ name: entry.name, kind: 'execute' })) registry.registerFactory(entry.name, entry.factory, { source: 'discovered' });
    }
  }
  try {
    for (const entry of await discoverTools(taken(), deps.log, deps.confirmations)) {
      if (deps.offered({ name: entry.name, kind: 'execute' })) registry.registerFactory(entry.name, entry.factory, { source: 'discovered' });
    }
  } catch (error) {
    deps.log.warn(`Tool discovery failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  await deps.mcp.prepareForTask();
  deps.mcp.attach(registry, taken(), (entry) => deps.offered(entry));
}

export function toolDeferral(): DeferralSettings {
  const share = vscode.workspace.getConfiguration('relay').get<number>('toolDeferralShare', DEFAULT_DEFERRAL_SHARE);
  return { share: Number.isFinite(share) && share >= 0 ? share : DEFAULT_DEFERRAL_SHARE };
}
