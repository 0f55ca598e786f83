// `relay.toolDiscoveryCommand` / `relay.toolCallCommand` (Gemini CLI's contract, see core/discovery): the
// discovery command runs when a task starts; each call runs the call command in its own process group, killed
// with the group when the call is cancelled or times out.
import * as vscode from 'vscode';
import { discoveredToolEntries, type DiscoveredEntry, parseDeclarations, type ToolCommandRunner } from '../../core/discovery/discovered-tool';
import { decideCommandSetting, type WorkspaceValue } from '../../core/permissions/workspace-values';
import type { WorkspaceConfirmations } from '../settings/workspace-confirmations';
import { settingLayers } from '../settings/workspace-layers';
import { shellRunner } from './shell-runner';

export const DISCOVERY_COMMAND_KEYS = ['relay.toolDiscoveryCommand', 'relay.toolCallCommand'] as const;

/**
 * The two command lines in effect: a repository's settings may switch them off, but a command of their own runs only
 * once the user confirmed it (setting, exact value, file); until then the user's own command (or none) stays.
 */
export function discoveryCommands(confirmations: WorkspaceConfirmations): { discovery: string; call: string; pending: WorkspaceValue[] } {
  const [discovery, call] = DISCOVERY_COMMAND_KEYS.map((key) => {
    const layers = settingLayers<unknown>(key);
    const user = typeof layers.user === 'string' ? layers.user.trim() : '';
    return decideCommandSetting(user, layers.workspace, (value) => confirmations.has(value));
  }) as [ReturnType<typeof decideCommandSetting>, ReturnType<typeof decideCommandSetting>];
  return { discovery: discovery.value, call: call.value, pending: [...discovery.pending, ...call.pending] };
}

/** Runs the discovery command (when both settings are set) and returns the tools it declares. */
export async function discoverTools(
  taken: ReadonlySet<string>,
  log: vscode.LogOutputChannel,
  confirmations: WorkspaceConfirmations,
  run: ToolCommandRunner = shellRunner(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath),
): Promise<DiscoveredEntry[]> {
  const { discovery, call } = discoveryCommands(confirmations);
  if (!discovery) return [];
  if (!call) {
    log.warn('relay.toolDiscoveryCommand is set but relay.toolCallCommand is not: no discovered tool is offered');
    return [];
  }
  const signal = AbortSignal.timeout(30_000);
  const outcome = await run(discovery, '', signal);
  if (outcome.exitCode !== 0) {
    log.warn(`The tool discovery command failed (exit code ${outcome.exitCode}, signal ${outcome.signal}): ${outcome.stderr.trim()}`);
    return [];
  }
  const parsed = parseDeclarations(outcome.stdout);
  const built = discoveredToolEntries(parsed.declarations, call, run, taken);
  for (const error of [...parsed.errors, ...built.errors]) log.warn(`Tool discovery: ${error}`);
  return built.entries;
}
