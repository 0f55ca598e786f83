// `relay.toolDiscoveryCommand` / `relay.toolCallCommand` (Gemini CLI's contract, see core/discovery): the
// discovery command runs when a task starts; each call runs the call command in its own process group, killed
// with the group when the call is cancelled or times out.
import { spawn } from 'node:child_process';
import * as vscode from 'vscode';
import { type CommandOutcome, discoveredToolEntries, type DiscoveredEntry, parseDeclarations, type ToolCommandRunner } from '../../core/discovery/discovered-tool';

const MAX_OUTPUT = 8 * 1024 * 1024;

export const runShellCommand: ToolCommandRunner = (commandLine, stdin, signal) =>
  new Promise<CommandOutcome>((resolve) => {
    const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    const child = spawn(commandLine, { shell: true, cwd, detached: process.platform !== 'win32', stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const kill = () => {
      try {
        if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // already gone
      }
    };
    signal.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout = (stdout + d).slice(0, MAX_OUTPUT)));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(0, MAX_OUTPUT)));
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
    child.on('error', (error) => {
      signal.removeEventListener('abort', kill);
      resolve({ stdout, stderr: stderr + error.message, exitCode: null, signal: null });
    });
    child.on('close', (exitCode, exitSignal) => {
      signal.removeEventListener('abort', kill);
      resolve({ stdout, stderr, exitCode, signal: exitSignal });
    });
  });

/** Runs the discovery command (when both settings are set) and returns the tools it declares. */
export async function discoverTools(taken: ReadonlySet<string>, log: vscode.LogOutputChannel, run: ToolCommandRunner = runShellCommand): Promise<DiscoveredEntry[]> {
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
