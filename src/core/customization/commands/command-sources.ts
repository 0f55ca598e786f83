// Where each peer keeps its slash commands and how a file of that format becomes a SlashCommand
// (../shared/docs/customization-formats.md). Markdown with YAML frontmatter for the sources that have fields; Cline
// and Kilo workflows and Cursor commands are plain markdown, taken whole.
import { basename } from 'node:path';
import { l10n } from '../../l10n';
import { type FieldProblems, type FrontmatterProblem, listField, splitFrontmatter, stringField } from '../frontmatter';
import type { ArgumentSyntax, SlashCommand } from './command';

export interface CommandFormat {
  source: string;
  prefix: string;
  /** Globs relative to a workspace folder. */
  patterns: readonly string[];
  /** Folders under the home folder the source also reads (`~/.claude/commands/**\/*.md`), relative to it. */
  userPatterns: readonly string[];
  /** The command's name from its path below the commands folder (`frontend/component.md`). */
  name(below: string): string;
  read(text: string, problems: FrontmatterProblem[]): Omit<SlashCommand, 'name' | 'id' | 'prefix' | 'source' | 'path' | 'userLevel'>;
}

/** Copilot's and OpenCode's agent names for Relay's built-in agents; any other name is a workspace agent's. */
const AGENT_ALIASES: Record<string, string> = { agent: 'agent', edit: 'agent', build: 'agent', ask: 'ask', plan: 'plan' };

function warner(problems: FrontmatterProblem[]): FieldProblems {
  return { warn: (message) => problems.push({ line: 1, message }) };
}

function stem(below: string, suffix: string): string {
  return below.endsWith(suffix) ? below.slice(0, -suffix.length) : below;
}

function base(body: string, syntax: ArgumentSyntax, fields: Partial<SlashCommand> = {}): ReturnType<CommandFormat['read']> {
  const shellAndFiles = syntax === 'claude' || syntax === 'opencode';
  return { body: body.trim(), syntax, shell: shellAndFiles, fileIncludes: shellAndFiles, ...fields };
}

/** A markdown command with frontmatter, read with `fill` for the source's own fields. */
function withFrontmatter(syntax: ArgumentSyntax, fill: (data: Record<string, unknown>, warn: FieldProblems) => Partial<SlashCommand>): CommandFormat['read'] {
  return (text, problems) => {
    const split = splitFrontmatter(text);
    problems.push(...split.problems);
    const warn = warner(problems);
    const fields: Partial<SlashCommand> = {};
    const description = stringField(split.data, 'description', warn);
    if (description) fields.description = description;
    const hint = stringField(split.data, 'argument-hint', warn);
    if (hint) fields.argumentHint = hint;
    const read = base(split.body, syntax, { ...fields, ...fill(split.data, warn) });
    if (read.body === '') problems.push({ line: split.bodyLine, message: l10n.t('The command has no text after its frontmatter.') });
    return read;
  };
}

function agentField(data: Record<string, unknown>, keys: readonly string[], warn: FieldProblems): Partial<SlashCommand> {
  for (const key of keys) {
    const value = stringField(data, key, warn);
    if (value) return { agent: AGENT_ALIASES[value.toLowerCase()] ?? value };
  }
  return {};
}

function modelField(data: Record<string, unknown>, warn: FieldProblems): Partial<SlashCommand> {
  const model = stringField(data, 'model', warn);
  return model && model !== 'inherit' ? { model } : {};
}

const claude = withFrontmatter('claude', (data, warn) => {
  const allowed = listField(data, 'allowed-tools', warn);
  return { ...modelField(data, warn), ...(allowed && allowed.length > 0 ? { allowedTools: allowed } : {}) };
});

const relay = withFrontmatter('claude', (data, warn) => {
  const allowed = listField(data, 'allowed-tools', warn);
  const tools = listField(data, 'tools', warn);
  return {
    ...agentField(data, ['agent'], warn),
    ...modelField(data, warn),
    ...(tools ? { tools } : {}),
    ...(allowed && allowed.length > 0 ? { allowedTools: allowed } : {}),
  };
});

const copilot = withFrontmatter('copilot', (data, warn) => {
  const tools = listField(data, 'tools', warn);
  return { ...agentField(data, ['agent', 'mode'], warn), ...modelField(data, warn), ...(tools ? { tools } : {}) };
});

const opencode = withFrontmatter('opencode', (data, warn) => ({ ...agentField(data, ['agent'], warn), ...modelField(data, warn) }));

const roo = withFrontmatter('plain', () => ({}));

/** Plain markdown taken whole: a workflow's steps or a Cursor command. */
const plain: CommandFormat['read'] = (text, problems) => {
  const read = base(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, 'plain');
  if (read.body === '') problems.push({ line: 1, message: l10n.t('The command file is empty.') });
  return read;
};

const fileName = (suffix: string) => (below: string) => stem(basename(below), suffix);

export const COMMAND_FORMATS: readonly CommandFormat[] = [
  { source: 'Relay command', prefix: 'relay', patterns: ['.relay/commands/*.md'], userPatterns: [], name: fileName('.md'), read: relay },
  {
    source: 'Claude Code command',
    prefix: 'claude',
    patterns: ['.claude/commands/**/*.md'],
    userPatterns: ['.claude/commands/**/*.md'],
    // Subfolders namespace the name: frontend/component.md is /frontend:component.
    name: (below) => stem(below, '.md').split('/').join(':'),
    read: claude,
  },
  { source: 'Copilot prompt file', prefix: 'copilot', patterns: ['.github/prompts/*.prompt.md'], userPatterns: [], name: fileName('.prompt.md'), read: copilot },
  { source: 'Roo command', prefix: 'roo', patterns: ['.roo/commands/*.md'], userPatterns: ['.roo/commands/*.md'], name: fileName('.md'), read: roo },
  { source: 'Cline workflow', prefix: 'cline', patterns: ['.clinerules/workflows/*.md'], userPatterns: [], name: fileName('.md'), read: plain },
  { source: 'Kilo Code workflow', prefix: 'kilo', patterns: ['.kilocode/workflows/*.md'], userPatterns: ['.kilocode/workflows/*.md'], name: fileName('.md'), read: plain },
  { source: 'Cursor command', prefix: 'cursor', patterns: ['.cursor/commands/*.md'], userPatterns: ['.cursor/commands/*.md'], name: fileName('.md'), read: plain },
  {
    source: 'OpenCode command',
    prefix: 'opencode',
    patterns: ['.opencode/command/**/*.md', '.opencode/commands/**/*.md'],
    userPatterns: ['.config/opencode/command/**/*.md', '.config/opencode/commands/**/*.md'],
    // Nested files keep their folders: team/review.md is /team/review.
    name: (below) => stem(below, '.md'),
    read: opencode,
  },
];

/** The part of a path below the format's commands folder (the pattern's fixed start). */
export function belowFolder(relative: string, pattern: string): string {
  const fixed = pattern.slice(0, pattern.search(/[*{]/));
  return relative.startsWith(fixed) ? relative.slice(fixed.length) : basename(relative);
}
