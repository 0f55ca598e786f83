// Problems in the `relay.models` setting are said, not dropped: one warning naming each refused entry and what is
// wrong with it, shown when the problems first appear or change (settings are read at every turn; the same
// problems are not repeated turn after turn, and fixing them resets the notice).
import { l10n } from '../l10n';

export class ModelOverrideNotices {
  private last = '';

  /** The warning for these problems, or undefined when there are none or they were already reported. */
  next(problems: readonly string[]): string | undefined {
    const key = problems.join('\n');
    if (key === this.last) return undefined;
    this.last = key;
    if (problems.length === 0) return undefined;
    return problems.length === 1
      ? l10n.t('Relay ignores an entry of the relay.models setting: {0}', problems[0]!)
      : l10n.t('Relay ignores {0} entries of the relay.models setting: {1}', problems.length, problems.join('; '));
  }
}
