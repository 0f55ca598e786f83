// Turns the tool lists of connected servers into registry entries: checked schemas, provider-safe unique names.
import type { McpConnection, McpToolInfo } from '../ports/mcp';
import type { ToolFactory, ToolKind } from '../tools/types';
import { kindFromAnnotations } from './annotations';
import { McpTool } from './mcp-tool';
import { assignToolNames, mcpToolName } from './names';
import { checkInputSchema } from './schema-check';

export interface ServerTools {
  serverName: string;
  tools: readonly McpToolInfo[];
  connection: () => McpConnection;
  timeoutMs?: number;
}

export interface McpToolEntry {
  name: string;
  kind: ToolKind;
  serverName: string;
  toolName: string;
  factory: ToolFactory;
}

export interface SkippedTool {
  serverName: string;
  toolName: string;
  reason: string;
}

export function buildMcpToolEntries(servers: readonly ServerTools[], taken: ReadonlySet<string>): { entries: McpToolEntry[]; skipped: SkippedTool[] } {
  const skipped: SkippedTool[] = [];
  const usable: { server: ServerTools; info: McpToolInfo; check: Extract<ReturnType<typeof checkInputSchema>, { ok: true }> }[] = [];
  for (const server of servers) {
    const seen = new Set<string>();
    for (const info of server.tools) {
      if (typeof info?.name !== 'string' || info.name === '') {
        skipped.push({ serverName: server.serverName, toolName: String(info?.name), reason: 'the tool has no name' });
        continue;
      }
      if (seen.has(info.name)) {
        skipped.push({ serverName: server.serverName, toolName: info.name, reason: 'the server lists this name twice' });
        continue;
      }
      seen.add(info.name);
      const check = checkInputSchema(info.inputSchema);
      if (!check.ok) skipped.push({ serverName: server.serverName, toolName: info.name, reason: check.reason });
      else usable.push({ server, info, check });
    }
  }
  const identity = (server: string, tool: string) => `${server}\u0000${tool}`;
  const names = assignToolNames(
    usable.map(({ server, info }) => ({ identity: identity(server.serverName, info.name), preferred: mcpToolName(server.serverName, info.name) })),
    taken,
  );
  const entries = usable.map(({ server, info, check }): McpToolEntry => {
    const name = names.get(identity(server.serverName, info.name))!;
    const options = {
      name,
      serverName: server.serverName,
      info,
      schema: check.schema,
      zod: check.zod,
      connection: server.connection,
      ...(server.timeoutMs !== undefined ? { timeoutMs: server.timeoutMs } : {}),
    };
    return { name, kind: kindFromAnnotations(info.annotations), serverName: server.serverName, toolName: info.name, factory: () => new McpTool(options) };
  });
  return { entries, skipped };
}
