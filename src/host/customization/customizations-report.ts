// The text of *Relay: Show Customizations*: every file each kind loaded, by source, with its problems at file and
// line, then what applied in the last turn. Markdown, opened as a read-only document (show-customizations.ts);
// paths as a person reads them (`show`: workspace-relative, ~ for home), never the absolute /tmp/… path.
import { l10n } from '../../core/l10n';
import type { TurnReportSection } from '../../core/customization/registry';
import type { LoadedSection } from './customization-service';
import { shownSource } from '../../core/customization/source-names';

export interface ReportPaths {
  /** A path: relative to its workspace folder, else from ~. */
  path(path: string): string;
  /** A sentence's paths, read the same way. */
  text(text: string): string;
}

const AS_IS: ReportPaths = { path: (p) => p, text: (t) => t };

export function customizationsReport(sections: readonly LoadedSection[], lastTurn: readonly TurnReportSection[], show: ReportPaths = AS_IS): string {
  const lines = [`# ${l10n.t('Relay: customisation files')}`, ''];
  for (const section of sections) {
    lines.push(`## ${section.title}`, '');
    if (section.status.length > 0) lines.push(...section.status.map((line) => `- ⚠ ${show.text(line)}`), '');
    const files = section.loaded.files;
    if (files.length === 0) {
      lines.push(l10n.t('No file found.'), '');
      continue;
    }
    const bySource = new Map<string, typeof files>();
    for (const file of files) bySource.set(file.source, [...(bySource.get(file.source) ?? []), file]);
    for (const [source, group] of bySource) {
      lines.push(`### ${shownSource(source)}`, '');
      for (const file of group) {
        const path = show.path(file.path);
        lines.push(`- ${path}${file.summary ? `: ${show.text(file.summary)}` : ''}`);
        for (const problem of file.problems) lines.push(`  - ⚠ ${path}:${problem.line}: ${show.text(problem.message)}`);
      }
      lines.push('');
    }
  }
  lines.push(`## ${l10n.t('The last turn')}`, '');
  if (lastTurn.length === 0) lines.push(l10n.t('No turn has run in this window yet.'), '');
  for (const section of lastTurn) {
    lines.push(`### ${section.title}`, '');
    lines.push(...(section.lines.length > 0 ? section.lines.map((line) => `- ${show.text(line)}`) : [l10n.t('None.')]), '');
  }
  return lines.join('\n');
}
