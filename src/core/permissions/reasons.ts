// A check's reason on both channels: `reason` is the stable English the model and the audit read, `uiReason` the
// same sentence in the display language for the modal and the card. Both come from one `l10n.both` at the source.
import type { Said } from '../l10n';

export interface Reasoned {
  reason: string;
  uiReason: string;
}

export function because(said: Said): Reasoned {
  return { reason: said.model, uiReason: said.ui };
}

export function saidOf(reasoned: Reasoned): Said {
  return { model: reasoned.reason, ui: reasoned.uiReason };
}
