// The stdio transport for MCP servers: the server runs in its own process group, so disposing it kills the
// server and everything it started (npx, shells, language servers). A stdout line that is not JSON-RPC is
// logged and skipped instead of breaking the connection; stderr goes to the server's log, capped.
// No `vscode` here: plain Node, unit-testable.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface McpLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface StdioLaunch {
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
}

/** stderr kept per server before further output is only counted (a flooding server must not flood the log). */
const STDERR_LOG_LIMIT = 256 * 1024;
const MAX_LINE = 10 * 1024 * 1024;
const KILL_GRACE_MS = 2000;

export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private buffer = '';
  private stderrLogged = 0;
  private stderrDropped = 0;
  private stderrTail = '';
  private closed = false;
  /** How the process ended, for error messages: `exit code 3`, `signal SIGKILL`. */
  exitDescription: string | undefined;

  constructor(
    private readonly launch: StdioLaunch,
    private readonly log: McpLog,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last stderr lines, for "the server exited" messages. */
  get recentStderr(): string {
    return this.stderrTail.trim();
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.launch.command, [...this.launch.args], {
        cwd: this.launch.cwd,
        env: this.launch.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
      });
      this.child = child;
      child.once('error', (error) => {
        this.exitDescription = error.message;
        reject(error);
        this.onerror?.(error);
        this.finish();
      });
      child.once('spawn', () => resolve());
      child.once('exit', (code, signal) => {
        this.exitDescription = signal ? `signal ${signal}` : `exit code ${code}`;
        this.finish();
      });
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => this.receive(chunk));
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (chunk: string) => this.receiveStderr(chunk));
      child.stdin!.on('error', (error) => this.onerror?.(error));
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.closed) throw new Error('The server process is not running');
    await new Promise<void>((resolve, reject) => {
      stdin.write(JSON.stringify(message) + '\n', (error) => (error ? reject(error) : resolve()));
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return this.finish();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin?.end();
    this.kill('SIGTERM');
    const timer = setTimeout(() => this.kill('SIGKILL'), KILL_GRACE_MS);
    await exited;
    clearTimeout(timer);
    // Anything the server left behind in its group goes too.
    this.kill('SIGKILL');
    this.finish();
  }

  private kill(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      if (process.platform === 'win32') this.child!.kill(signal);
      else process.kill(-pid, signal);
    } catch {
      // already gone
    }
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    if (this.buffer.length > MAX_LINE && !this.buffer.includes('\n')) {
      this.log.warn(`Dropped ${this.buffer.length} characters of stdout without a line end`);
      this.buffer = '';
      return;
    }
    let index: number;
    while ((index = this.buffer.indexOf('\n')) !== -1) {
      const line = this.buffer.slice(0, index).replace(/\r$/, '');
      this.buffer = this.buffer.slice(index + 1);
      if (line.trim()) this.handleLine(line);
    }
  }

  private handleLine(line: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.log.warn(`Ignored a stdout line that is not JSON-RPC: ${line.slice(0, 200)}`);
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      this.log.warn(`Ignored a stdout message that is not JSON-RPC: ${line.slice(0, 200)}`);
      return;
    }
    this.onmessage?.(message.data);
  }

  private receiveStderr(chunk: string): void {
    this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    if (this.stderrLogged >= STDERR_LOG_LIMIT) {
      if (this.stderrDropped === 0) this.log.warn(`stderr exceeded ${STDERR_LOG_LIMIT / 1024} KiB; further output is not logged`);
      this.stderrDropped += chunk.length;
      return;
    }
    const text = chunk.slice(0, STDERR_LOG_LIMIT - this.stderrLogged);
    this.stderrLogged += text.length;
    for (const line of text.split(/\r?\n/)) if (line.trim()) this.log.info(`[stderr] ${line}`);
  }
}
