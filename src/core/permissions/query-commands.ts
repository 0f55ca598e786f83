// Configuration and environment queries that only print (issue 25): `npm config get registry`, `go env GOPATH`,
// `git config --list`, `printenv NODE_ENV`. Each is read-only in its printing forms only; the writing forms
// (`npm config set`, `go env -w`, `git config user.name x`, `conda config --set`) are effects and keep asking,
// as are forms that print secrets (`kubectl config view --raw`, `printenv` of every variable or of a token).
import { l10n, type Marked } from '../l10n';
import { findLongFlag, positionalArgs } from './command-facts';
import type { CommandEffect, ReadOnlyCommand } from './command-effect';

type Effect = CommandEffect | undefined;

function effect(word: string | undefined, does: Marked): Effect {
  if (word === undefined) return undefined;
  return { word, label: word.startsWith('--') ? word.split('=')[0]! : word.length > 40 ? `${word.slice(0, 37)}…` : word, does };
}

const WRITES_LOG = l10n.mark('writes a log file');
const SETS = l10n.mark('changes the configuration');

/** npm's own options that write elsewhere (`--logs-dir`), for every npm query. */
const npmEffect = (args: readonly string[]): Effect => effect(findLongFlag(args, '--logs-dir'), l10n.mark('writes npm logs elsewhere'));

/** pip's general options that write a file. */
const pipEffect = (args: readonly string[]): Effect => effect(findLongFlag(args, '--log', '--log-file', '--log-explicit-levels'), WRITES_LOG);

/** Go's flag package reads `-w`, `--w`, `-w=true` alike: `go env -w`/`-u` change the Go environment file. */
function goEnvEffect(args: readonly string[]): Effect {
  const word = args.find((a) => ['w', 'u'].includes(a.replace(/^--?/, '').split('=')[0]!) && a.startsWith('-'));
  return effect(word, l10n.mark("changes Go's environment settings"));
}

/** `git config` reads with one key, `--get*`, `--list`/`-l`, `get`, `list`; anything that sets or edits is an effect. */
const GIT_CONFIG_WRITES = ['--add', '--unset', '--unset-all', '--replace-all', '--rename-section', '--remove-section', '--edit'];
const GIT_CONFIG_WRITE_VERBS = new Set(['set', 'unset', 'rename-section', 'remove-section', 'edit']);
const GIT_CONFIG_READS = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list'];
const GIT_CONFIG_VALUE_OPTIONS = new Set(['-f', '--file', '--blob', '--type', '--default', '--comment']);

function gitConfigEffect(args: readonly string[]): Effect {
  const write = findLongFlag(args, ...GIT_CONFIG_WRITES) ?? args.find((a) => a === '-e');
  if (write) return effect(write, SETS);
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (GIT_CONFIG_VALUE_OPTIONS.has(a)) i++;
    else if (!a.startsWith('-')) operands.push(a);
  }
  const verb = operands[0];
  if (verb !== undefined && GIT_CONFIG_WRITE_VERBS.has(verb)) return effect(verb, SETS);
  if (verb === 'get' || verb === 'list') return undefined;
  const reads = findLongFlag(args, ...GIT_CONFIG_READS) !== undefined || args.includes('-l');
  // `git config user.name` prints it; `git config user.name x` sets it.
  return !reads && operands.length >= 2 ? effect(operands[1], SETS) : undefined;
}

/** `conda config --show`, `--show-sources`, `--describe`: not with `--set`, `--add`, `--remove`… */
const condaConfigEffect = (args: readonly string[]): Effect =>
  effect(findLongFlag(args, '--set', '--add', '--append', '--prepend', '--remove', '--remove-key', '--write-default', '--stdin'), SETS);

/** Without `--raw` (or `--flatten`) kubectl hides keys and tokens as REDACTED. */
const kubectlViewEffect = (args: readonly string[]): Effect =>
  effect(findLongFlag(args, '--raw', '--flatten'), l10n.mark('prints credentials in full'));

/** Variable names that usually hold secrets: printing them sends them to the model. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH|COOKIE|SESSION|PRIVATE|_PAT$|^PAT$|SIGNATURE|CERT/i;

/** `printenv NODE_ENV` prints one variable; `printenv` alone prints them all, secrets included. */
function printenvEffect(args: readonly string[]): Effect {
  const names = positionalArgs(args);
  if (names.length === 0) return effect('printenv', l10n.mark('prints every environment variable, which may hold secrets'));
  return effect(
    names.find((n) => SECRET_NAME.test(n)),
    l10n.mark('prints a variable that may hold a secret'),
  );
}

const each = (patterns: string[], fx?: (args: readonly string[]) => Effect): ReadOnlyCommand[] =>
  patterns.map((pattern) => (fx ? { pattern, effect: fx } : { pattern }));

export const QUERY_COMMANDS: readonly ReadOnlyCommand[] = [
  ...each(['npm config get', 'npm config list', 'npm config ls', 'npm c get', 'npm c list', 'npm c ls', 'npm get'], npmEffect),
  ...each(['pnpm config get', 'pnpm config list', 'yarn config get', 'yarn config list']),
  { pattern: 'git config', effect: gitConfigEffect },
  { pattern: 'go env', effect: goEnvEffect },
  ...['pip', 'pip3'].flatMap((pip) => each(['config list', 'config get', 'config debug', 'list', 'show', 'freeze'].map((sub) => `${pip} ${sub}`), pipEffect)),
  { pattern: 'conda config', effect: (args) => (args.some((a) => a.startsWith('--show') || a === '--describe') ? condaConfigEffect(args) : effect(args[0] ?? 'config', SETS)) },
  ...each(['conda info', 'conda list', 'conda env list']),
  { pattern: 'kubectl config view', effect: kubectlViewEffect },
  ...each(['kubectl config current-context', 'kubectl config get-contexts', 'kubectl config get-clusters', 'kubectl config get-users']),
  ...each(['gcloud config list', 'gcloud config get', 'gcloud config get-value', 'gcloud config configurations list']),
  ...each(['rustup toolchain list', 'rustup target list --installed', 'rustup component list --installed']),
  { pattern: 'printenv', effect: printenvEffect },
];
