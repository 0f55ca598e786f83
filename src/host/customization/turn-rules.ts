// The rules of each model turn: the loaded rules kind, chosen for the files the task touched (choose-rules.ts),
// recorded for Show Customizations and handed to the prompt.
import type { TurnRules } from '../../core/agent';
import { l10n } from '../../core/l10n';
import { chooseRules } from '../../core/customization/rules/choose-rules';
import type { Rule } from '../../core/customization/rules/rule';
import { RULES_KIND_ID } from '../../core/customization/rules/rules-kind';
import type { TouchedFiles } from '../../core/customization/rules/touched-files';
import type { CustomizationService } from './customization-service';
import { shownSource } from '../../core/customization/source-names';

export interface TurnRulesOptions {
  /** The selected agent's slug, for Roo's mode rules. */
  agent?: () => string | undefined;
  /** Called with the active rules' names after each choice (the context meter's tooltip). */
  chosen?: (names: string[]) => void;
}

export function turnRulesFrom(service: CustomizationService, options: TurnRulesOptions = {}): (files: TouchedFiles) => Promise<TurnRules> {
  return async (files) => {
    const { entries } = await service.get<Rule>(RULES_KIND_ID);
    const agent = options.agent?.();
    const chosen = chooseRules(entries, { ...files, ...(agent !== undefined ? { agent } : {}) });
    service.lastTurn.set({
      kind: RULES_KIND_ID,
      title: l10n.t('Rules active in the last turn'),
      lines: [
        ...chosen.active.map(({ rule, why }) => `${rule.display} (${shownSource(rule.source)}): ${why}`),
        ...(chosen.catalogue.length > 0 ? [l10n.t('Offered to the model by description: {0}', chosen.catalogue.map((rule) => rule.name).join(', '))] : []),
      ],
    });
    options.chosen?.(chosen.active.map(({ rule }) => rule.display));
    return {
      rules: chosen.active.map(({ rule }) => ({ source: rule.display, text: rule.text })),
      catalogue: chosen.catalogue.map((rule) => ({ name: rule.name, description: rule.description ?? '', path: rule.display })),
    };
  };
}
