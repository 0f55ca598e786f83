// Commands that only read, shipped as allow rules. Each holds only for its read-only uses: an option or
// operand that writes, deletes or runs something (`find -delete`, `sort -o`, `git diff --output`, `sed -i`,
// `awk 'system(...)'`, `tee file`, `tar -x`) is its *effect*. The same effect decides both whether the
// shipped rule allows the command and whether a user's allow rule covers it (command-effects.ts).
import { l10n, type Marked } from '../l10n';
import { findLongFlag, findShortFlag, isHarmlessDevice, positionalArgs } from './command-facts';
import { QUERY_COMMANDS } from './query-commands';
import { awkProgramEffect, sedScriptEffect } from './script-effects';
import type { CommandEffect, ReadOnlyCommand } from './command-effect';

export type { CommandEffect, ReadOnlyCommand } from './command-effect';

type Effect = CommandEffect | undefined;

/** An effect for `word`, labelled by its flag name (`--output=x` reads `--output`). */
export function effectOf(word: string | undefined, does: Marked, label?: string): Effect {
  if (word === undefined) return undefined;
  const shown = label ?? (word.startsWith('--') ? word.split('=')[0]! : word.length > 40 ? `${word.slice(0, 37)}…` : word);
  return { word, label: shown, does };
}

const shortFlag = (letters: string, does: Marked) => (args: readonly string[]) => {
  const word = findShortFlag(args, letters);
  const letter = word ? [...word.slice(1)].find((ch) => letters.includes(ch)) : undefined;
  return effectOf(word, does, letter && word !== `-${letter}` ? `-${letter}` : undefined);
};
const longFlag = (does: Marked, ...flags: string[]) => (args: readonly string[]) => effectOf(findLongFlag(args, ...flags), does);
const firstOf =
  (...checks: ((args: readonly string[]) => Effect)[]) =>
  (args: readonly string[]): Effect => {
    for (const check of checks) {
      const found = check(args);
      if (found) return found;
    }
    return undefined;
  };
const nthOperand = (n: number, does: Marked) => (args: readonly string[]) => effectOf(positionalArgs(args)[n], does);

const FIND_ACTIONS: Record<string, Marked> = {
  '-delete': l10n.mark('deletes the files it finds'),
  '-exec': l10n.mark('runs a command on the files it finds'),
  '-execdir': l10n.mark('runs a command on the files it finds'),
  '-ok': l10n.mark('runs a command on the files it finds'),
  '-okdir': l10n.mark('runs a command on the files it finds'),
  '-fprint': l10n.mark('writes its results to a file'),
  '-fprint0': l10n.mark('writes its results to a file'),
  '-fprintf': l10n.mark('writes its results to a file'),
  '-fls': l10n.mark('writes its results to a file'),
};

const PLAIN = [
  'ls', 'cat', 'pwd', 'echo', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'stat', 'du', 'df',
  'which', 'type', 'whereis', 'basename', 'dirname', 'realpath', 'readlink', 'whoami', 'id', 'uname', 'true',
  'false', 'test', 'cut', 'tr', 'diff', 'cmp', 'comm', 'nl', 'od', 'hexdump', 'jq', 'tac', 'rev', 'paste',
  'column', 'fold', 'seq', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'shasum', 'base64', 'strings', 'cd',
  'pushd', 'popd', 'sleep', 'ps', 'uptime', 'nproc', 'command -v', 'command -V',
];

const GIT_PLAIN = [
  'status', 'rev-parse', 'ls-files', 'ls-tree', 'blame', 'describe', 'shortlog', 'cat-file', 'merge-base',
  'rev-list', 'count-objects', 'version', '--version', 'show-ref', 'for-each-ref', 'name-rev', 'check-ignore',
  'stash list', 'stash show', '--exec-path', '--html-path', '--man-path', '--info-path',
];

/** `git diff/log/show`: `--output=<file>` writes the patch to a file; `--ext-diff` runs the external diff program. */
const gitDiffEffect = firstOf(longFlag(l10n.mark('writes its output to a file'), '--output'), longFlag(l10n.mark('runs an external diff program'), '--ext-diff'));
const AWK_NAMES = ['awk', 'gawk', 'mawk', 'nawk'];

