// Repository hooks run code from the repository before and after Relay's tool calls: they run only in a trusted
// workspace, and only after the user confirmed those exact command lines in a native modal. The confirmations
// live in Relay's global state (no repository can write one for itself); a changed command line asks again.
import type * as vscode from 'vscode';
import { l10n } from '../../../core/l10n';
import type { HookDefinition } from '../../../core/customization/hooks/types';
import { hookFingerprint } from '../../../core/customization/hooks/fingerprint';
import { askUnasked, fileLook } from '../../dialogs/modal';

/** Shows the hooks and answers whether they may run. */
export type HookConfirmer = (hooks: readonly HookDefinition[]) => Promise<boolean>;

export const confirmHooksWithModal: HookConfirmer = async (hooks) => {
  const run = l10n.t('Run Hooks');
  const lines = hooks.map((h) => `${h.event}${h.matcher ? ` (${h.matcher})` : ''}: ${h.command}\n    ${h.source}`);
  // Nobody asked: the repository did. Enter opens the file that defines them, Escape runs nothing (dialogs/).
  const first = hooks[0];
  const answer = await askUnasked(
    {
      message: l10n.t('Run the hooks defined in this workspace?'),
      detail: `${lines.join('\n')}\n\n${l10n.t('Hooks run with your permissions before and after Relay acts, and can block or change what it does. Relay asks once for these exact command lines; a change asks again.')}`,
      actions: [run],
    },
    fileLook(l10n.t('Show Hooks File'), first?.source ?? '', first?.command),
    l10n.t("Don't Run"),
  );
  return answer === run;
};

const CONFIRMED_KEY = 'relay.hooks.confirmed';

export class HookConfirmations {
  /** Declined in this window: not asked again until the window reloads or the hooks change. */
  private readonly declined = new Set<string>();
  private asking: Promise<void> | undefined;

  constructor(
    private readonly state: Pick<vscode.Memento, 'get' | 'update'>,
    private readonly confirm: HookConfirmer,
  ) {}

  /** The workspace hooks that may run: confirmed before, or now (one question for all new ones at once). */
  async confirmed(hooks: readonly HookDefinition[]): Promise<HookDefinition[]> {
    const unknown = hooks.filter((h) => !this.isConfirmed(h) && !this.declined.has(hookFingerprint(h)));
    if (unknown.length > 0) {
      // Concurrent callers (parallel read-only calls) share one question.
      this.asking ??= this.ask(unknown).finally(() => (this.asking = undefined));
      await this.asking;
    }
    return hooks.filter((h) => this.isConfirmed(h));
  }

  /** Whether the hook may run, without asking: confirmed, declined in this window, or not asked yet. */
  stateOf(hook: HookDefinition): 'confirmed' | 'declined' | 'unasked' {
    if (this.isConfirmed(hook)) return 'confirmed';
    return this.declined.has(hookFingerprint(hook)) ? 'declined' : 'unasked';
  }

  private isConfirmed(hook: HookDefinition): boolean {
    return this.state.get<string[]>(CONFIRMED_KEY, []).includes(hookFingerprint(hook));
  }

  private async ask(hooks: readonly HookDefinition[]): Promise<void> {
    const keys = hooks.map(hookFingerprint);
    if (!(await this.confirm(hooks))) {
      for (const key of keys) this.declined.add(key);
      return;
    }
    const confirmed = this.state.get<string[]>(CONFIRMED_KEY, []);
    await this.state.update(CONFIRMED_KEY, [...new Set([...confirmed, ...keys])]);
  }
}
