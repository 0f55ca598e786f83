// The text of *Relay: Show Customizations*: every file each kind loaded, by source, with its problems at file and
// line, then what applied in the last turn. Markdown, opened as an untitled document (paths are links there).
import { l10n } from '../../core/l10n';
import type { TurnReportSection } from '../../core/customization/registry';
import type { LoadedSection } from './customization-service';

export function customizationsReport(sections: readonly LoadedSection[], lastTurn: readonly TurnReportSection[]): string {
  const lines = [`# ${l10n.t('Relay: customisation files')}`, ''];
  for (const section of sections) {
    lines.push(`## ${section.title}`, '');
    if (section.status.length > 0) lines.push(...section.status.map((line) => `- ⚠ ${line}`), '');
    const files = section.loaded.files;
    if (files.length === 0) {
      lines.push(l10n.t('No file found.'), '');
      continue;
    }
    const bySource = new Map<string, typeof files>();
    for (const file of files) bySource.set(file.source, [...(bySource.get(file.source) ?? []), file]);
    for (const [source, group] of bySource) {
      lines.push(`### ${source}`, '');
      for (const file of group) {
        lines.push(`- ${file.path}${file.summary ? `: ${file.summary}` : ''}`);
        for (const problem of file.problems) lines.push(`  - ⚠ ${file.path}:${problem.line}: ${problem.message}`);
      }
      lines.push('');
    }
  }
  lines.push(`## ${l10n.t('The last turn')}`, '');
  if (lastTurn.length === 0) lines.push(l10n.t('No turn has run in this window yet.'), '');
  for (const section of lastTurn) {
    lines.push(`### ${section.title}`, '');
    lines.push(...(section.lines.length > 0 ? section.lines.map((line) => `- ${line}`) : [l10n.t('None.')]), '');
  }
  return lines.join('\n');
}
