// How Relay's own git processes are started so that none of them runs a program the repository (or a command that
// wrote into it) chose: every configuration key through which git starts a program is overridden in the command
// scope (which wins over every configuration file and is passed on to the git processes git starts itself), the environment carries no inherited GIT_* variable, and the drivers a `.gitattributes` can name are
// neutralised when the repository's own configuration defines them. Pure: the host's runner applies it.

/** Where hooks are looked for: a path that can never hold one (POSIX); on Windows the runner gives an empty folder it owns. */
export const NO_HOOKS_POSIX = '/dev/null';

/**
 * Configuration that switches off every way git 2.39 runs a program in the work Relay asks of it, plus the
 * settings its parsing relies on. Values are literal (`key=value` after `-c`).
 */
export function hardenedConfig(hooksPath: string): [string, string][] {
  return [
    // Hooks: pre-commit, post-commit, post-merge, post-checkout, reference-transaction, … (--no-verify skips only two).
    ['core.hooksPath', hooksPath],
    ['core.fsmonitor', 'false'],
    // Programs git would start for people or for the network; Relay neither asks anyone nor talks to a remote.
    ['core.editor', ':'],
    ['sequence.editor', ':'],
    ['core.pager', 'cat'],
    ['core.askPass', ''],
    ['core.sshCommand', 'false'],
    ['core.gitProxy', ''],
    ['core.alternateRefsCommand', ''],
    ['credential.helper', ''],
    ['uploadpack.packObjectsHook', ''],
    ['protocol.allow', 'never'],
    ['protocol.ext.allow', 'never'],
    // Signing and signature checks run gpg/ssh-keygen.
    ['commit.gpgSign', 'false'],
    ['tag.gpgSign', 'false'],
    ['merge.verifySignatures', 'false'],
    ['log.showSignature', 'false'],
    // No `git gc --auto` or maintenance in the background after a commit or merge.
    ['gc.auto', '0'],
    ['maintenance.auto', 'false'],
    // Nested repositories and submodules are never entered: entering one starts a git that reads its configuration.
    ['submodule.recurse', 'false'],
    ['diff.ignoreSubmodules', 'dirty'],
    ['status.submoduleSummary', 'false'],
    ['fetch.recurseSubmodules', 'false'],
    // Output Relay parses: paths as they are.
    ['core.quotePath', 'false'],
  ];
}

/**
 * Configuration pairs as git's GIT_CONFIG_COUNT/KEY/VALUE variables: the same precedence as `-c` (over every
 * file), inherited by the git processes git starts, and a key is never split at an `=` (`-c 'filter.a=b.clean='`
 * sets `filter.a` to `b.clean=`, so a driver named `a=b` would survive).
 */
export function configEnvironment(pairs: readonly (readonly [string, string])[]): Record<string, string> {
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(pairs.length) };
  pairs.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

/** Subcommands that can run an external diff or a textconv filter unless told not to. */
const DIFF_COMMANDS = new Set(['diff', 'log', 'show', 'diff-tree', 'diff-index', 'diff-files', 'format-patch', 'whatchanged']);

/** The subcommand's own arguments with `--no-ext-diff --no-textconv` (and submodules left unentered) where they apply. */
export function hardenedArguments(args: readonly string[]): string[] {
  // Global options (`-c x=y`) before the subcommand: skip each option's value.
  let at = 0;
  while (at < args.length && args[at]!.startsWith('-')) at += args[at] === '-c' || args[at] === '-C' ? 2 : 1;
  const sub = args[at];
  if (sub === undefined || !DIFF_COMMANDS.has(sub)) return [...args];
  return [...args.slice(0, at + 1), '--no-ext-diff', '--no-textconv', ...(sub === 'diff' ? ['--ignore-submodules=dirty'] : []), ...args.slice(at + 1)];
}

/** Variables that only name the user's own configuration files: kept. */
const USERS_CONFIG = new Set(['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG_NOSYSTEM']);

/**
 * The environment of a git process: the extension host's, without the GIT_* variables that choose a repository or
 * a program (GIT_DIR, GIT_EXTERNAL_DIFF, GIT_CONFIG_PARAMETERS, GIT_ASKPASS, GIT_SSH_COMMAND, GIT_EXEC_PATH, …
 * inherited from wherever VS Code was started, a git hook for one) and without the programs git or ssh would prompt
 * through; then Relay's own.
 */
