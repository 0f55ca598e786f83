// The MCP servers of this window: configuration (watched), trust and one-time confirmation, lazy connection
// when a task starts, reconnection with backoff, `tools/list_changed`, one log per server, and the registries
// of running tasks kept in step with the servers' tool lists. Every server's tool definitions are pinned the
// first time it connects after being confirmed (user servers too: a server can change whoever configured it);
// a changed or new tool is held back from the model until the user accepts the change (tool-review.ts).
// One server's state is a server-entry.ts Entry; its tool list against its pins is server-tools.ts.
import * as vscode from 'vscode';
import { DEFAULT_BACKOFF, reconnectDelay, type BackoffPolicy } from '../../core/mcp/backoff';
import { buildMcpToolEntries, type McpToolEntry } from '../../core/mcp/catalog';
import { type McpInputDefinition, type McpServerConfig, serverFingerprint } from '../../core/mcp/config';
import type { McpToolInfo } from '../../core/ports/mcp';
import type { ToolRegistry } from '../../core/tools';
import type { ConnectOptions, SdkMcpConnection } from './sdk-connection';
import { confirmWithModal, ServerConfirmations, type ServerConfirmer } from './confirmation';
import { readMcpConfig, watchMcpConfig } from './config-source';
import { askInputWithVsCode, type InputAsker, type Launch, McpInputs, prepareLaunch } from './launch';
import { loadMcpClient } from './client-loader';
import { RegistrySync } from './registry-sync';
import { createEntry, type Entry, logFor, serverView, type ServerView } from './server-entry';
import { askAboutChanges, setTools } from './server-tools';
import { workspaceSettingsFile } from '../settings/workspace-layers';
import { ToolPinStore } from './tool-pins';
import { createModalReviewer, type ToolChangeReviewer } from './tool-review';

export type { ServerStatus, ServerView } from './server-entry';

export interface McpManagerOptions {
  state: vscode.Memento;
  secrets: vscode.SecretStorage;
  log: vscode.LogOutputChannel;
  isTrusted: () => boolean;
  roots: () => string[];
  confirm?: ServerConfirmer;
  askInput?: InputAsker;
  /** Asks before changed tool definitions reach the model; the native modal by default. */
  reviewTools?: ToolChangeReviewer;
  connect?: (options: ConnectOptions) => Promise<SdkMcpConnection>;
  backoff?: BackoffPolicy;
  connectTimeoutMs?: number;
  /** Told once per failure streak, e.g. a warning with "Show Output". */
  notifyFailure?: (server: string, error: string) => void;
  /** Told when the configuration's problems change to a new non-empty list (a broken mcp.json with its line and column). */
  notifyConfigErrors?: (errors: readonly string[]) => void;
  /** Runs a stdio server in the OS sandbox when it should be (see core/sandbox/mcp.ts): the launch to use instead, and its release. */
  sandboxLaunch?: (config: McpServerConfig, launch: Launch) => Promise<{ launch: Launch; dispose(): void } | undefined>;
}

const DISABLED_KEY = 'relay.mcp.disabledServers';

export class McpServerManager implements vscode.Disposable {
  private readonly servers = new Map<string, Entry>();
  private inputDefinitions: McpInputDefinition[] = [];
  private configErrors: string[] = [];
  private loaded: Promise<void> | undefined;
  private readonly confirmations: ServerConfirmations;
  private readonly inputs: McpInputs;
  private readonly sync = new RegistrySync();
  private readonly pins: ToolPinStore;
  private readonly reviewTools: ToolChangeReviewer;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly watcher: vscode.Disposable;
  readonly onDidChange = this.changed.event;

  constructor(private readonly options: McpManagerOptions) {
    this.confirmations = new ServerConfirmations(options.state, options.confirm ?? confirmWithModal);
    this.inputs = new McpInputs(options.secrets, options.askInput ?? askInputWithVsCode, workspaceSettingsFile);
    this.pins = new ToolPinStore(options.state);
    this.reviewTools = options.reviewTools ?? createModalReviewer(this.disposables);
    this.watcher = watchMcpConfig(() => void this.reload());
  }

  get errors(): readonly string[] {
    return this.configErrors;
  }

  /** Reads the configuration; servers whose configuration changed are stopped, and restarted if they were running. */
  reload(): Promise<void> {
    this.loaded = (async () => {
      const config = await readMcpConfig();
      this.inputDefinitions = config.inputs;
      const news = config.errors.join('\n') !== this.configErrors.join('\n');
      this.configErrors = config.errors;
      for (const error of config.errors) this.options.log.warn(`MCP configuration: ${error}`);
      if (news && config.errors.length > 0) this.options.notifyConfigErrors?.(config.errors);
      const next = new Map(config.servers.map((s) => [s.name, s]));
      const restart: Entry[] = [];
      for (const [name, entry] of this.servers) {
        const updated = next.get(name);
        if (updated && serverFingerprint(updated) === entry.fingerprint) continue;
        const wasRunning = entry.status === 'running' || entry.status === 'starting';
        await this.stop(entry);
        this.servers.delete(name);
        if (updated && wasRunning) restart.push(this.add(updated));
      }
      for (const server of config.servers) if (!this.servers.has(server.name)) this.add(server);
      this.publish();
      for (const entry of restart) void this.start(entry);
    })();
    return this.loaded;
  }

