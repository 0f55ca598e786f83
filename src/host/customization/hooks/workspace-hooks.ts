// The hooks that may run now (core HookSet): the user's `relay.hooks` setting always; the repository's hook files
// only in a trusted workspace and once their command lines are confirmed. Read on first use through the
// customisation service (watched: a change applies from the next call), never at activation.
import * as vscode from 'vscode';
import { readHookSettings } from '../../../core/customization/hooks/config';
import { HOOKS_KIND_ID } from '../../../core/customization/hooks/hooks-kind';
import type { HookSet } from '../../../core/customization/hooks/tool-call-hooks';
import type { HookConfigProblem, HookDefinition } from '../../../core/customization/hooks/types';
import type { CustomizationService } from '../customization-service';
import type { HookConfirmations } from './hook-confirmations';

export class WorkspaceHookSet implements HookSet {
  /** Problems in the `relay.hooks` setting, for Show Customizations. */
  settingProblems: HookConfigProblem[] = [];
  /** Repository hooks held back at the last look, and why (untrusted workspace, not confirmed), for Show Customizations. */
  heldBack: { hook: HookDefinition; why: 'untrusted' | 'unconfirmed' }[] = [];

  constructor(
    private readonly customizations: CustomizationService,
    private readonly confirmations: HookConfirmations,
    private readonly trusted: () => boolean = () => vscode.workspace.isTrusted,
  ) {}

  async current(): Promise<readonly HookDefinition[]> {
    const user = this.userHooks();
    const { entries } = await this.customizations.get<HookDefinition>(HOOKS_KIND_ID);
    if (!this.trusted()) {
      this.heldBack = entries.map((hook) => ({ hook, why: 'untrusted' }));
      return user;
    }
    if (entries.length === 0) return user;
    const confirmed = await this.confirmations.confirmed(entries);
    this.heldBack = entries.filter((h) => !confirmed.includes(h)).map((hook) => ({ hook, why: 'unconfirmed' }));
    return [...user, ...confirmed];
  }

  private userHooks(): HookDefinition[] {
    // Application-scoped: VS Code reads it from user settings only, never from a repository.
    const value = vscode.workspace.getConfiguration('relay').get<unknown>('hooks');
    const { hooks, problems } = readHookSettings(value ?? {}, { source: 'relay.hooks', style: 'claude', origin: 'user', platform: process.platform });
    this.settingProblems = problems;
    return hooks;
  }
}
