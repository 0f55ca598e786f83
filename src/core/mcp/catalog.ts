// Turns the tool lists of connected servers into registry entries: definitions cleaned of hidden text and capped
// (tool-text.ts), checked schemas, provider-safe unique names.
import type { McpConnection, McpToolInfo } from '../ports/mcp';
import type { ToolFactory, ToolKind } from '../tools/types';
import { kindFromAnnotations } from './annotations';
import { McpTool } from './mcp-tool';
import { assignToolNames, mcpToolName } from './names';
import { checkInputSchema } from './schema-check';
import { cleanToolInfo } from './tool-text';

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

/** A tool offered with its definition changed for the prompt: hidden characters removed, long texts cut. */
export interface CleanedTool {
  serverName: string;
  /** As the model sees it. */
  toolName: string;
  hiddenRemoved: number;
  cut: number;
}

export function buildMcpToolEntries(
  servers: readonly ServerTools[],
  taken: ReadonlySet<string>,
): { entries: McpToolEntry[]; skipped: SkippedTool[]; cleaned: CleanedTool[] } {
  const skipped: SkippedTool[] = [];
  const cleanedTools: CleanedTool[] = [];
  type Usable = { server: ServerTools; info: McpToolInfo; remoteName: string; check: Extract<ReturnType<typeof checkInputSchema>, { ok: true }> };
  const usable: Usable[] = [];
  for (const server of servers) {
    const seen = new Set<string>();
    const candidates: { raw: McpToolInfo; clean: ReturnType<typeof cleanToolInfo> }[] = [];
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
      const clean = cleanToolInfo(info);
      if (clean.problem) skipped.push({ serverName: server.serverName, toolName: clean.info.name || '(invisible)', reason: clean.problem });
      else candidates.push({ raw: info, clean });
    }
    // Two names that read the same once hidden characters are gone: the one without them keeps it, a look-alike
    // is left out (it could pass itself off as the other); with no clean original, none of them is offered.
    const byName = new Map<string, typeof candidates>();
    for (const c of candidates) byName.set(c.clean.info.name, [...(byName.get(c.clean.info.name) ?? []), c]);
    for (const [name, group] of byName) {
      const original = group.length > 1 ? group.find((c) => c.raw.name === name) : group[0];
      for (const candidate of group) {
        if (candidate !== original) {
          skipped.push({
            serverName: server.serverName,
            toolName: name,
            reason: original ? `its name differs from "${name}" only by invisible characters` : `its name reads "${name}" like another tool's once invisible characters are removed`,
          });
          continue;
        }
        const { info } = candidate.clean;
        const check = checkInputSchema(info.inputSchema);
        if (!check.ok) {
          skipped.push({ serverName: server.serverName, toolName: info.name, reason: check.reason });
          continue;
        }
        usable.push({ server, info, remoteName: candidate.raw.name, check });
        if (candidate.clean.hiddenRemoved > 0 || candidate.clean.cut > 0) {
          cleanedTools.push({ serverName: server.serverName, toolName: info.name, hiddenRemoved: candidate.clean.hiddenRemoved, cut: candidate.clean.cut });
        }
      }
    }
  }
  const identity = (server: string, tool: string) => `${server}\u0000${tool}`;
  const names = assignToolNames(
    usable.map(({ server, info }) => ({ identity: identity(server.serverName, info.name), preferred: mcpToolName(server.serverName, info.name) })),
    taken,
  );
  const entries = usable.map(({ server, info, remoteName, check }): McpToolEntry => {
    const name = names.get(identity(server.serverName, info.name))!;
    const options = {
      name,
      serverName: server.serverName,
      info,
      remoteName,
      schema: check.schema,
      zod: check.zod,
      connection: server.connection,
      ...(server.timeoutMs !== undefined ? { timeoutMs: server.timeoutMs } : {}),
    };
    return { name, kind: kindFromAnnotations(info.annotations), serverName: server.serverName, toolName: info.name, factory: () => new McpTool(options) };
  });
  return { entries, skipped, cleaned: cleanedTools };
}
