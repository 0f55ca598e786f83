// One mechanism for "this read-only command would write, delete or run something" (issue 12, class 2):
// the effect of a sub-command's flags and operands, from the read-only table (read-only-commands.ts) and
// git's global options. The shipped read-only rules allow a command only without an effect, and an allow
// rule from settings covers an effect only when its pattern names the word that causes it (`find * -delete`).
import { l10n, type Said } from '../l10n';
import { type CommandFacts, isHarmlessGitConfig } from './command-facts';
import { matchesCommandPattern, patternNamesWord } from './command-pattern';
import { type CommandEffect, effectOf, READ_ONLY_COMMANDS, type ReadOnlyCommand } from './read-only-commands';
import { SUBCOMMAND_FAMILIES } from './subcommand-effects';

export type { CommandEffect } from './read-only-commands';


/** Git global options that take a value as the next word (`--exec-path` takes one only as `--exec-path=dir`). */
const GIT_VALUE_OPTIONS = new Set(['-c', '-C', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix', '--attr-source']);

/**
 * Git's options before the sub-command: `-c key=value` (`core.pager`, `alias.x=!cmd`), `--config-env`,
 * `--exec-path=dir` (where git finds its programs), `--git-dir` (another repository's config) can all make
 * git run a program. Returns the effect and argv with the global options removed.
 */
export function gitGlobalOptions(argv: readonly string[]): { effect?: CommandEffect; argv: string[] } {
  let effect: CommandEffect | undefined;
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-')) break;
    const [name, inline] = a.startsWith('--') ? [a.split('=')[0]!, a.includes('=') ? a.slice(a.indexOf('=') + 1) : undefined] : [a.slice(0, 2), a.length > 2 ? a.slice(2) : undefined];
    const takesValue = GIT_VALUE_OPTIONS.has(name);
    const value = inline ?? (takesValue ? argv[i + 1] : undefined);
    if (takesValue && inline === undefined) i++;
    if (effect) continue;
    if (name === '-c' && value !== undefined && !isHarmlessGitConfig(value)) {
      effect = effectOf(value, l10n.mark('sets git configuration, which can name a program to run (core.pager, alias.*)'), `-c ${value.split('=')[0]}`);
    } else if (name === '--config-env') {
      effect = effectOf(a, l10n.mark('sets git configuration from the environment, which can name a program to run'));
    } else if (name === '--exec-path' && value !== undefined) {
      effect = effectOf(a, l10n.mark('changes where git finds its own programs'));
    } else if (name === '--git-dir') {
      effect = effectOf(a, l10n.mark('uses another repository, whose configuration can name a program to run'));
    }
  }
  return { effect, argv: ['git', ...argv.slice(i)] };
}

/** The effect of a sub-command's arguments, or undefined when it only reads (or is not a read-only command). */
export function sideEffectOf(argv: readonly string[], caseInsensitive = false, table: readonly ReadOnlyCommand[] = READ_ONLY_COMMANDS): CommandEffect | undefined {
  let words = argv;
  if (argv[0] === 'git') {
    const global = gitGlobalOptions(argv);
    if (global.effect) return global.effect;
    words = global.argv;
  }
  let best: { pattern: string; length: number; effect?: (args: readonly string[]) => CommandEffect | undefined } | undefined;
  for (const entry of table) {
    const length = entry.pattern.split(/\s+/).length;
    if ((!best || length > best.length) && matchesCommandPattern(entry.pattern, words, caseInsensitive)) best = { ...entry, length };
  }
  return best?.effect?.(words.slice(best.length));
}

const cache = new WeakMap<CommandFacts, CommandEffect | null>();

/** `sideEffectOf` for a sub-command, computed once per check. */
export function effectOfCommand(facts: CommandFacts): CommandEffect | undefined {
  let found = cache.get(facts);
  if (found === undefined) {
    found = sideEffectOf(facts.argv, facts.context.caseInsensitive) ?? null;
    cache.set(facts, found);
  }
  return found ?? undefined;
}

const familyCache = new WeakMap<CommandFacts, CommandEffect | null>();

/**
 * What an allow rule must name to cover this sub-command: the effect of its flags and operands, or else a writing
 * sub-command of a query tool's family (`npm config set`, `git stash drop`, `man -P`: subcommand-effects.ts).
 * Only rules are held back by the second kind; the mode judges those commands as before.
 */
export function ruleEffectOf(facts: CommandFacts): CommandEffect | undefined {
  const own = effectOfCommand(facts);
  if (own) return own;
  let found = familyCache.get(facts);
  if (found === undefined) {
    found = sideEffectOf(facts.argv, facts.context.caseInsensitive, SUBCOMMAND_FAMILIES) ?? null;
    familyCache.set(facts, found);
  }
  return found ?? undefined;
}

/** Whether an allow rule's pattern names the word that causes the effect, and so grants it. */
export function ruleGrantsEffect(pattern: string, facts: CommandFacts, effect: CommandEffect): boolean {
  return patternNamesWord(pattern, facts.argv, effect.word, facts.context.caseInsensitive);
}

/** `because of "-delete", which deletes the files it finds` */
export function describeEffect(effect: CommandEffect): Said {
  return l10n.both('"{0}" {1}', effect.label, l10n.marked(effect.does));
}