export const READ_ONLY_COMMANDS: readonly ReadOnlyCommand[] = [
  ...PLAIN.map((pattern) => ({ pattern })),
  { pattern: 'find', effect: (args) => findAction(args) },
  { pattern: 'fd', effect: firstOf(shortFlag('xX', l10n.mark('runs a command on the files it finds')), longFlag(l10n.mark('runs a command on the files it finds'), '--exec', '--exec-batch')) },
  // `--pre` runs a program on every file searched; `--hostname-bin` runs one to learn the host name.
  { pattern: 'rg', effect: longFlag(l10n.mark('runs a program on every file it searches'), '--pre', '--hostname-bin') },
  { pattern: 'sort', effect: firstOf(shortFlag('o', l10n.mark('writes its output to a file')), longFlag(l10n.mark('writes its output to a file'), '--output'), longFlag(l10n.mark('runs a compression program'), '--compress-program')) },
  { pattern: 'tree', effect: firstOf(shortFlag('oR', l10n.mark('writes its output to files')), longFlag(l10n.mark('writes its output to a file'), '--output')) },
  { pattern: 'uniq', effect: nthOperand(1, l10n.mark('writes its output to this file')) }, // `uniq in out` writes `out`
  { pattern: 'xxd', effect: nthOperand(1, l10n.mark('writes its output to this file')) },
  { pattern: 'tee', effect: (args) => effectOf(positionalArgs(args).find((a) => !isHarmlessDevice(a)), l10n.mark('writes its input to this file')) },
  { pattern: 'printf', effect: shortFlag('v', l10n.mark('assigns a shell variable')) },
  { pattern: 'file', effect: firstOf(shortFlag('C', l10n.mark('compiles a magic file')), longFlag(l10n.mark('compiles a magic file'), '--compile')) },
  { pattern: 'date', effect: firstOf(shortFlag('s', l10n.mark('sets the system clock')), longFlag(l10n.mark('sets the system clock'), '--set')) },
  { pattern: 'hostname', effect: firstOf(nthOperand(0, l10n.mark('sets the host name')), shortFlag('F', l10n.mark('sets the host name')), longFlag(l10n.mark('sets the host name'), '--file')) },
  { pattern: 'less', effect: pagerEffect },
  { pattern: 'more', effect: pagerEffect },
  { pattern: 'sed', effect: sedEffect },
  ...AWK_NAMES.map((pattern) => ({ pattern, effect: awkEffect })),
  { pattern: 'tar', effect: tarEffect },
  ...['ls', 'list', 'la', 'll'].map((sub) => ({ pattern: `npm ${sub}`, effect: longFlag(l10n.mark('writes npm logs elsewhere'), '--logs-dir') })),
  ...['ls', 'list'].map((sub) => ({ pattern: `pnpm ${sub}` })),
  ...GIT_PLAIN.map((sub) => ({ pattern: `git ${sub}` })),
  { pattern: 'git diff', effect: gitDiffEffect },
  { pattern: 'git log', effect: gitDiffEffect },
  { pattern: 'git show', effect: gitDiffEffect },
  { pattern: 'git grep', effect: firstOf(shortFlag('O', l10n.mark('opens the files in a program')), longFlag(l10n.mark('opens the files in a program'), '--open-files-in-pager')) },
  { pattern: 'git branch', effect: branchEffect },
  { pattern: 'git tag', effect: tagEffect },
  { pattern: 'git remote', effect: (args) => remoteEffect(args) },
  ...QUERY_COMMANDS,
  { pattern: 'git reflog', effect: (args) => effectOf(positionalArgs(args).find((a, i) => i === 0 && (a === 'expire' || a === 'delete')), l10n.mark('deletes reflog entries')) },
];

function findAction(args: readonly string[]): Effect {
  const word = args.find((a) => FIND_ACTIONS[a] !== undefined);
  return word === undefined ? undefined : effectOf(word, FIND_ACTIONS[word]!);
}

const LISTING_FILTERS = ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at'];

function listsExplicitly(args: readonly string[]): boolean {
  return findShortFlag(args, 'l') !== undefined || findLongFlag(args, '--list', ...LISTING_FILTERS) !== undefined;
}

/** `git branch`, `git branch -a`, `git branch --list 'feat/*'`; not `git branch new`, `-d`, `-m`. */
function branchEffect(args: readonly string[]): Effect {
  return (
    shortFlag('dDmMcCfu', l10n.mark('changes branches'))(args) ??
    longFlag(l10n.mark('changes branches'), '--delete', '--move', '--copy', '--force', '--set-upstream-to', '--unset-upstream', '--edit-description', '--track', '--no-track', '--create-reflog')(args) ??
    (listsExplicitly(args) ? undefined : nthOperand(0, l10n.mark('creates a branch'))(args))
  );
}

/** `git tag`, `git tag -l 'v1.*'`; not `git tag v1`, `-d`, `-a`. */
function tagEffect(args: readonly string[]): Effect {
  return (
    shortFlag('dasufmFe', l10n.mark('changes tags'))(args) ??
    longFlag(l10n.mark('changes tags'), '--delete', '--annotate', '--sign', '--force', '--message', '--file', '--local-user', '--edit')(args) ??
    (listsExplicitly(args) ? undefined : nthOperand(0, l10n.mark('creates a tag'))(args))
  );
}

/** `git remote`, `git remote -v`, `git remote show origin`, `git remote get-url origin`. */
function remoteEffect(args: readonly string[]): Effect {
  const first = positionalArgs(args)[0];
  return first === undefined || first === 'show' || first === 'get-url' ? undefined : effectOf(first, l10n.mark('changes remotes'));
}

/** `less +'!cmd'` runs a shell command at start; `-o`/`-O` write a log file; a lesskey file binds keys to commands. */
function pagerEffect(args: readonly string[]): Effect {
  const start = args.find((a) => a.startsWith('+') && !/^\+(\d+|[GgFe]|\/[^!|]*)$/.test(a));
  if (start) return effectOf(start, l10n.mark('runs a pager command at start, which may run a shell command'));
  return (
    shortFlag('oOk', l10n.mark('writes a log file or loads key bindings'))(args) ??
    longFlag(l10n.mark('writes a log file or loads key bindings'), '--log-file', '--LOG-FILE', '--lesskey-file', '--lesskey-src', '--lesskey-content')(args)
  );
}

