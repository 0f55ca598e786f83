// The chat's background-process cards on the host: `process` deltas from the process manager (throttled, see
// core/processes/process-card-feed.ts), and the cards' Stop and URL buttons, run as the status bar list runs them.
import * as vscode from 'vscode';
import type { ChatDelta } from '../../shared/chat-model';
import { isPrintedUrl, ProcessCardFeed } from '../../core/processes/process-card-feed';
import type { ProcessManager } from './process-manager';
import { runAction } from './process-status-bar';

export class ProcessCards implements vscode.Disposable {
  private readonly feed: ProcessCardFeed;

  constructor(
    private readonly processes: ProcessManager,
    publish: (delta: ChatDelta) => void,
    private readonly log: { warn(message: string): void },
  ) {
    this.feed = new ProcessCardFeed(processes, (process) => publish({ type: 'process', process }), {
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });
  }

  async stop(processId: string): Promise<void> {
    if (!this.processes.get(processId)) return void this.log.warn(`stopProcess: no process ${processId}`);
    await runAction(this.processes, { kind: 'stop', id: processId });
  }

  /** Opens only a URL this process printed (isPrintedUrl). */
  async openUrl(processId: string, url: string, external = false): Promise<void> {
    if (!isPrintedUrl(this.processes, processId, url)) return void this.log.warn(`openProcessUrl: refused a URL process ${processId} did not print`);
    if (external) await vscode.env.openExternal(vscode.Uri.parse(url));
    else await runAction(this.processes, { kind: 'openUrl', id: processId, url });
  }

  dispose(): void {
    this.feed.dispose();
  }
}
