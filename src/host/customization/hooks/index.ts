// Hooks in the window: the repository's hook files (a customisation kind, read on first use), the user's
// `relay.hooks` setting, their confirmation, and the processes that run them. One per window; each task gets its
// tool-call hook point from `forTask`.
import type * as vscode from 'vscode';
import { HookRunner } from '../../../core/customization/hooks/runner';
import { ConfiguredToolHooks } from '../../../core/customization/hooks/tool-call-hooks';
import type { CommandSandbox } from '../../../core/ports/command-sandbox';
import type { ToolCallHooks } from '../../../core/tools';
import type { CustomizationService } from '../customization-service';
import { confirmHooksWithModal, HookConfirmations, type HookConfirmer } from './hook-confirmations';
import { SpawnedHookProcesses } from './hook-process';
import { WorkspaceHookSet } from './workspace-hooks';

export type { HookConfirmer } from './hook-confirmations';

export interface HookSupportOptions {
  customizations: CustomizationService;
  state: Pick<vscode.Memento, 'get' | 'update'>;
  workspaceRoots: () => readonly string[];
  approvalMode: () => string;
  /** Integration tests answer the confirmation; the default is the native modal. */
  confirm?: HookConfirmer;
  /** The OS sandbox, when there is one: repository hooks run inside it. */
  sandbox?: CommandSandbox;
}

export class HookSupport {
  readonly set: WorkspaceHookSet;
  private readonly runner: HookRunner;

  constructor(private readonly options: HookSupportOptions) {
    this.set = new WorkspaceHookSet(options.customizations, new HookConfirmations(options.state, options.confirm ?? confirmHooksWithModal));
    const processes = new SpawnedHookProcesses({ workspaceRoot: () => options.workspaceRoots()[0], ...(options.sandbox ? { sandbox: options.sandbox } : {}) });
    this.runner = new HookRunner(processes);
  }

  forTask(taskId: string): ToolCallHooks {
    return new ConfiguredToolHooks(this.set, this.runner, () => {
      const roots = this.options.workspaceRoots();
      return { sessionId: taskId, cwd: roots[0] ?? process.cwd(), workspaceRoots: roots, permissionMode: this.options.approvalMode() };
    });
  }
}
