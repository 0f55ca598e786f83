// A TaskProcesses that owns the loopback ports a test gives it: what web_fetch and check_page ask of the process
// manager (does this task's running process serve this port?), without starting anything.
import type { ProcessChange, ProcessInfo, ProcessOutputRead, ProcessStarted, SettleReason, TaskProcesses } from '../../src/core/ports/processes';

export class FakeProcesses implements TaskProcesses {
  private readonly infos = new Map<string, ProcessInfo>();
  private readonly listeners = new Set<(change: ProcessChange) => void>();
  private next = 1;
  readonly stopped: string[] = [];

  /** A running process of `taskId` listening on `ports`; returns its id. */
  add(taskId: string, ports: number[], options: Partial<ProcessInfo> = {}): string {
    const id = `p${this.next++}`;
    const urls = ports.map((port) => `http://127.0.0.1:${port}/`);
    const info: ProcessInfo = { id, taskId, command: 'npm run dev', cwd: '/workspace', state: 'ready', urls, ports, startedAt: Date.now(), background: true, ...options };
    this.infos.set(id, info);
    this.emit({ info });
    return id;
  }

  /** The process exits (its ports are no longer its own). */
  exit(id: string, exitCode: number | null = 0): void {
    const info = this.infos.get(id);
    if (!info) return;
    const ended: ProcessInfo = { ...info, state: 'exited', exitCode, ports: [] };
    this.infos.set(id, ended);
    this.emit({ info: ended });
  }

  list(taskId?: string): readonly ProcessInfo[] {
    return [...this.infos.values()].filter((info) => taskId === undefined || info.taskId === taskId);
  }

  get(id: string): ProcessInfo | undefined {
    return this.infos.get(id);
  }

  tail(): string {
    return '';
  }

  async stop(id: string): Promise<ProcessInfo | undefined> {
    const info = this.infos.get(id);
    if (!info) return undefined;
    this.stopped.push(id);
    const stopped: ProcessInfo = { ...info, state: 'stopped', ports: [] };
    this.infos.set(id, stopped);
    this.emit({ info: stopped });
    return stopped;
  }

  async stopAll(taskId?: string): Promise<void> {
    for (const info of this.list(taskId)) if (info.state !== 'exited' && info.state !== 'stopped') await this.stop(info.id);
  }

  servesLoopbackPort(taskId: string, port: number): boolean {
    return this.list(taskId).some((info) => info.state !== 'exited' && info.state !== 'stopped' && info.ports.includes(port));
  }

  onDidChange(listener: (change: ProcessChange) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  // Starting and talking to processes is the real manager's (src/host/processes); these tests never do.
  start(): Promise<ProcessStarted> {
    return Promise.reject(new Error('FakeProcesses starts nothing'));
  }

  async settle(): Promise<SettleReason> {
    return 'ended';
  }

  read(): ProcessOutputRead | undefined {
    return undefined;
  }

  async waitForOutput(): Promise<boolean> {
    return false;
  }

  sendInput(): boolean {
    return false;
  }

  moveToBackground(): void {}

  takeNotices(): readonly ProcessInfo[] {
    return [];
  }

  private emit(change: ProcessChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
