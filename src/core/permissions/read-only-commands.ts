// Commands that only read, shipped as allow rules. Each holds only for its read-only uses: a redirection
// into a file, or an option that writes or runs something (`find -delete`, `sort -o`, `git branch -D`),
// makes the rule not match, so the mode decides.
import { hasLongFlag, hasShortFlag, positionalArgs } from './command-facts';

export interface ReadOnlyCommand {
  /** Command pattern (see command-pattern.ts). */
  pattern: string;
  /** Extra condition on the arguments after the pattern's words; absent means any arguments. */
  readOnly?: (args: readonly string[]) => boolean;
}

const FIND_ACTIONS_THAT_WRITE_OR_RUN = new Set(['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls']);

const noOutputFile = (args: readonly string[]): boolean => !hasShortFlag(args, 'o') && !hasLongFlag(args, '--output');
const atMostOneFile = (args: readonly string[]): boolean => positionalArgs(args).length <= 1;
const noGitOutputFile = (args: readonly string[]): boolean => !hasLongFlag(args, '--output');

const PLAIN = [
  'ls', 'cat', 'pwd', 'echo', 'printf', 'head', 'tail', 'wc', 'grep', 'egrep', 'fgrep', 'stat', 'du', 'df',
  'which', 'type', 'whereis', 'basename', 'dirname', 'realpath', 'readlink', 'whoami', 'id', 'uname', 'true',
  'false', 'test', 'cut', 'tr', 'diff', 'cmp', 'comm', 'nl', 'od', 'hexdump', 'jq', 'tac', 'rev', 'paste',
  'column', 'fold', 'seq', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'shasum', 'base64', 'strings', 'cd',
  'pushd', 'popd', 'sleep', 'ps', 'uptime', 'nproc', 'command -v', 'command -V',
];

const GIT_PLAIN = [
  'status', 'rev-parse', 'ls-files', 'ls-tree', 'blame', 'describe', 'shortlog', 'cat-file', 'merge-base',
  'rev-list', 'count-objects', 'version', '--version', 'show-ref', 'for-each-ref', 'name-rev', 'check-ignore',
  'stash list', 'stash show', 'config --get', 'config --get-all', 'config --get-regexp', 'config --list',
  'config -l', 'config get', 'config list',
];

export const READ_ONLY_COMMANDS: readonly ReadOnlyCommand[] = [
  ...PLAIN.map((pattern) => ({ pattern })),
  { pattern: 'find', readOnly: (args) => !args.some((a) => FIND_ACTIONS_THAT_WRITE_OR_RUN.has(a)) },
  { pattern: 'fd', readOnly: (args) => !hasShortFlag(args, 'xX') && !hasLongFlag(args, '--exec', '--exec-batch') },
  // `--pre` runs a program on every file searched.
  { pattern: 'rg', readOnly: (args) => !hasLongFlag(args, '--pre') },
  { pattern: 'sort', readOnly: noOutputFile },
  { pattern: 'tree', readOnly: noOutputFile },
  { pattern: 'uniq', readOnly: atMostOneFile }, // `uniq in out` writes `out`
  { pattern: 'xxd', readOnly: atMostOneFile },
  { pattern: 'file', readOnly: (args) => !hasShortFlag(args, 'C') && !hasLongFlag(args, '--compile') },
  { pattern: 'date', readOnly: (args) => !hasShortFlag(args, 's') && !hasLongFlag(args, '--set') },
  { pattern: 'hostname', readOnly: (args) => positionalArgs(args).length === 0 && !hasShortFlag(args, 'F') },
  { pattern: 'sed', readOnly: isPrintOnlySed },
  ...GIT_PLAIN.map((sub) => ({ pattern: `git ${sub}` })),
  { pattern: 'git diff', readOnly: noGitOutputFile },
  { pattern: 'git log', readOnly: noGitOutputFile },
  { pattern: 'git show', readOnly: noGitOutputFile },
  { pattern: 'git grep', readOnly: (args) => !hasShortFlag(args, 'O') && !hasLongFlag(args, '--open-files-in-pager') },
  { pattern: 'git branch', readOnly: isBranchListing },
  { pattern: 'git tag', readOnly: isTagListing },
  { pattern: 'git remote', readOnly: isRemoteListing },
  { pattern: 'git reflog', readOnly: (args) => !['expire', 'delete'].includes(positionalArgs(args)[0] ?? '') },
];

const LISTING_FILTERS = ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at'];

/** `git branch`, `git branch -a`, `git branch --list 'feat/*'`; not `git branch new`, `-d`, `-m`. */
function isBranchListing(args: readonly string[]): boolean {
  const changes =
    hasShortFlag(args, 'dDmMcCfu') ||
    hasLongFlag(args, '--delete', '--move', '--copy', '--force', '--set-upstream-to', '--unset-upstream') ||
    hasLongFlag(args, '--edit-description', '--track', '--no-track', '--create-reflog');
  return !changes && (positionalArgs(args).length === 0 || listsExplicitly(args));
}

/** `git tag`, `git tag -l 'v1.*'`; not `git tag v1`, `-d`, `-a`. */
function isTagListing(args: readonly string[]): boolean {
  const changes =
    hasShortFlag(args, 'dasufmFe') ||
    hasLongFlag(args, '--delete', '--annotate', '--sign', '--force', '--message', '--file', '--local-user', '--edit');
  return !changes && (positionalArgs(args).length === 0 || listsExplicitly(args));
}

function listsExplicitly(args: readonly string[]): boolean {
  return hasShortFlag(args, 'l') || hasLongFlag(args, '--list', ...LISTING_FILTERS);
}

/** `git remote`, `git remote -v`, `git remote show origin`, `git remote get-url origin`. */
function isRemoteListing(args: readonly string[]): boolean {
  const first = positionalArgs(args)[0];
  return first === undefined || first === 'show' || first === 'get-url';
}

/** `sed -n '10,20p' file` and `sed -n '/re/p'`: sed scripts can also write files and run commands. */
function isPrintOnlySed(args: readonly string[]): boolean {
  if (!hasShortFlag(args, 'n') && !hasLongFlag(args, '--quiet', '--silent')) return false;
  if (hasShortFlag(args, 'i') || hasLongFlag(args, '--in-place')) return false;
  const scripts: string[] = [];
  let explicit = false;
  args.forEach((a, i) => {
    if (a === '-e' || a === '--expression') {
      explicit = true;
      scripts.push(args[i + 1] ?? '');
    } else if (a.startsWith('--expression=')) {
      explicit = true;
      scripts.push(a.slice('--expression='.length));
    }
  });
  if (hasShortFlag(args, 'f') || hasLongFlag(args, '--file')) return false;
  if (!explicit) scripts.push(positionalArgs(args)[0] ?? '');
  return scripts.length > 0 && scripts.every((s) => /^(\d+|\$)(,(\d+|\$|\+\d+|~\d+))?p$/.test(s) || /^\/[^/]*\/p$/.test(s));
}
