// The hooks kind: the files that define hooks in the workspace (Claude Code's settings, Copilot's hook files,
// Relay's own, Cline's scripts), read into one list of definitions with each file's problems at its line.
import { l10n } from '../../l10n';
import type { CustomizationFileReport, CustomizationKind, CustomizationReader, FoundFile, LoadedKind } from '../registry';
import { clineHookForScript, parseHookFile } from './config';
import { scriptDigest } from './fingerprint';
import type { HookDefinition, HookStyle } from './types';

export const HOOKS_KIND_ID = 'hooks';

export const HOOK_SOURCES: readonly { pattern: string; style: HookStyle; source: string }[] = [
  { pattern: '.claude/settings.json', style: 'claude', source: 'Claude Code settings' },
  { pattern: '.claude/settings.local.json', style: 'claude', source: 'Claude Code local settings' },
  { pattern: '.github/hooks/*.json', style: 'copilot', source: 'Copilot hooks' },
  { pattern: '.relay/hooks.json', style: 'claude', source: 'Relay hooks' },
  { pattern: '.clinerules/hooks/*', style: 'cline', source: 'Cline hook script' },
];

export function createHooksKind(title: string, platform: string = process.platform): CustomizationKind<HookDefinition> {
  return { id: HOOKS_KIND_ID, title, patterns: HOOK_SOURCES.map((s) => s.pattern), load: (files, reader) => loadHooks(files, reader, platform) };
}

function sourceOf(relative: string) {
  if (relative.startsWith('.github/hooks/')) return relative.endsWith('.json') && !relative.slice(14).includes('/') ? HOOK_SOURCES[2] : undefined;
  if (relative.startsWith('.clinerules/hooks/')) return relative.slice(18).includes('/') ? undefined : HOOK_SOURCES[4];
  return HOOK_SOURCES.find((s) => s.pattern === relative);
}

export async function loadHooks(files: readonly FoundFile[], reader: CustomizationReader, platform: string): Promise<LoadedKind<HookDefinition>> {
  const entries: HookDefinition[] = [];
  const reports: CustomizationFileReport[] = [];
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const format = file.root === undefined ? undefined : sourceOf(file.relative);
    if (!format) continue;
    const report: CustomizationFileReport = { path: file.path, source: format.source, problems: [] };
    if (format.style === 'cline') {
      const name = file.relative.slice('.clinerules/hooks/'.length);
      const hook = clineHookForScript(name, file.path, 'workspace', file.relative);
      if (!hook) continue;
      // The script is what runs: its text is part of what the user confirms. An unreadable one is not run unasked.
      const text = await reader.read(file.path);
      if (text === undefined) {
        report.problems.push({ line: 1, message: l10n.t('Not read: unreadable or larger than 256 KB.') });
        reports.push(report);
        continue;
      }
      hook.scriptDigest = scriptDigest(text);
      entries.push(hook);
      report.summary = hook.nativeEvent ?? hook.event;
      reports.push(report);
      continue;
    }
    reports.push(report);
    const text = await reader.read(file.path);
    if (text === undefined) {
      report.problems.push({ line: 1, message: l10n.t('Not read: unreadable or larger than 256 KB.') });
      continue;
    }
    const parsed = parseHookFile(text, { source: file.relative, style: format.style, origin: 'workspace', platform });
    entries.push(...parsed.hooks);
    report.problems.push(...parsed.problems.map((p) => ({ line: p.line ?? 1, message: p.message })));
    if (parsed.hooks.length > 0) report.summary = summarize(parsed.hooks);
  }
  return { entries, files: reports };
}

/** One line per file: each hook's event, matcher and command. */
export function summarize(hooks: readonly HookDefinition[]): string {
  return hooks.map((h) => `${h.event}${h.matcher ? ` (${h.matcher})` : ''}: ${h.command}`).join('; ');
}
