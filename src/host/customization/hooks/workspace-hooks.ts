// The hooks that may run now (core HookSet): the user's `relay.hooks` setting always; the repository's hook files
// only in a trusted workspace and once their command lines are confirmed. Read on first use through the
// customisation service (watched: a change applies from the next call), never at activation.
import * as vscode from 'vscode';
import { l10n } from '../../../core/l10n';
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

  /**
   * What Show Customizations says of the hooks now, asking nothing: problems in the `relay.hooks` setting, and
   * each repository hook that would not run (untrusted workspace, command line not confirmed yet or declined).
   */
  async status(): Promise<string[]> {
    this.userHooks();
    const lines = this.settingProblems.map((problem) => l10n.t('relay.hooks (your settings): {0}', problem.message));
    const { entries } = await this.customizations.get<HookDefinition>(HOOKS_KIND_ID);
    for (const hook of entries) {
      const state = this.trusted() ? this.confirmations.stateOf(hook) : 'untrusted';
      if (state === 'confirmed') continue;
      const why =
        state === 'untrusted'
          ? l10n.t('held back: the workspace is not trusted')
          : state === 'declined'
            ? l10n.t('held back: you declined its command line in this window')
            : l10n.t('held back until you confirm its command line (asked before the first hook would run)');
      lines.push(`${hook.event}${hook.matcher ? ` (${hook.matcher})` : ''} ${hook.command} (${hook.source}): ${why}`);
    }
    return lines;
  }

  private userHooks(): HookDefinition[] {
    // Application-scoped: VS Code reads it from user settings only, never from a repository.
    const value = vscode.workspace.getConfiguration('relay').get<unknown>('hooks');
    const { hooks, problems } = readHookSettings(value ?? {}, { source: 'relay.hooks', style: 'claude', origin: 'user', platform: process.platform });
    this.settingProblems = problems;
    return hooks;
  }
}
