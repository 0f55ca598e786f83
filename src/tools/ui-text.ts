// Counts as the card says them, in the display language (UI channel). The model's texts keep `plural` (English).
import { l10n } from '../core/l10n';

export const uiCount = {
  lines: (n: number): string => (n === 1 ? l10n.t('1 line') : l10n.t('{0} lines', n)),
  files: (n: number): string => (n === 1 ? l10n.t('1 file') : l10n.t('{0} files', n)),
  edits: (n: number): string => (n === 1 ? l10n.t('1 edit') : l10n.t('{0} edits', n)),
  entries: (n: number): string => (n === 1 ? l10n.t('1 entry') : l10n.t('{0} entries', n)),
  matches: (n: number): string => (n === 1 ? l10n.t('1 match') : l10n.t('{0} matches', n)),
};