/** `sed -n '10,20p'`, `sed 's/a/b/' file`: not `-i`, a script file, or `w`/`e`/`r` commands. */
function sedEffect(args: readonly string[]): Effect {
  const inPlace = shortFlag('i', l10n.mark('edits the file in place'))(args) ?? longFlag(l10n.mark('edits the file in place'), '--in-place')(args);
  if (inPlace) return inPlace;
  const fromFile = shortFlag('f', l10n.mark('runs a sed script from a file'))(args) ?? longFlag(l10n.mark('runs a sed script from a file'), '--file')(args);
  if (fromFile) return fromFile;
  if (findLongFlag(args, '--sandbox')) return undefined; // GNU sed refuses w, e and r in a sandbox
  const scripts: string[] = [];
  args.forEach((a, i) => {
    if (a === '-e' || a === '--expression') scripts.push(args[i + 1] ?? '');
    else if (a.startsWith('--expression=')) scripts.push(a.slice('--expression='.length));
    else if (/^-[A-Za-z]*e./.test(a) && !a.startsWith('--')) scripts.push(a.slice(a.indexOf('e') + 1));
  });
  if (scripts.length === 0) scripts.push(positionalArgs(args)[0] ?? '');
  for (const script of scripts) {
    const does = sedScriptEffect(script);
    if (does) return effectOf(script, does);
  }
  return undefined;
}

/** awk options that load or write: a program file, extensions, includes, profiles, dumps, the debugger. */
const AWK_FLAG_EFFECTS: Record<string, Marked> = {
  f: l10n.mark('runs an awk program from a file'),
  E: l10n.mark('runs an awk program from a file'),
  i: l10n.mark('includes awk source from a file'),
  l: l10n.mark('loads an awk extension'),
  o: l10n.mark('writes a pretty-printed program file'),
  p: l10n.mark('writes a profile file'),
  d: l10n.mark('writes a variable dump file'),
  D: l10n.mark('runs the awk debugger'),
};
const AWK_LONG_EFFECTS = ['--file', '--exec', '--include', '--load', '--pretty-print', '--profile', '--dump-variables', '--debug'];

function awkEffect(args: readonly string[]): Effect {
  let program: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      program = args[i + 1];
      break;
    }
    if (a.startsWith('--')) {
      if (AWK_LONG_EFFECTS.includes(a.split('=')[0]!)) return effectOf(a, l10n.mark('runs or writes awk files'));
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      const letter = a[1]!;
      if (AWK_FLAG_EFFECTS[letter]) return effectOf(a, AWK_FLAG_EFFECTS[letter]!, `-${letter}`);
      if ((letter === 'v' || letter === 'F') && a.length === 2) i++; // `-v x=1`, `-F :`
      continue;
    }
    program = a;
    break;
  }
  const does = program === undefined ? undefined : awkProgramEffect(program);
  return does ? effectOf(program, does) : undefined;
}

const TAR_MODES: Record<string, Marked> = {
  x: l10n.mark('extracts files'),
  c: l10n.mark('creates an archive'),
  r: l10n.mark('appends to an archive'),
  u: l10n.mark('updates an archive'),
  A: l10n.mark('appends to an archive'),
};
const TAR_LONG_MODES = ['--extract', '--get', '--create', '--append', '--update', '--catenate', '--concatenate', '--delete'];
const TAR_RUNS = ['--to-command', '--use-compress-program', '--checkpoint-action', '--info-script', '--new-volume-script', '--rsh-command', '--rmt-command'];

/** `tar -tf x.tar`, `tar tvf x.tar`: listing only; extraction, creation and programs it runs are effects. */
function tarEffect(args: readonly string[]): Effect {
  const first = args[0];
  const oldStyle = first !== undefined && !first.startsWith('-') ? first : undefined;
  const modeWord = [oldStyle, ...args.filter((a) => /^-[A-Za-z]/.test(a))].find((a) => a !== undefined && [...a.replace(/^-/, '')].some((ch) => TAR_MODES[ch]));
  if (modeWord) {
    const letter = [...modeWord.replace(/^-/, '')].find((ch) => TAR_MODES[ch])!;
    return effectOf(modeWord, TAR_MODES[letter]!, modeWord.startsWith('-') ? `-${letter}` : letter);
  }
  const long = findLongFlag(args, ...TAR_LONG_MODES);
  if (long) return effectOf(long, l10n.mark('changes files or archives'));
  const runs = findLongFlag(args, ...TAR_RUNS) ?? findShortFlag(args, 'IF');
  if (runs) return effectOf(runs, l10n.mark('runs a program'));
  const lists = oldStyle?.includes('t') || findShortFlag(args, 't') !== undefined || findLongFlag(args, '--list') !== undefined;
  return lists ? undefined : effectOf(first ?? 'tar', l10n.mark('may write files (no listing mode given)'));
}
