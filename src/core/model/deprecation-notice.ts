// When to tell the user their model is deprecated, and what to say: once per provider and model per window
// (the host keeps one DeprecationNotices per window), when a task starts with the model or the user picks
// it. Pure, so the wording and the once-only rule are unit-tested; the host shows it and does the switch.
import { l10n } from '../l10n';
import { type Deprecation, deprecationOf, formatEndOfLife, type LiveLifecycle } from './deprecation';

export interface DeprecationNotice {
  message: string;
  /** The button that switches the `relay.model` setting to `deprecation.replacement`. */
  switchLabel: string;
  deprecation: Deprecation;
}

/** VS Code's own language models are named by VS Code, not by a provider whose deprecations we know. */
const PROVIDERS_WITHOUT_NOTICES = new Set(['vscode-lm']);

export class DeprecationNotices {
  private readonly shown = new Set<string>();

  /** `now` decides between "reaches end of life on" and "reached end of life on". */
  constructor(private readonly now: () => Date = () => new Date()) {}

  /** The notice to show for this model now, or undefined (not deprecated, or already shown in this window). */
  next(provider: string, model: string, live: readonly LiveLifecycle[] = []): DeprecationNotice | undefined {
    if (PROVIDERS_WITHOUT_NOTICES.has(provider)) return undefined;
    const deprecation = deprecationOf(model, live);
    const key = `${provider}\u0000${model}`;
    if (!deprecation || this.shown.has(key)) return undefined;
    this.shown.add(key);
    return { message: noticeMessage(deprecation, this.now()), switchLabel: l10n.t('Switch to {0}', deprecation.replacement), deprecation };
  }
}

export function noticeMessage(deprecation: Deprecation, now: Date): string {
  const { id, endOfLife } = deprecation;
  if (!endOfLife) return l10n.t('Relay: the model {0} is deprecated and will stop working. Switch to a current model.', id);
  // The model still answers on its end-of-life day; it is gone from the next day on.
  const ended = now.getTime() >= Date.parse(`${endOfLife}T00:00:00Z`) + 24 * 60 * 60 * 1000;
  return ended
    ? l10n.t('Relay: the model {0} reached its end of life on {1}; requests to it fail. Switch to a current model.', id, formatEndOfLife(endOfLife))
    : l10n.t('Relay: the model {0} is deprecated and reaches its end of life on {1}. After that, tasks that use it fail.', id, formatEndOfLife(endOfLife));
}