  /** Called when a task starts: every enabled server is started (lazily, once) and awaited up to the timeout. */
  async prepareForTask(): Promise<void> {
    await (this.loaded ?? this.reload());
    // An untrusted server is looked at again: the workspace may have been trusted since.
    const starts = [...this.servers.values()].filter((e) => e.status === 'stopped' || e.status === 'untrusted').map((e) => this.start(e));
    const pending = [...this.servers.values()].flatMap((e) => (e.starting ? [e.starting] : []));
    if (starts.length === 0 && pending.length === 0) return;
    const cap = new Promise<void>((resolve) => setTimeout(resolve, this.options.connectTimeoutMs ?? 30_000).unref?.());
    await Promise.race([Promise.allSettled([...starts, ...pending]), cap]);
  }

  /** Registers the running servers' tools in a task's registry and keeps them in step while the task lives. */
  attach(registry: ToolRegistry, taken: ReadonlySet<string>, filter: (entry: McpToolEntry) => boolean = () => true): void {
    this.sync.attach(registry, taken, filter, (names) => this.entries(names));
  }

  entries(taken: ReadonlySet<string>): McpToolEntry[] {
    const running = [...this.servers.values()].filter((e) => e.status === 'running' || (e.status === 'error' && e.tools.length > 0));
    return buildMcpToolEntries(
      running.map((entry) => ({
        serverName: entry.config.name,
        tools: entry.offered,
        connection: () => {
          if (!entry.connection || entry.connection.isClosed) throw new Error(`the server is not connected${entry.lastError ? ` (${entry.lastError})` : ''}`);
          return entry.connection;
        },
        ...(entry.config.timeoutMs !== undefined ? { timeoutMs: entry.config.timeoutMs } : {}),
      })),
      taken,
    ).entries;
  }

  list(): ServerView[] {
    return [...this.servers.values()].map(serverView);
  }

  async restart(name: string): Promise<void> {
    const entry = this.servers.get(name);
    if (!entry) return;
    await this.stop(entry);
    entry.status = 'stopped';
    entry.attempts = 0;
    delete entry.lastError;
    entry.changeRejected = false;
    this.confirmations.forgetDecline(entry.config);
    await this.start(entry);
  }

  /** Asks again about a tool change the user rejected (from *Relay: MCP Servers*). */
  async reviewChanges(name: string): Promise<void> {
    const entry = this.servers.get(name);
    if (!entry?.held) return;
    entry.changeRejected = false;
    await this.review(entry, entry.generation);
  }

  async setEnabled(name: string, enabled: boolean): Promise<void> {
    const disabled = new Set(this.options.state.get<string[]>(DISABLED_KEY, []));
    if (enabled) disabled.delete(name);
    else disabled.add(name);
    await this.options.state.update(DISABLED_KEY, [...disabled]);
    const entry = this.servers.get(name);
    if (!entry) return;
    await this.stop(entry);
    entry.status = enabled ? 'stopped' : 'disabled';
    this.publish();
    if (enabled) await this.start(entry);
  }

  showOutput(name: string): void {
    const entry = this.servers.get(name);
    if (entry) logFor(entry).show(true);
  }

  private add(config: McpServerConfig): Entry {
    const entry = createEntry(config, this.options.state.get<string[]>(DISABLED_KEY, []).includes(config.name));
    this.servers.set(config.name, entry);
    return entry;
  }

  private setTools(entry: Entry, tools: McpToolInfo[]): Promise<void> {
    return setTools(entry, tools, this.pins);
  }

  private start(entry: Entry): Promise<void> {
    if (entry.starting) return entry.starting;
    if (entry.status === 'disabled' || entry.status === 'running') return Promise.resolve();
    const generation = entry.generation;
    entry.starting = this.connect(entry, generation).finally(() => {
      if (entry.generation === generation) entry.starting = undefined;
      this.publish();
    });
    return entry.starting;
  }

