// MCP server configuration in VS Code's own shape (`.vscode/mcp.json` and the `relay.mcpServers` setting):
// `{ "servers": { "<name>": { "type": "stdio", "command", "args", "env", "envFile", "cwd" } |
// { "type": "http" | "sse", "url", "headers" } }, "inputs": [{ "type": "promptString", "id", ... }] }`.
// Parsing never throws: a bad server is reported and left out, the others stay usable.
import { createHash } from 'node:crypto';
import { z } from 'zod';

export type McpOrigin = 'workspace' | 'user';

export type McpTransportConfig =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string | null>; envFile?: string; cwd?: string }
  | { type: 'http' | 'sse'; url: string; headers: Record<string, string> };

export interface McpServerConfig {
  name: string;
  origin: McpOrigin;
  /** The file it came from, or `settings`. */
  source: string;
  transport: McpTransportConfig;
  /** Relay's own extension of the shape: the call timeout for this server's tools, in milliseconds. */
  timeoutMs?: number;
  /**
   * Relay's own extension: run this stdio server in the OS sandbox. A workspace's servers always are (a repository
   * cannot opt its own server out); a user's server opts in with `"sandbox": true`.
   */
  sandbox?: boolean;
}

export interface McpInputDefinition {
  id: string;
  type: 'promptString' | 'pickString';
  description?: string;
  password?: boolean;
  default?: string;
  options?: string[];
}

export interface ParsedMcpConfig {
  servers: McpServerConfig[];
  inputs: McpInputDefinition[];
  /** One line per problem, naming the server or input. */
  errors: string[];
}

const stringMap = z.record(z.string(), z.string());
const stdioSchema = z.object({
  type: z.literal('stdio').optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.union([z.string(), z.number(), z.null()]).transform((v) => (v === null ? null : String(v)))).default({}),
  envFile: z.string().optional(),
  cwd: z.string().optional(),
  timeout: z.number().int().positive().optional(),
  sandbox: z.boolean().optional(),
});
const httpSchema = z.object({
  type: z.enum(['http', 'sse']).optional(),
  url: z.string().url(),
  headers: stringMap.default({}),
  timeout: z.number().int().positive().optional(),
});
const inputSchema = z.object({
  id: z.string().min(1),
  type: z.enum(['promptString', 'pickString']).default('promptString'),
  description: z.string().optional(),
  password: z.boolean().optional(),
  default: z.string().optional(),
  options: z.array(z.string()).optional(),
});

export function parseMcpConfig(json: unknown, origin: McpOrigin, source: string): ParsedMcpConfig {
  const result: ParsedMcpConfig = { servers: [], inputs: [], errors: [] };
  if (json === undefined || json === null) return result;
  if (typeof json !== 'object' || Array.isArray(json)) {
    result.errors.push(`${source}: expected an object with "servers"`);
    return result;
  }
  const root = json as Record<string, unknown>;
  const servers = root.servers ?? {};
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
    result.errors.push(`${source}: "servers" must be an object of named servers`);
  } else {
    for (const [name, raw] of Object.entries(servers)) {
      const server = parseServer(name, raw, origin, source);
      if (typeof server === 'string') result.errors.push(server);
      else result.servers.push(server);
    }
  }
  if (Array.isArray(root.inputs)) {
    for (const raw of root.inputs) {
      const parsed = inputSchema.safeParse(raw);
      if (parsed.success) result.inputs.push(stripUndefined(parsed.data));
      else result.errors.push(`${source}: input ${JSON.stringify((raw as { id?: unknown })?.id ?? '?')}: ${issues(parsed.error)}`);
    }
  }
  return result;
}

function parseServer(name: string, raw: unknown, origin: McpOrigin, source: string): McpServerConfig | string {
  if (!name.trim()) return `${source}: a server needs a name`;
  if (typeof raw !== 'object' || raw === null) return `${source}: server "${name}" must be an object`;
  const declared = (raw as { type?: unknown }).type;
  const isStdio = declared === 'stdio' || (declared === undefined && 'command' in raw);
  const isHttp = declared === 'http' || declared === 'sse' || (declared === undefined && 'url' in raw);
  if (!isStdio && !isHttp) return `${source}: server "${name}" needs "command" (stdio) or "url" (http), or a known "type"`;
  if (isStdio) {
    const parsed = stdioSchema.safeParse(raw);
    if (!parsed.success) return `${source}: server "${name}": ${issues(parsed.error)}`;
    const { command, args, env, envFile, cwd, timeout, sandbox } = parsed.data;
    const transport: McpTransportConfig = { type: 'stdio', command, args, env, ...(envFile ? { envFile } : {}), ...(cwd ? { cwd } : {}) };
    return { name, origin, source, transport, ...(timeout ? { timeoutMs: timeout } : {}), ...(sandbox !== undefined ? { sandbox } : {}) };
  }
  const parsed = httpSchema.safeParse(raw);
  if (!parsed.success) return `${source}: server "${name}": ${issues(parsed.error)}`;
  const { url, headers, timeout } = parsed.data;
  return { name, origin, source, transport: { type: parsed.data.type ?? 'http', url, headers }, ...(timeout ? { timeoutMs: timeout } : {}) };
}

function issues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`).join('; ');
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Workspace servers first, then user servers; a user server with a workspace server's name is left out. */
export function mergeConfigs(workspace: readonly ParsedMcpConfig[], user: ParsedMcpConfig): ParsedMcpConfig {
  const merged: ParsedMcpConfig = { servers: [], inputs: [], errors: [] };
  for (const part of [...workspace, user]) {
    for (const server of part.servers) {
      if (merged.servers.some((s) => s.name === server.name)) merged.errors.push(`${server.source}: server "${server.name}" is defined twice; the first definition is used`);
      else merged.servers.push(server);
    }
    merged.inputs.push(...part.inputs.filter((input) => !merged.inputs.some((i) => i.id === input.id)));
    merged.errors.push(...part.errors);
  }
  return merged;
}

/** The exact configuration the user confirms; a change of it asks again. */
export function serverFingerprint(server: McpServerConfig): string {
  return createHash('sha256').update(JSON.stringify([server.name, server.source, server.transport])).digest('hex').slice(0, 16);
}
