// Hooks in the window: the repository's hook files (a customisation kind, read on first use), the user's
// `relay.hooks` setting, their confirmation, and the processes that run them. One per window; each task gets its
// tool-call hook point from `forTask`.
import type * as vscode from 'vscode';
import { HookRunner, type HookProcessRunner } from '../../../core/customization/hooks/runner';
import type { HookOutcome } from '../../../core/customization/hooks/types';
import { HOOKS_KIND_ID } from '../../../core/customization/hooks/hooks-kind';
import { l10n } from '../../../core/l10n';
import { ConfiguredSessionHooks } from '../../../core/customization/hooks/session-hooks';
import { ConfiguredToolHooks, type HookSessionInfo } from '../../../core/customization/hooks/tool-call-hooks';
import type { SessionHooks } from '../../../core/agent/session-hooks';
import { CallTasks, NotificationHooks } from '../../../core/customization/hooks/notification-hooks';
import type { SandboxSource } from '../../processes/short-command';
import type { ToolCallHooks } from '../../../core/tools';
import type { CustomizationService } from '../customization-service';
import { confirmHooksWithModal, HookConfirmations, type HookConfirmer } from './hook-confirmations';
import { SpawnedHookProcesses } from './hook-process';
import { WorkspaceHookSet } from './workspace-hooks';

export type { HookConfirmer } from './hook-confirmations';

/** The last runs, one line each, for Show Customizations' "last turn" part. */
class ReportedHookRunner extends HookRunner {
  private readonly recent: string[] = [];

  constructor(
    processes: HookProcessRunner,
    private readonly report: (lines: string[]) => void,
  ) {
    super(processes);
  }

  override async run(...args: Parameters<HookRunner['run']>): Promise<HookOutcome> {
    const outcome = await super.run(...args);
    for (const run of outcome.runs) {
      const { verdict } = run;
      const did = verdict.failure
        ? l10n.t('failed: {0}', verdict.failure.detail || verdict.failure.kind)
        : verdict.permission === 'deny'
          ? l10n.t('blocked: {0}', verdict.reason ?? '')
          : verdict.permission
            ? verdict.permission
            : verdict.context
              ? l10n.t('added context')
              : l10n.t('ran');
      this.recent.push(`${run.event} ${run.command} (${run.source}): ${did} · ${Math.round(run.durationMs)} ms`);
    }
    this.recent.splice(0, Math.max(0, this.recent.length - 30));
    if (outcome.runs.length > 0) this.report([...this.recent]);
    return outcome;
  }
}

export interface HookSupportOptions {
  customizations: CustomizationService;
  state: Pick<vscode.Memento, 'get' | 'update'>;
  workspaceRoots: () => readonly string[];
  approvalMode: () => string;
  /** Integration tests answer the confirmation; the default is the native modal. */
  confirm?: HookConfirmer;
  /** The OS sandbox (the sandbox host's `forCommands()`), when there is one: repository hooks run inside it. */
  sandbox?: SandboxSource;
}

export class HookSupport {
  readonly set: WorkspaceHookSet;
  private readonly runner: HookRunner;
  private readonly callTasks = new CallTasks();

  constructor(private readonly options: HookSupportOptions) {
    this.set = new WorkspaceHookSet(options.customizations, new HookConfirmations(options.state, options.confirm ?? confirmHooksWithModal));
    const processes = new SpawnedHookProcesses({ workspaceRoot: () => options.workspaceRoots()[0], ...(options.sandbox ? { sandbox: options.sandbox } : {}) });
    options.customizations.setStatus(HOOKS_KIND_ID, () => this.set.status());
    this.runner = new ReportedHookRunner(processes, (lines) =>
      options.customizations.lastTurn.set({ kind: 'hooks', title: l10n.t('Hooks that ran recently'), lines: [...lines, ...this.heldBackLines()] }),
    );
  }

  forTask(taskId: string): ToolCallHooks {
    return this.callTasks.track(taskId, new ConfiguredToolHooks(this.set, this.runner, () => this.info(taskId)));
  }

  forSession(taskId: string): SessionHooks {
    return new ConfiguredSessionHooks(this.set, this.runner, () => this.info(taskId));
  }

  /** Notification hooks: told when Relay waits for the person's approval or answer; they cannot change it. */
  notifications(onFailure: (message: string) => void): NotificationHooks {
    return new NotificationHooks(this.set, this.runner, (callId) => this.info(this.callTasks.taskOf(callId) ?? ''), onFailure);
  }

  private heldBackLines(): string[] {
    return this.set.heldBack.map(({ hook, why }) =>
      why === 'untrusted'
        ? l10n.t('{0} {1} ({2}): not run, the workspace is not trusted', hook.event, hook.command, hook.source)
        : l10n.t('{0} {1} ({2}): not run, its command line was not confirmed', hook.event, hook.command, hook.source),
    );
  }

  private info(taskId: string): HookSessionInfo {
    const roots = this.options.workspaceRoots();
    return { sessionId: taskId, cwd: roots[0] ?? process.cwd(), workspaceRoots: roots, permissionMode: this.options.approvalMode() };
  }
}
