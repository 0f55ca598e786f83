// MCP stdio servers in the OS sandbox: the server's command line is wrapped like a command's (writes in the
// workspace, credentials unreadable, network to allowed domains), run by `sh -c`, for as long as the server runs.
import type { McpServerConfig } from '../../core/mcp/config';
import { mcpServerSandboxed, shellWord } from '../../core/sandbox/mcp';
import type { Launch } from '../mcp/launch';
import type { CommandSandbox } from '../../core/ports/command-sandbox';

export interface McpSandboxDeps {
  sandbox: CommandSandbox & { prepare(): Promise<boolean> };
  enabled: () => boolean;
  workspaceRoots: () => readonly string[];
}

export function sandboxMcpLaunch(deps: McpSandboxDeps) {
  return async (config: McpServerConfig, launch: Launch): Promise<{ launch: Launch; dispose(): void } | undefined> => {
    const transport = launch.transport;
    if (transport.type !== 'stdio' || !mcpServerSandboxed(config) || !deps.enabled() || !(await deps.sandbox.prepare())) return undefined;
    const line = [transport.command, ...transport.args].map(shellWord).join(' ');
    const env = Object.fromEntries(Object.entries(launch.env ?? process.env).filter((e): e is [string, string] => e[1] !== undefined));
    const roots = deps.workspaceRoots();
    const wrapped = await deps.sandbox.wrap(line, env, { cwd: transport.cwd ?? roots[0] ?? process.cwd(), writableRoots: roots });
    return { launch: { transport: { ...transport, command: '/bin/sh', args: ['-c', wrapped.command] }, env: wrapped.env }, dispose: () => wrapped.dispose() };
  };
}
