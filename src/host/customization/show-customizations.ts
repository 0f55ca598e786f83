// *Relay: Show Customizations*: loads every kind (a stale one is read again now) and opens the report as a
// read-only document of its own scheme (dialogs/read-only-report.ts).
import { l10n } from '../../core/l10n';
import { shownPath, shownPathsIn } from '../platform/shown-path';
import type { CustomizationService } from './customization-service';
import { customizationsReport } from './customizations-report';
import { ReadOnlyReport } from '../dialogs/read-only-report';

export const CUSTOMIZATIONS_SCHEME = 'relay-customizations';

const report = new ReadOnlyReport(CUSTOMIZATIONS_SCHEME);

export async function showCustomizations(service: CustomizationService): Promise<void> {
  const text = customizationsReport(await service.sections(), service.lastTurn.list(), { path: shownPath, text: shownPathsIn });
  // The file name is the tab's title; `.md` gives it Markdown's colours.
  await report.show(`${l10n.t('Relay customisation files')}.md`, text);
}
