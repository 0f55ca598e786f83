// The commands kind: every peer's slash-command files, read in their own format. A name only one source defines is
// typed bare (`/review`); a name two sources define stays available under each source's prefix (`/claude:review`,
// `/copilot:review`), and `prefix:name` always works. Within one source the workspace's file wins over the user's.
import { isAbsolute, relative as relativePath, sep } from 'node:path';
import picomatch from 'picomatch';
import { l10n } from '../../l10n';
import type { CustomizationFileReport, CustomizationKind, CustomizationReader, FoundFile, LoadedKind } from '../registry';
import type { SlashCommand } from './command';
import { belowFolder, COMMAND_FORMATS, type CommandFormat } from './command-sources';

export const COMMANDS_KIND_ID = 'commands';

interface Matcher {
  format: CommandFormat;
  pattern: string;
  isMatch: (path: string) => boolean;
}

const workspaceMatchers: Matcher[] = COMMAND_FORMATS.flatMap((format) => format.patterns.map((pattern) => ({ format, pattern, isMatch: picomatch(pattern, { dot: true }) })));

/** A folder outside the workspace and the user-level globs relative to it. */
interface UserRoot {
  root: string;
  matchers: Matcher[];
}

/** The home folder's sources (`~/.claude/commands`) and VS Code's profile folder's (`<user data>/User/prompts`). */
function userRoots(home: string | undefined, profile: string | undefined): UserRoot[] {
  const roots: UserRoot[] = [];
  const matchers = (patterns: (format: CommandFormat) => readonly string[]) =>
    COMMAND_FORMATS.flatMap((format) => patterns(format).map((pattern) => ({ format, pattern, isMatch: picomatch(pattern, { dot: true }) })));
  if (home) roots.push({ root: home, matchers: matchers((format) => format.userPatterns) });
  if (profile) roots.push({ root: profile, matchers: matchers((format) => format.profilePatterns ?? []) });
  return roots;
}

/** `userPatterns` of the kind: absolute globs under each user root, with `/` separators as picomatch wants. */
function absoluteUserPatterns(roots: readonly UserRoot[]): string[] {
  return [...new Set(roots.flatMap(({ root, matchers }) => matchers.map(({ pattern }) => `${root.split(sep).join('/')}/${pattern}`)))];
}

/** `profile`: VS Code's user profile folder (`<user data>/User`), where the user's Copilot prompt files are. */
export function createCommandsKind(title: string, home?: string, profile?: string): CustomizationKind<SlashCommand> {
  return {
    id: COMMANDS_KIND_ID,
    title,
    patterns: [...new Set(COMMAND_FORMATS.flatMap((format) => format.patterns))],
    userPatterns: absoluteUserPatterns(userRoots(home, profile)),
    load: (files, reader) => loadCommands(files, reader, home, profile),
  };
}

/** The user-level file's format and path below its root, when one of the roots' globs matches it. */
function userMatch(path: string, roots: readonly UserRoot[]): { matcher: Matcher; relative: string } | undefined {
  for (const { root, matchers } of roots) {
    const relative = relativePath(root, path).split(sep).join('/');
    if (relative === '' || relative.startsWith('../') || isAbsolute(relative)) continue;
    const matcher = matchers.find(({ isMatch }) => isMatch(relative));
    if (matcher) return { matcher, relative };
  }
  return undefined;
}

export async function loadCommands(files: readonly FoundFile[], reader: CustomizationReader, home?: string, profile?: string): Promise<LoadedKind<SlashCommand>> {
  const texts = new Map<string, string | undefined>();
  for (const file of files) texts.set(file.path, await reader.read(file.path));
  return readCommands(files, (path) => texts.get(path), home, profile);
}

export function readCommands(files: readonly FoundFile[], text: (path: string) => string | undefined, home?: string, profile?: string): LoadedKind<SlashCommand> {
  const user = userRoots(home, profile);
  const commands: SlashCommand[] = [];
  const reports: CustomizationFileReport[] = [];
  // Workspace files first, so a source's own workspace command hides its user-level one of the same name.
  const ordered = [...files].sort((a, b) => Number(a.root === undefined) - Number(b.root === undefined) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const taken = new Map<string, string>();
  for (const file of ordered) {
    const inHome = file.root === undefined;
    const found = inHome ? userMatch(file.path, user) : { matcher: workspaceMatchers.find(({ isMatch }) => isMatch(file.relative)), relative: file.relative };
    const matcher = found?.matcher;
    if (!found || !matcher) continue;
    const { relative } = found;
    const { format } = matcher;
    const report: CustomizationFileReport = { path: file.path, source: inHome ? l10n.t('{0} (user)', format.source) : format.source, problems: [] };
    reports.push(report);
    const content = text(file.path);
    if (content === undefined) {
      report.problems.push({ line: 1, message: l10n.t('Not read: unreadable or larger than 256 KB.') });
      continue;
    }
    const read = format.read(belowFolder(relative, matcher.pattern), content, report.problems);
    const hidden: string[] = [];
    for (const { name, ...fields } of read) {
      const key = `${format.prefix}:${name}`;
      const earlier = taken.get(key);
      if (earlier !== undefined) {
        hidden.push(read.length === 1 ? l10n.t('/{0} is already defined by {1}; this file is not used', name, earlier) : l10n.t('/{0} is already defined by {1}; this one is not used', name, earlier));
        continue;
      }
      taken.set(key, file.path);
      commands.push({ ...fields, name, id: name, prefix: format.prefix, source: format.source, path: file.path, userLevel: inHome });
    }
    if (hidden.length > 0) report.summary = hidden.join('; ');
  }
  const sources = new Map<string, number>();
  for (const command of commands) sources.set(command.name, (sources.get(command.name) ?? 0) + 1);
  for (const command of commands) if ((sources.get(command.name) ?? 0) > 1) command.id = `${command.prefix}:${command.name}`;
  for (const report of reports) {
    const defined = commands.filter((c) => c.path === report.path);
    if (defined.length === 0) continue;
    const described = defined.map((command) => `/${command.id}${command.argumentHint ? ` ${command.argumentHint}` : ''}${command.description ? ` (${command.description})` : ''}`).join(', ');
    report.summary = report.summary ? `${described}; ${report.summary}` : described;
  }
  return { entries: commands.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)), files: reports };
}

/** The command `typed` names: its id, `prefix:name`, or a Cline workflow's file name (`/release.md`). */
export function findCommand(commands: readonly SlashCommand[], typed: string): SlashCommand | undefined {
  const exact = (name: string) => commands.find((c) => c.id === name) ?? commands.find((c) => `${c.prefix}:${c.name}` === name);
  const lower = typed.toLowerCase();
  return (
    exact(typed) ??
    commands.find((c) => c.id.toLowerCase() === lower) ??
    (typed.endsWith('.md') ? commands.find((c) => c.prefix === 'cline' && (c.id === typed.slice(0, -3) || `cline:${c.name}` === typed.slice(0, -3))) : undefined)
  );
}

/** "/name the arguments" → name and arguments; undefined when the text is no invocation. */
export function parseInvocation(text: string): { name: string; args: string } | undefined {
  const trimmed = text.replace(/^\s+/, '');
  if (!trimmed.startsWith('/') || trimmed.startsWith('//')) return undefined;
  const end = trimmed.search(/\s/);
  const name = end < 0 ? trimmed.slice(1) : trimmed.slice(1, end);
  if (name === '') return undefined;
  return { name, args: end < 0 ? '' : trimmed.slice(end).trim() };
}