  private async connect(entry: Entry, generation: number): Promise<void> {
    const { config } = entry;
    if (config.origin === 'workspace' && !this.options.isTrusted()) {
      entry.status = 'untrusted';
      return;
    }
    if (!(await this.confirmations.allow(config))) {
      entry.status = 'declined';
      return;
    }
    entry.status = 'starting';
    this.publish();
    const log = logFor(entry);
    let released = false;
    let release = (): void => undefined;
    const releaseOnce = () => {
      if (released) return;
      released = true;
      release();
    };
    try {
      const prepared = await prepareLaunch(config, await this.inputs.resolve(config, this.inputDefinitions));
      const sandboxed = await this.options.sandboxLaunch?.(config, prepared);
      const launch = sandboxed?.launch ?? prepared;
      release = () => sandboxed?.dispose();
      entry.releaseSandbox = releaseOnce;
      const connect = this.options.connect ?? ((o: ConnectOptions) => loadMcpClient().SdkMcpConnection.connect(o));
      const connection = await connect({
        name: config.name,
        transport: launch.transport,
        ...(launch.env ? { env: launch.env } : {}),
        log,
        roots: this.options.roots(),
        connectTimeoutMs: this.options.connectTimeoutMs ?? 30_000,
      });
      connection.onClosed(() => releaseOnce());
      if (entry.generation !== generation) return void (await connection.close().finally(releaseOnce));
      const tools = await connection.listTools();
      entry.connection = connection;
      await this.setTools(entry, tools);
      if (entry.generation !== generation) return;
      entry.status = 'running';
      entry.attempts = 0;
      delete entry.lastError;
      connection.onToolsChanged(() => void this.refreshTools(entry, generation));
      connection.onClosed((reason) => this.lost(entry, generation, reason));
      this.sync.refresh();
    } catch (error) {
      releaseOnce();
      if (entry.generation !== generation) return;
      this.fail(entry, error instanceof Error ? error.message : String(error));
      return;
    }
    // Part of starting, so a task that starts the server waits (up to its cap) for the answer.
    await this.review(entry, generation);
  }

  private async refreshTools(entry: Entry, generation: number): Promise<void> {
    try {
      const tools = await entry.connection!.listTools();
      if (entry.generation !== generation) return;
      await this.setTools(entry, tools);
      if (entry.generation !== generation) return;
      this.sync.refresh();
      this.publish();
    } catch (error) {
      logFor(entry).warn(`Refreshing the tool list failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    await this.review(entry, generation);
  }

  /**
   * Asks about the held change, one question at a time per server. Accepting pins exactly the list the question
   * showed; a list that changed again meanwhile is compared with those pins and asked about in turn. Rejecting
   * keeps the changed and new tools off (the pinned, unchanged ones keep working) without asking again until a
   * restart or "Review Tool Changes".
   */
  private review(entry: Entry, generation: number): Promise<void> {
    if (entry.reviewing) return entry.reviewing;
    const reviewing: Promise<void> = askAboutChanges(entry, generation, this.pins, this.reviewTools).finally(() => {
      if (entry.reviewing === reviewing) entry.reviewing = undefined;
      this.sync.refresh();
      this.publish();
    });
    entry.reviewing = reviewing;
    return reviewing;
  }

  private lost(entry: Entry, generation: number, reason: string): void {
    if (entry.generation !== generation) return;
    entry.connection = undefined;
    this.fail(entry, reason);
  }

  private fail(entry: Entry, error: string): void {
    entry.status = 'error';
    entry.lastError = error;
    entry.attempts++;
    logFor(entry).error(error);
    if (entry.attempts === 1) this.options.notifyFailure?.(entry.config.name, error);
    const delay = reconnectDelay(entry.attempts, this.options.backoff ?? DEFAULT_BACKOFF);
    if (delay === undefined) {
      entry.lastError = `${error} (gave up after ${entry.attempts} attempts; use Restart)`;
    } else {
      logFor(entry).info(`Reconnecting in ${Math.round(delay / 100) / 10} s (attempt ${entry.attempts})`);
      const generation = entry.generation;
      entry.timer = setTimeout(() => {
        if (entry.generation === generation && entry.status === 'error') void this.start(entry);
      }, delay);
      entry.timer.unref?.();
    }
    this.publish();
  }

  private async stop(entry: Entry): Promise<void> {
    entry.generation++;
    // A question still open for the old connection no longer decides anything; the next start asks anew.
    entry.reviewing = undefined;
    clearTimeout(entry.timer);
    entry.starting = undefined;
    const connection = entry.connection;
    entry.connection = undefined;
    entry.tools = [];
    entry.offered = [];
    delete entry.held;
    entry.skipped = [];
    entry.cleaned = [];
    this.sync.refresh();
    const release = entry.releaseSandbox;
    entry.releaseSandbox = undefined;
    await connection?.close();
    release?.();
  }

  private publish(): void {
    this.changed.fire();
  }

  dispose(): void {
    this.watcher.dispose();
    for (const d of this.disposables) d.dispose();
    for (const entry of this.servers.values()) {
      void this.stop(entry);
      entry.log?.dispose();
    }
    this.servers.clear();
    this.changed.dispose();
  }
}
