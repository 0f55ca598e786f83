// A catalog model's facts as the model picker shows them: its window in the same figure as the header's meter,
// and its prices saying which is input and which is output (src/shared/format-numbers.ts).
import { formatPrice, formatWindow } from '../../shared/format-numbers';
import { l10n } from '../l10n';
import { lookupModel } from './catalog';

/** "1.1M context", "$2.50 input / $15.00 output per 1M tokens"; none for a model the catalog does not know. */
export function catalogFacts(id: string): string[] {
  const catalog = lookupModel(id);
  if (!catalog) return [];
  const price = catalog.pricing;
  return [
    l10n.t('{0} context', formatWindow(catalog.contextWindow)),
    price ? l10n.t('{0} input / {1} output per 1M tokens', formatPrice(price.inputPerMTok), formatPrice(price.outputPerMTok)) : l10n.t('price unknown'),
  ];
}
