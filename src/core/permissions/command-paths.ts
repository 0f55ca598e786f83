// Which words of a sub-command may name files, so that `cat ~/.ssh/id_rsa`, `ls ../other`, `cp x .env`
// or `cat notes` (a symlink to .env) get the same outside-workspace and sensitive-file checks as file
// tools. Every literal argument counts except options, URLs, `host:path`, patterns (`grep PATTERN`) and
// text (`echo`); resolving a word that is not a file is harmless, it just lands inside the workspace.
import { commandBaseName, type CommandWord } from './shell-words';
import { globMaySelectSensitive, sensitivityOfPath } from './sensitive-files';

/** Commands whose arguments are text, not files. */
const TEXT_ONLY = new Set(['echo', 'printf']);
/** Commands whose first positional is a pattern or program, unless given with `-e`/`-f`. */
const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'sed', 'awk', 'gawk', 'jq']);

/** Bare words beyond this many are not resolved (each costs a few realpath calls); path-like ones always are. */
const MAX_BARE_WORDS = 64;

export function pathArguments(words: readonly CommandWord[], caseInsensitive: boolean): CommandWord[] {
  const [nameWord, ...args] = words;
  if (!nameWord) return [];
  const name = commandBaseName(nameWord.value).toLowerCase();
  if (TEXT_ONLY.has(name)) return [];
  if (name === 'git') return gitPathArguments(args, caseInsensitive);
  const patternGiven = args.some((a) => ['-e', '-f', '--regexp', '--file', '--expression'].includes(a.value));
  let skipFirstPositional = PATTERN_FIRST.has(name) && !patternGiven;
  const out: CommandWord[] = [];
  let bare = 0;
  for (const word of args) {
    if (!word.literal) continue;
    const value = optionValue(word.value);
    if (value === undefined) continue;
    if (skipFirstPositional && value === word.value) {
      skipFirstPositional = false;
      continue;
    }
    if (!mayNameFile(value)) continue;
    if (isPathLike(value, caseInsensitive) || bare++ < MAX_BARE_WORDS) out.push(value === word.value ? word : { ...word, value });
  }
  return out;
}

/**
 * Git's arguments are mostly refs and messages (`origin/main`, `-m "a/b"`); only `-C dir`, explicit
 * paths (`/x`, `~/x`, `../x`) and sensitive names (`git add .env`) count as files.
 */
function gitPathArguments(args: readonly CommandWord[], caseInsensitive: boolean): CommandWord[] {
  return args.filter(
    (w, i) =>
      w.literal &&
      (args[i - 1]?.value === '-C' || /^(\/|~|\.\.(\/|$))/.test(w.value) || sensitivityOfPath(w.value, caseInsensitive) !== undefined),
  );
}

/** The path part of a word: itself, or the value of `--out=/x`; undefined for a bare option. */
function optionValue(value: string): string | undefined {
  if (!value.startsWith('-')) return value;
  const eq = value.indexOf('=');
  return value.startsWith('--') && eq > 0 ? value.slice(eq + 1) : undefined;
}

/** Not a URL, not `host:path` / `HEAD:file` / `key:value`, not empty. */
function mayNameFile(value: string): boolean {
  if (value === '' || /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(value)) return false;
  return !(/^[^/]+:/.test(value) && !/^[A-Za-z]:[\\/]/.test(value));
}

/** Looks like a path on its face: has a `/`, starts with `~` or `.`, or names a sensitive file. */
function isPathLike(value: string, caseInsensitive: boolean): boolean {
  if (!mayNameFile(value)) return false;
  if (value === '.' || value === '..' || value.startsWith('~') || value.includes('/')) return true;
  return sensitivityOfPath(value, caseInsensitive) !== undefined || globMaySelectSensitive(value, caseInsensitive) !== undefined;
}
