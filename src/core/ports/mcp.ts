// An MCP server as the tool runtime sees it: its tools and a way to call one. The SDK client behind it lives in
// src/host/mcp (it spawns processes and opens sockets); the tools built on this port stay pure and unit-tested.
import type { JsonSchema } from '../tools/types';

/** MCP tool annotations (hints from the server; never trusted for more than choosing how carefully to ask). */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchema;
  annotations?: McpToolAnnotations;
}

export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name?: string; title?: string; description?: string; mimeType?: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: string; [key: string]: unknown };

export interface McpCallResult {
  content: McpContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface McpProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface McpCallOptions {
  /** Aborting it cancels the request (the client sends `notifications/cancelled`). */
  signal: AbortSignal;
  onProgress?(progress: McpProgress): void;
}

export interface McpConnection {
  readonly serverName: string;
  callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<McpCallResult>;
}
