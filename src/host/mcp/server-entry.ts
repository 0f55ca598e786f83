// One MCP server as the manager keeps it (its configuration, state, connection, tool lists and log), and what
// the *Relay: MCP Servers* list shows of it.
import * as vscode from 'vscode';
import type { CleanedTool, SkippedTool } from '../../core/mcp/catalog';
import { type McpServerConfig, serverFingerprint } from '../../core/mcp/config';
import type { ToolChanges } from '../../core/mcp/tool-pins';
import type { McpToolInfo } from '../../core/ports/mcp';
import type { SdkMcpConnection } from './sdk-connection';

export type ServerStatus = 'stopped' | 'starting' | 'running' | 'error' | 'disabled' | 'untrusted' | 'declined';

export interface ServerView {
  name: string;
  origin: McpServerConfig['origin'];
  status: ServerStatus;
  toolCount: number;
  skipped: SkippedTool[];
  /** Tools offered with hidden characters removed or long texts cut. */
  cleaned: CleanedTool[];
  /** Changed and new tools held back from the model until the user accepts the change. */
  held: string[];
  /** The user rejected the change: no question until a restart or "Review Tool Changes". */
  changeRejected: boolean;
  lastError?: string;
  toolsChanged: number;
}

export interface Entry {
  config: McpServerConfig;
  fingerprint: string;
  status: ServerStatus;
  connection?: SdkMcpConnection;
  /** The server's list as it last sent it. */
  tools: McpToolInfo[];
  /** What the model may see: the tools whose definitions match their pins. */
  offered: McpToolInfo[];
  /** Changes not accepted yet. */
  held?: ToolChanges;
  changeRejected: boolean;
  reviewing?: Promise<void>;
  skipped: SkippedTool[];
  cleaned: CleanedTool[];
  lastError?: string;
  attempts: number;
  generation: number;
  starting?: Promise<void>;
  timer?: ReturnType<typeof setTimeout>;
  /** Releases the OS sandbox's hold for the running server (once). */
  releaseSandbox?: () => void;
  log?: vscode.LogOutputChannel;
}

export function createEntry(config: McpServerConfig, disabled: boolean): Entry {
  return {
    config,
    fingerprint: serverFingerprint(config),
    status: disabled ? 'disabled' : 'stopped',
    tools: [],
    offered: [],
    changeRejected: false,
    skipped: [],
    cleaned: [],
    attempts: 0,
    generation: 0,
  };
}

export function serverView(e: Entry): ServerView {
  return {
    name: e.config.name,
    origin: e.config.origin,
    status: e.status,
    toolCount: e.status === 'running' ? e.offered.length - e.skipped.length : 0,
    skipped: e.skipped,
    cleaned: e.cleaned,
    held: e.held ? [...e.held.changed, ...e.held.added].map((c) => c.name) : [],
    changeRejected: e.changeRejected,
    ...(e.lastError ? { lastError: e.lastError } : {}),
    toolsChanged: e.connection?.toolsChangedCount ?? 0,
  };
}

/** The server's own log channel, created on first use. */
export function logFor(entry: Entry): vscode.LogOutputChannel {
  entry.log ??= vscode.window.createOutputChannel(`Relay MCP: ${entry.config.name}`, { log: true });
  return entry.log;
}
