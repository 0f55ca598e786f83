// One live MCP session through the official SDK client: stdio (our process-group transport), Streamable HTTP,
// and the legacy HTTP+SSE transport as the fallback for old servers. No `vscode` here: plain Node.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ListRootsRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { McpTransportConfig } from '../../core/mcp/config';
import type { McpCallOptions, McpCallResult, McpConnection, McpToolInfo } from '../../core/ports/mcp';
import { type McpLog, ProcessGroupStdioTransport } from './stdio-transport';

export interface ConnectOptions {
  name: string;
  /** Resolved: no variables left. */
  transport: McpTransportConfig;
  /** stdio: the environment the process gets (the host's, the env file's and the config's, merged). */
  env?: NodeJS.ProcessEnv;
  log: McpLog;
  /** Workspace folders offered as MCP roots (absolute paths). */
  roots?: readonly string[];
  connectTimeoutMs?: number;
  /** The longest a single call may take on the client side; the tool runtime's timeout normally ends it sooner. */
  maxCallMs?: number;
}

const listResult = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });
const CLIENT_INFO = { name: 'relay', version: '0.1.0' };
const MAX_PAGES = 50;

export class SdkMcpConnection implements McpConnection {
  private closedReason: string | undefined;
  private closing = false;
  private readonly changeListeners = new Set<() => void>();
  private readonly closeListeners = new Set<(reason: string) => void>();
  /** How many `tools/list_changed` notifications arrived. */
  toolsChangedCount = 0;

  private constructor(
    readonly serverName: string,
    private readonly client: Client,
    private readonly transport: Transport,
    readonly transportKind: 'stdio' | 'http' | 'sse',
    private readonly maxCallMs: number,
  ) {}

  static async connect(options: ConnectOptions): Promise<SdkMcpConnection> {
    const { transport, log } = options;
    const timeout = options.connectTimeoutMs ?? 30_000;
    if (transport.type === 'stdio') {
      const stdio = new ProcessGroupStdioTransport(
        { command: transport.command, args: transport.args, env: options.env ?? process.env, ...(transport.cwd ? { cwd: transport.cwd } : {}) },
        log,
      );
      return SdkMcpConnection.open(options, stdio, 'stdio', timeout, () => describeExit(stdio));
    }
    const url = new URL(transport.url);
    const requestInit = { headers: transport.headers };
    if (transport.type === 'sse') return SdkMcpConnection.open(options, new SSEClientTransport(url, { requestInit }), 'sse', timeout);
    try {
      return await SdkMcpConnection.open(options, new StreamableHTTPClientTransport(url, { requestInit }), 'http', timeout);
    } catch (error) {
      // Servers from before Streamable HTTP answer its POST with 4xx: try the HTTP+SSE transport they speak.
      const status = (error as { code?: unknown }).code;
      if (!(typeof status === 'number' && [400, 404, 405].includes(status)) && !/\b(400|404|405)\b/.test(message(error))) throw error;
      log.warn(`Streamable HTTP failed (HTTP ${String(status)}); trying the legacy HTTP+SSE transport`);
      return SdkMcpConnection.open(options, new SSEClientTransport(url, { requestInit }), 'sse', timeout);
    }
  }

  private static async open(
    options: ConnectOptions,
    transport: Transport,
    kind: 'stdio' | 'http' | 'sse',
    timeout: number,
    exitInfo: () => string = () => '',
  ): Promise<SdkMcpConnection> {
    const client = new Client(CLIENT_INFO, { capabilities: { roots: { listChanged: false } } });
    const connection = new SdkMcpConnection(options.name, client, transport, kind, options.maxCallMs ?? 24 * 3600_000);
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: (options.roots ?? []).map((path) => ({ uri: `file://${path.split('\\').join('/').replace(/^([A-Za-z]):/, '/$1:')}`, name: path.split(/[\\/]/).pop() ?? path })),
    }));
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      connection.toolsChangedCount++;
      options.log.info('The server says its tool list changed');
      for (const listener of connection.changeListeners) listener();
    });
    client.onerror = (error) => options.log.warn(`Protocol error: ${error.message}`);
    client.onclose = () => {
      if (connection.closing) return void (connection.closedReason = 'closed by Relay');
      const detail = exitInfo();
      connection.closedReason = `the connection closed${detail ? ` (${detail})` : ''}`;
      options.log.warn(`Disconnected: ${connection.closedReason}`);
      for (const listener of connection.closeListeners) listener(connection.closedReason);
    };
    try {
      await client.connect(transport, { timeout });
    } catch (error) {
      const detail = exitInfo();
      await transport.close().catch(() => {});
      if (!detail) throw error;
      throw new Error(`${message(error)} (${detail})`);
    }
    const version = client.getServerVersion();
    options.log.info(`Connected over ${kind}${version ? ` to ${version.name} ${version.version}` : ''}`);
    return connection;
  }

  get isClosed(): boolean {
    return this.closedReason !== undefined;
  }

  get supportsToolListChanged(): boolean {
    return this.client.getServerCapabilities()?.tools?.listChanged === true;
  }

  /** Every page of `tools/list`, each tool as sent (schemas are checked per tool, later). */
  async listTools(signal?: AbortSignal): Promise<McpToolInfo[]> {
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, listResult, signal ? { signal } : {});
      tools.push(...(result.tools as McpToolInfo[]));
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return tools;
  }

  async callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<McpCallResult> {
    if (this.closedReason) throw new Error(`Not connected: ${this.closedReason}`);
    try {
      const result = await this.client.callTool({ name, arguments: args }, undefined, {
        signal: options.signal,
        timeout: this.maxCallMs,
        resetTimeoutOnProgress: true,
        ...(options.onProgress ? { onprogress: (p: { progress: number; total?: number; message?: string }) => options.onProgress!(p) } : {}),
      });
      return result as McpCallResult;
    } catch (error) {
      if (this.closedReason && !options.signal.aborted) throw new Error(`${message(error)}: ${this.closedReason}`);
      throw error;
    }
  }

  onToolsChanged(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  onClosed(listener: (reason: string) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** Ends the session; a stdio server's whole process group is killed. */
  async close(): Promise<void> {
    this.closing = true;
    this.closeListeners.clear();
    this.changeListeners.clear();
    await this.client.close().catch(() => {});
    await this.transport.close().catch(() => {});
  }
}

function describeExit(stdio: ProcessGroupStdioTransport): string {
  if (!stdio.exitDescription) return '';
  const stderr = stdio.recentStderr.split('\n').slice(-5).join('\n');
  return `the server process ended: ${stdio.exitDescription}${stderr ? `; stderr: ${stderr}` : ''}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
