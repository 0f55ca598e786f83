// What rules and their conditions see of one sub-command: a normalized argv, its redirections, and where
// it runs. Helpers here read flags the way the common CLIs do (bundled short flags, `--long=value`).
import type { ShellCommand } from './command-analysis';
import type { PathStyle } from './paths';
import { commandBaseName } from './shell-words';

export interface CommandContext {
  homeDir: string;
  /** Workspace folders, absolute and normalized (symlinks not followed). */
  workspaceFolders: readonly string[];
  caseInsensitive: boolean;
  style: PathStyle;
}

export interface CommandFacts {
  /** The base command name, then the arguments; `git`'s harmless global options are dropped. */
  argv: string[];
  command: ShellCommand;
  /** Absolute directory the sub-command runs in, after earlier literal `cd`s on the same line. */
  cwd: string;
  context: CommandContext;
}

/** Writing to these never changes a file. */
const HARMLESS_DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/zero']);

export function isHarmlessDevice(path: string): boolean {
  return HARMLESS_DEVICES.has(path) || /^\/dev\/fd\/\d+$/.test(path);
}

/** `-c` keys that only change how git prints; any other key may name a program (core.pager, alias.*, …). */
const HARMLESS_GIT_KEYS = /^(color\.[a-z.]+|advice\.[a-z]+|column\.[a-z]+|core\.quotepath|core\.abbrev|i18n\.[a-z]+|log\.date|log\.decorate|diff\.renames|diff\.noprefix)=/i;
/** A pager setting whose value is a plain reader (`core.pager=cat`, `pager.log=false`) runs nothing else. */
const PLAIN_GIT_PAGER = /^(core\.pager|pager\.[a-z-]+)=(|cat|less|more|true|false)$/i;

/** Whether `git -c key=value` only changes how git prints. */
export function isHarmlessGitConfig(assignment: string): boolean {
  return HARMLESS_GIT_KEYS.test(assignment) || PLAIN_GIT_PAGER.test(assignment);
}

/** Git options before the sub-command that change nothing about what it does. */
const GIT_NEUTRAL_FLAGS = new Set(['--no-pager', '-P', '--no-optional-locks', '--literal-pathspecs', '--no-replace-objects']);

export function argvOf(command: ShellCommand, caseInsensitive: boolean): string[] {
  const values = command.words.map((w) => w.value);
  if (values.length === 0) return [];
  const name = commandBaseName(values[0]!);
  const argv = [caseInsensitive ? name.toLowerCase() : name, ...values.slice(1)];
  if (argv[0] !== 'git') return argv;
  let i = 1;
  while (i < argv.length) {
    if (GIT_NEUTRAL_FLAGS.has(argv[i]!)) i++;
    else if (argv[i] === '-C' && i + 1 < argv.length) i += 2;
    else if (argv[i] === '-c' && isHarmlessGitConfig(argv[i + 1] ?? '')) i += 2;
    else break;
  }
  return ['git', ...argv.slice(i)];
}

/** Whether a short flag letter appears alone or bundled (`-r`, `-rf`, `-fR`), before any `--`. */
export function hasShortFlag(args: readonly string[], letters: string): boolean {
  return findShortFlag(args, letters) !== undefined;
}

/** The word holding a short flag letter, alone or bundled (`-ni` for `i`), before any `--`. */
export function findShortFlag(args: readonly string[], letters: string): string | undefined {
  for (const a of args) {
    if (a === '--') return undefined;
    // The leading letters are flags; what follows may be an attached value (`-i.bak`, `-ofile`).
    const bundle = /^-([A-Za-z0-9]+)/.exec(a)?.[1];
    if (bundle && [...bundle].some((ch) => letters.includes(ch))) return a;
  }
  return undefined;
}

/** Whether a long flag appears, alone or as `--flag=value`; a trailing `*` matches by prefix. */
export function hasLongFlag(args: readonly string[], ...flags: string[]): boolean {
  return findLongFlag(args, ...flags) !== undefined;
}

/** The word holding a long flag (`--output=x`), like `hasLongFlag`. */
export function findLongFlag(args: readonly string[], ...flags: string[]): string | undefined {
  for (const a of args) {
    if (a === '--') return undefined;
    const name = a.split('=')[0]!;
    if (flags.some((f) => (f.endsWith('*') ? name.startsWith(f.slice(0, -1)) : name === f))) return a;
  }
  return undefined;
}

/** Arguments that are not options: after `--` everything is one. */
export function positionalArgs(args: readonly string[]): string[] {
  const out: string[] = [];
  let optionsEnded = false;
  for (const a of args) {
    if (!optionsEnded && a === '--') optionsEnded = true;
    else if (optionsEnded || !a.startsWith('-') || a === '-') out.push(a);
  }
  return out;
}