export function hardenedEnvironment(inherited: Readonly<Record<string, string | undefined>>, own: Readonly<Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(inherited)) {
    if (value === undefined) continue;
    const upper = name.toUpperCase();
    if ((upper.startsWith('GIT_') && !USERS_CONFIG.has(upper)) || upper === 'SSH_ASKPASS' || upper === 'PAGER' || upper === 'EDITOR' || upper === 'VISUAL') continue;
    env[name] = value;
  }
  return { ...env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat', GIT_EDITOR: ':', ...own };
}

/** One entry of `git config --list --show-scope --show-origin -z`. */
export interface ConfigEntry {
  scope: string;
  /** `file:<path>`, `command line:`, `blob:…` … */
  origin: string;
  key: string;
  value: string;
}

/** Reads `git config --list --show-scope --show-origin -z`: records of scope, origin and `key\nvalue` (a key alone when it has no value). */
export function parseConfigListing(listing: string): ConfigEntry[] {
  const fields = listing.split('\0');
  const entries: ConfigEntry[] = [];
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const scope = fields[i]!;
    const origin = fields[i + 1]!;
    const pair = fields[i + 2]!;
    const cut = pair.indexOf('\n');
    entries.push({ scope, origin, key: cut < 0 ? pair : pair.slice(0, cut), value: cut < 0 ? '' : pair.slice(cut + 1) });
  }
  return entries;
}

/** Section and subsection (which may hold dots) of a configuration key; subsection undefined when it has none. */
function splitKey(key: string): { section: string; sub: string | undefined } {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first < 0) return { section: key.toLowerCase(), sub: undefined };
  return { section: key.slice(0, first).toLowerCase(), sub: first === last ? undefined : key.slice(first + 1, last) };
}

/**
 * Whether a definition is the user's own: from the system or global configuration, in a file outside the
 * repository (a global `include.path` that points into it is the repository's). Everything else (the repository's
 * config, a worktree's config.worktree, files they include) is the repository's, which a command may have written.
 */
function usersOwn(entry: ConfigEntry, repositoryPaths: readonly string[]): boolean {
  if (entry.scope !== 'system' && entry.scope !== 'global') return false;
  if (!entry.origin.startsWith('file:')) return false;
  const file = normalise(entry.origin.slice('file:'.length));
  return !repositoryPaths.some((p) => {
    const root = normalise(p);
    return file === root || file.startsWith(`${root}/`);
  });
}

function normalise(path: string): string {
  return path.replace(/\\/g, '/').replace(/\/+$/, '');
}

/**
 * `-c` pairs that neutralise every filter, merge and diff driver whose program the repository's configuration
 * defines (a `.gitattributes` in the tree chooses which driver a file uses, so any of them can be made to run):
 * filters become no-ops, a merge driver becomes git's own line merge (`git merge-file`, so a merge still merges),
 * diff drivers are off through `--no-ext-diff --no-textconv`. Drivers only the user's system or global
 * configuration defines (git-lfs's, installed by the user) stay.
 */
export function driverOverrides(entries: readonly ConfigEntry[], repositoryPaths: readonly string[]): [string, string][] {
  const defined = { filter: new Set<string>(), merge: new Set<string>() };
  for (const entry of entries) {
    const { section, sub } = splitKey(entry.key);
    // Diff drivers are not listed: an empty textconv or command would be run as a program named "" (git fails);
    // `--no-ext-diff --no-textconv` on every diff switches them off.
    if (sub === undefined || (section !== 'filter' && section !== 'merge')) continue;
    // Any key of the driver (even `required`) marks it: a definition split between files is still the repository's.
    if (!usersOwn(entry, repositoryPaths)) defined[section].add(sub);
  }
  const pairs: [string, string][] = [];
  for (const sub of defined.filter) {
    pairs.push([`filter.${sub}.clean`, ''], [`filter.${sub}.smudge`, ''], [`filter.${sub}.process`, ''], [`filter.${sub}.required`, 'false']);
  }
  for (const sub of defined.merge) pairs.push([`merge.${sub}.driver`, MERGE_FILE], [`merge.${sub}.recursive`, 'text']);
  return pairs;
}

/** git's own three-way line merge in place of a repository's merge driver: writes the result over %A, exits with the count of conflicts. */
export const MERGE_FILE = 'git merge-file --marker-size=%L -L ours -L base -L theirs %A %O %B';
