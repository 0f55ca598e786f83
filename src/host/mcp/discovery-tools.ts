// `relay.toolDiscoveryCommand` / `relay.toolCallCommand` (Gemini CLI's contract, see core/discovery): the
// discovery command runs when a task starts; each call runs the call command in its own process group, killed
// with the group when the call is cancelled or times out.
import * as vscode from 'vscode';
import { discoveredToolEntries, type DiscoveredEntry, parseDeclarations, type ToolCommandRunner } from '../../core/discovery/discovered-tool';
import { shellRunner } from './shell-runner';

/** Runs the discovery command (when both settings are set) and returns the tools it declares. */
export async function discoverTools(taken: ReadonlySet<string>, log: vscode.LogOutputChannel, run: ToolCommandRunner = shellRunner(vscode.workspace.workspaceFolders?.[0]?.uri.fsPath)): Promise<DiscoveredEntry[]> {
  const config = vscode.workspace.getConfiguration('relay');
  const discovery = config.get<string>('toolDiscoveryCommand', '').trim();
  const call = config.get<string>('toolCallCommand', '').trim();
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
