// Where each peer keeps its slash commands and how a file of that format becomes a SlashCommand
// (../shared/docs/customization-formats.md). Markdown with YAML frontmatter for the sources that have fields; Cline
// and Kilo workflows and Cursor commands are plain markdown, taken whole; OpenCode's opencode.json(c) has a
// `command` map (JSONC).
import { basename } from 'node:path';
import { getNodeValue, type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { l10n } from '../../l10n';
import { booleanField, type FieldProblems, type FrontmatterProblem, listField, splitFrontmatter, stringField } from '../frontmatter';
import type { ArgumentSyntax, SlashCommand } from './command';

/** What a file gives for one command, before the kind names it uniquely. */
export type CommandFields = Omit<SlashCommand, 'name' | 'id' | 'prefix' | 'source' | 'path' | 'userLevel'>;
export type ReadCommand = CommandFields & { name: string };

export interface CommandFormat {
  source: string;
  prefix: string;
  /** Globs relative to a workspace folder. */
  patterns: readonly string[];
  /** Folders under the home folder the source also reads (`~/.claude/commands/**\/*.md`), relative to it. */
  userPatterns: readonly string[];
  /** Globs relative to VS Code's user profile folder (`<user data>/User`): Copilot's user prompt files. */
  profilePatterns?: readonly string[];
  /** The commands a file defines: a markdown file one, named from its path below the commands folder
   * (`frontend/component.md`); a JSON file one per entry of its map. */
  read(below: string, text: string, problems: FrontmatterProblem[]): ReadCommand[];
}

/** Copilot's and OpenCode's agent names for Relay's built-in agents; any other name is a workspace agent's. */
const AGENT_ALIASES: Record<string, string> = { agent: 'agent', edit: 'agent', build: 'agent', ask: 'ask', plan: 'plan' };

function warner(problems: FrontmatterProblem[], line = 1): FieldProblems {
  return { warn: (message) => problems.push({ line, message }) };
}

function stem(below: string, suffix: string): string {
  return below.endsWith(suffix) ? below.slice(0, -suffix.length) : below;
}

function base(body: string, syntax: ArgumentSyntax, fields: Partial<SlashCommand> = {}): CommandFields {
  const shellAndFiles = syntax === 'claude' || syntax === 'opencode';
  return { body: body.trim(), syntax, shell: shellAndFiles, fileIncludes: shellAndFiles, ...fields };
}

/** A markdown command with frontmatter, read with `fill` for the source's own fields. */
function withFrontmatter(syntax: ArgumentSyntax, fill: (data: Record<string, unknown>, warn: FieldProblems) => Partial<SlashCommand>): MarkdownRead {
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

/** OpenCode's `subtask: true`: the command runs as a sub-agent, so its work stays out of the conversation. */
function subtaskField(data: Record<string, unknown>, warn: FieldProblems): Partial<SlashCommand> {
  return booleanField(data, 'subtask', warn) === true ? { subtask: true } : {};
}

const opencode = withFrontmatter('opencode', (data, warn) => ({ ...agentField(data, ['agent'], warn), ...modelField(data, warn), ...subtaskField(data, warn) }));

const roo = withFrontmatter('plain', () => ({}));

/** Plain markdown taken whole: a workflow's steps or a Cursor command. */
const plain: MarkdownRead = (text, problems) => {
  const read = base(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, 'plain');
  if (read.body === '') problems.push({ line: 1, message: l10n.t('The command file is empty.') });
  return read;
};

/**
 * OpenCode's `command` map in opencode.json(c) (`commands` in its newer docs): each key a command, `template` its
 * text (required) with the same syntax as a .opencode/command file, `description`, `agent`, `model` and `subtask` as there.
 */
function readOpenCodeJsonCommands(text: string, problems: FrontmatterProblem[]): ReadCommand[] {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  for (const error of errors) problems.push({ line: lineAt(text, error.offset), message: printParseErrorCode(error.error) });
  const out: ReadCommand[] = [];
  for (const property of root?.type === 'object' ? (root.children ?? []) : []) {
    const [key, value] = property.children ?? [];
    if (!key || !value || (key.value !== 'command' && key.value !== 'commands')) continue;
    if (value.type !== 'object') {
      problems.push({ line: lineAt(text, value.offset), message: l10n.t('"{0}" should be a map of command name to its settings; it is ignored.', String(key.value)) });
      continue;
    }
    for (const entry of value.children ?? []) out.push(...openCodeJsonEntry(text, entry, problems));
  }
  return out;
}

function openCodeJsonEntry(text: string, entry: Node, problems: FrontmatterProblem[]): ReadCommand[] {
  const [key, value] = entry.children ?? [];
  if (!key || !value) return [];
  const name = String(key.value);
  const line = lineAt(text, entry.offset);
  const warn = warner(problems, line);
  const data = value.type === 'object' ? (getNodeValue(value) as Record<string, unknown>) : undefined;
  const template = data && typeof data.template === 'string' ? data.template : undefined;
  if (!data || template === undefined || template.trim() === '') {
    problems.push({ line, message: l10n.t('Command "{0}" needs a "template" text; it is skipped.', name) });
    return [];
  }
  const fields: Partial<SlashCommand> = { ...agentField(data, ['agent'], warn), ...modelField(data, warn), ...subtaskField(data, warn) };
  const description = stringField(data, 'description', warn);
  if (description) fields.description = description;
  return [{ ...base(template, 'opencode', fields), name }];
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

type MarkdownRead = (text: string, problems: FrontmatterProblem[]) => CommandFields;

/** One command per markdown file, named by `name` from its path below the commands folder. */
const markdown = (name: (below: string) => string, read: MarkdownRead): CommandFormat['read'] => (below, text, problems) => [{ ...read(text, problems), name: name(below) }];

const fileName = (suffix: string) => (below: string) => stem(basename(below), suffix);

export const COMMAND_FORMATS: readonly CommandFormat[] = [
  { source: 'Relay command', prefix: 'relay', patterns: ['.relay/commands/*.md'], userPatterns: [], read: markdown(fileName('.md'), relay) },
  {
    source: 'Claude Code command',
    prefix: 'claude',
    patterns: ['.claude/commands/**/*.md'],
    userPatterns: ['.claude/commands/**/*.md'],
    // Subfolders namespace the name: frontend/component.md is /frontend:component.
    read: markdown((below) => stem(below, '.md').split('/').join(':'), claude),
  },
  {
    source: 'Copilot prompt file',
    prefix: 'copilot',
    patterns: ['.github/prompts/*.prompt.md'],
    userPatterns: [],
    // VS Code keeps the user's prompt files in the profile's `prompts` folder (a profile's `promptsHome`).
    profilePatterns: ['prompts/*.prompt.md'],
    read: markdown(fileName('.prompt.md'), copilot),
  },
  { source: 'Roo command', prefix: 'roo', patterns: ['.roo/commands/*.md'], userPatterns: ['.roo/commands/*.md'], read: markdown(fileName('.md'), roo) },
  // Cline's global workflows live in its Documents folder (docs.cline.bot, workflows).
  { source: 'Cline workflow', prefix: 'cline', patterns: ['.clinerules/workflows/*.md'], userPatterns: ['Documents/Cline/Workflows/*.md'], read: markdown(fileName('.md'), plain) },
  { source: 'Kilo Code workflow', prefix: 'kilo', patterns: ['.kilocode/workflows/*.md'], userPatterns: ['.kilocode/workflows/*.md'], read: markdown(fileName('.md'), plain) },
  { source: 'Cursor command', prefix: 'cursor', patterns: ['.cursor/commands/*.md'], userPatterns: ['.cursor/commands/*.md'], read: markdown(fileName('.md'), plain) },
  {
    source: 'OpenCode command',
    prefix: 'opencode',
    patterns: ['.opencode/command/**/*.md', '.opencode/commands/**/*.md'],
    userPatterns: ['.config/opencode/command/**/*.md', '.config/opencode/commands/**/*.md'],
    // Nested files keep their folders: team/review.md is /team/review.
    read: markdown((below) => stem(below, '.md'), opencode),
  },
  {
    // Its own prefix: a name both opencode.json and a .opencode/command file define stays available under each.
    source: 'OpenCode command (opencode.json)',
    prefix: 'opencode-json',
    patterns: ['opencode.json', 'opencode.jsonc'],
    // The global config's folder holds other files too; the kind keeps only these two names.
    userPatterns: ['.config/opencode/opencode.{json,jsonc}'],
    read: (_below, text, problems) => readOpenCodeJsonCommands(text, problems),
  },
];

/** The part of a path below the format's commands folder (the pattern's fixed start). */
export function belowFolder(relative: string, pattern: string): string {
  const glob = pattern.search(/[*{]/);
  if (glob < 0) return basename(relative);
  const fixed = pattern.slice(0, glob);
  return relative.startsWith(fixed) ? relative.slice(fixed.length) : basename(relative);
}
