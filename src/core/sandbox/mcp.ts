// Which MCP servers run in the OS sandbox: stdio servers a workspace defines, always (a cloned repository must not
// be able to opt its own server out, so its `"sandbox": false` is ignored), and the user's servers that opt in.
import type { McpServerConfig } from '../mcp/config';

export function mcpServerSandboxed(server: McpServerConfig): boolean {
  if (server.transport.type !== 'stdio') return false;
  return server.origin === 'workspace' ? true : server.sandbox === true;
}

/** A POSIX shell word for one argument: the wrapped server's command line is run by `sh -c`. */
export function shellWord(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
