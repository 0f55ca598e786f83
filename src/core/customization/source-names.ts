// The names of the formats Relay reads customizations from ("Claude Code command"), for people. The data keeps them
// in English: the model reads them, and tables key on them. They are translated where people see them (the `/`
// list, the agent picker, Show Customizations). A source that is a file's own name (CLAUDE.md, a hooks file's path)
// reads the same in every language and is not listed.
import { l10n, type Marked } from '../l10n';

/** Every format's name (a unit test checks each format table against it, so a new format is not left untranslated). */
export const SOURCE_NAMES: readonly string[] = [
  l10n.mark('Relay'),
  l10n.mark('Relay agent'),
  l10n.mark('Relay command'),
  l10n.mark('Relay hooks'),
  l10n.mark('Relay rule'),
  l10n.mark('Relay rules'),
  l10n.mark('Claude Code command'),
  l10n.mark('Claude Code local settings'),
  l10n.mark('Claude Code rule'),
  l10n.mark('Claude Code settings'),
  l10n.mark('Claude Code sub-agent'),
  l10n.mark('Cline hook script'),
  l10n.mark('Cline rule'),
  l10n.mark('Cline workflow'),
  l10n.mark('Copilot chat mode'),
  l10n.mark('Copilot custom agent'),
  l10n.mark('Copilot hooks'),
  l10n.mark('Copilot instructions'),
  l10n.mark('Copilot instructions file'),
  l10n.mark('Copilot prompt file'),
  l10n.mark('Cursor command'),
  l10n.mark('Cursor rule'),
  l10n.mark('Cursor rules (legacy)'),
  l10n.mark('Kilo Code mode'),
  l10n.mark('Kilo Code rule'),
  l10n.mark('Kilo Code workflow'),
  l10n.mark('OpenCode agent'),
  l10n.mark('OpenCode agent (opencode.json)'),
  l10n.mark('OpenCode command'),
  l10n.mark('OpenCode command (opencode.json)'),
  l10n.mark('Roo command'),
  l10n.mark('Roo mode'),
  l10n.mark('Roo mode rule'),
  l10n.mark('Roo rule'),
  l10n.mark('Windsurf rules'),
];

const LISTED = new Set(SOURCE_NAMES);

/** The source as people read it: a format's name translated, anything else (a file name, a path) as it is. */
export function shownSource(source: string): string {
  return LISTED.has(source) ? l10n.marked(source as Marked).ui : source;
}
