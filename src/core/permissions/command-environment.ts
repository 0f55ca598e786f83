// Environment variables that change what a command runs (issue 12, class 1). `LD_PRELOAD=/tmp/x.so ls` and
// `GIT_PAGER='rm -rf ~' git log` run code that no sub-command shows, so an assignment of one of these, as a
// prefix (`VAR=x cmd`), through `env VAR=x cmd`, or for the shell itself (`export VAR=x`, `VAR=x; cmd`),
// makes the whole command ask, in every mode. Harmless assignments (`CI=1`, `LANG=C`) change nothing.
// Names are compared ignoring case: Windows reads them so, and npm reads `npm_config_*` in any case.

import { l10n, type Marked } from '../l10n';

export interface VariableFamily {
  /** What the family does, for the modal: "loads code into every program it starts" (marked for translation). */
  does: Marked;
  /** The value is shell code or a command line (`GIT_PAGER='rm -rf ~'`): analysed as one as well. */
  code?: boolean;
  matches: (upperName: string) => boolean;
}

const exact =
  (...names: string[]) =>
  (n: string): boolean =>
    names.includes(n);
const prefix =
  (...prefixes: string[]) =>
  (n: string): boolean =>
    prefixes.some((p) => n.startsWith(p));
const suffix =
  (...suffixes: string[]) =>
  (n: string): boolean =>
    suffixes.some((s) => n.endsWith(s));

/** Git variables that only label or tune what git does; every other `GIT_*` may point git at code. */
const HARMLESS_GIT = new Set([
  'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_AUTHOR_DATE', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL',
  'GIT_COMMITTER_DATE', 'GIT_TERMINAL_PROMPT', 'GIT_OPTIONAL_LOCKS', 'GIT_FLUSH', 'GIT_MERGE_VERBOSITY',
  'GIT_NO_REPLACE_OBJECTS', 'GIT_LITERAL_PATHSPECS', 'GIT_GLOB_PATHSPECS', 'GIT_NOGLOB_PATHSPECS', 'GIT_ICASE_PATHSPECS',
]);

/** Python variables that only tune the interpreter's output; the rest can import or run code. */
const HARMLESS_PYTHON = new Set([
  'PYTHONUNBUFFERED', 'PYTHONDONTWRITEBYTECODE', 'PYTHONIOENCODING', 'PYTHONHASHSEED', 'PYTHONUTF8',
  'PYTHONFAULTHANDLER', 'PYTHONNOUSERSITE', 'PYTHONOPTIMIZE', 'PYTHONDEVMODE', 'PYTHONLEGACYWINDOWSSTDIO',
]);

/** In order: the first family that matches names the reason. */
export const VARIABLE_FAMILIES: readonly VariableFamily[] = [
  // The dynamic loader: preloads, audits and library search paths (glibc `LD_*`, macOS `DYLD_*`), and glibc's
  // own code paths (`GCONV_PATH` loads charset modules, tunables are a known privilege-escalation vector).
  { does: l10n.mark('loads code into every program it starts'), matches: (n) => prefix('LD_', 'DYLD_')(n) || exact('GCONV_PATH', 'GLIBC_TUNABLES', 'LOCPATH')(n) },
  // Programs other programs start for you: pagers (`PAGER`, `GIT_PAGER`, `MANPAGER`, `AWS_PAGER`…), editors
  // (`EDITOR`, `VISUAL`, `GIT_EDITOR`, `GIT_SEQUENCE_EDITOR`, `SUDO_EDITOR`, `FCEDIT`…), browsers, password
  // prompts (`GIT_ASKPASS`, `SSH_ASKPASS`, `SUDO_ASKPASS`), and any `*_COMMAND` (`GIT_SSH_COMMAND`,
  // `PROMPT_COMMAND`, `GIT_PROXY_COMMAND`, `FZF_DEFAULT_COMMAND`), remote shells (`RSYNC_RSH`, `CVS_RSH`),
  // and wrappers/launchers/runners (`RUSTC_WRAPPER`, `CARGO_TARGET_*_RUNNER`, `*_COMPILER_LAUNCHER`).
  {
    does: l10n.mark('names a program that is started in its place or alongside it'),
    code: true,
    matches: (n) =>
      suffix('PAGER', 'EDITOR', 'BROWSER', 'ASKPASS', '_COMMAND', '_CMD', '_RSH', 'WRAPPER', 'RUNNER', 'LAUNCHER')(n) ||
      exact('VISUAL', 'FCEDIT', 'GIT_SSH', 'GIT_EXTERNAL_DIFF', 'GIT_EXEC_PATH', 'GIT_TEMPLATE_DIR', 'GIT_PROXY_COMMAND')(n),
  },
  // Everything else git reads from the environment can name a program too: config injected by
  // `GIT_CONFIG_PARAMETERS`/`GIT_CONFIG_COUNT`+`GIT_CONFIG_KEY_n` (core.pager, alias.*), another repository
  // (`GIT_DIR`, whose config can set a pager), trace files it writes (`GIT_TRACE=/path`).
  { does: l10n.mark('changes the configuration or programs git uses'), matches: (n) => n.startsWith('GIT_') && !HARMLESS_GIT.has(n) },
  // The shell itself: files sourced at start (`BASH_ENV`, `ENV`, `ZDOTDIR`), exported functions
  // (`BASH_FUNC_name%%`), options (`SHELLOPTS`, `BASHOPTS`), prompts that expand `$(...)` (`PS0`-`PS4`,
  // `PROMPT`), word splitting (`IFS`), the shell programs start (`SHELL`, `npm_config_script_shell`), `CDPATH`.
  {
    does: l10n.mark('changes how the shell parses or what it runs'),
    matches: (n) =>
      exact('BASH_ENV', 'ENV', 'ZDOTDIR', 'SHELLOPTS', 'BASHOPTS', 'IFS', 'PROMPT', 'RPROMPT', 'CDPATH', 'FPATH', 'HISTFILE')(n) ||
      prefix('BASH_FUNC_')(n) ||
      /^PS[0-4]$/.test(n) ||
      suffix('SHELL')(n),
  },
  // Search paths for programs, modules and libraries: `PATH` picks which `ls` runs; `NODE_PATH`, `PYTHONPATH`,
  // `CLASSPATH`, `PERL5LIB`, `RUBYLIB`, `LUA_PATH`, `GEM_PATH`… pick the code an interpreter loads.
  { does: l10n.mark('changes where programs or modules are looked up'), matches: (n) => suffix('PATH', 'LIB', 'LIBS')(n) || exact('GEM_HOME', 'GOROOT', 'JAVA_HOME')(n) },
  // Interpreter start-up code and options: `NODE_OPTIONS=--require x`, `PYTHONSTARTUP`, `PYTHONHOME`,
  // `PYTHONINSPECT`, `PYTHONWARNINGS` (imports), `PERL5OPT`, `PERL5DB`, `RUBYOPT`, `LUA_INIT`,
  // `JAVA_TOOL_OPTIONS`, `_JAVA_OPTIONS`, `JDK_JAVA_OPTIONS`, `MAVEN_OPTS`, `TAR_OPTIONS` (--to-command),
  // `MANOPT` (-P pager), compiler flags (`CFLAGS=-fplugin=x.so`, `RUSTFLAGS=-C linker=x`, `GOFLAGS=-toolexec=x`),
  // `ELECTRON_RUN_AS_NODE` (turns VS Code into node), `NODE_REPL_EXTERNAL_MODULE`.
  {
    does: l10n.mark('makes an interpreter or tool load code or options at start'),
    matches: (n) =>
      (n.startsWith('PYTHON') && !HARMLESS_PYTHON.has(n)) ||
      prefix('PERL', 'RUBY', 'LUA_INIT', 'LUA_CPATH', 'PHPRC', 'PHP_INI')(n) ||
      suffix('OPTIONS', 'OPTS', 'OPT', 'FLAGS')(n) ||
      exact('ELECTRON_RUN_AS_NODE', 'NODE_REPL_EXTERNAL_MODULE', 'GOTOOLCHAIN', 'GOENV', 'R_PROFILE', 'R_PROFILE_USER')(n),
  },
  // Compilers and build tools picked by name: `CC=./evil make`.
  { does: l10n.mark('names the compiler or build tool that runs'), matches: exact('CC', 'CXX', 'CPP', 'LD', 'AR', 'AS', 'NM', 'FC', 'RANLIB', 'STRIP', 'OBJCOPY', 'MAKE', 'RUSTC', 'RUSTDOC') },
  // Configuration read from elsewhere that can name programs: `npm_config_*` (script-shell, node-options),
  // `GIT_CONFIG_*`, `KUBECONFIG` (exec plugins), `DOCKER_CONFIG` (credential helpers), `AWS_CONFIG_FILE`
  // (credential_process), `XDG_CONFIG_HOME`, `CONFIG_SITE` (sourced by configure), `OPENSSL_CONF` (engines),
  // `HOME` (where ~/.gitconfig, ~/.npmrc, ~/.bashrc are read from), editor start-up (`VIMINIT`, `EXINIT`,
  // `MYVIMRC`), `LESSOPEN`/`LESSCLOSE`/`LESSKEY`/`LESS` (less runs input filters), `TERMINFO`, `INPUTRC`.
  {
    does: l10n.mark('points a program at configuration that can name commands'),
    matches: (n) =>
      n.includes('CONFIG') ||
      suffix('_CONF', 'RC')(n) ||
      prefix('LESS', 'TERMINFO', 'OPENSSL_', 'VIMRUNTIME', 'NPM_', 'YARN_')(n) ||
      exact('HOME', 'VIMINIT', 'EXINIT', 'GVIMINIT', 'MYVIMRC', 'TERMCAP', 'AWS_SHARED_CREDENTIALS_FILE', 'CURL_HOME')(n),
  },
];

export interface RiskyVariable {
  name: string;
  family: VariableFamily;
}

/** The family of a variable whose value changes what runs; undefined for harmless ones (`CI`, `LANG`). */
export function variableFamily(name: string): VariableFamily | undefined {
  const upper = name.toUpperCase();
  return VARIABLE_FAMILIES.find((f) => f.matches(upper));
}

/** Values of a pager variable that start nothing but a reader: `GIT_PAGER=cat`, `PAGER=less`; empty turns paging off. */
const PLAIN_READERS = new Set(['', 'cat', 'less', 'more', '/bin/cat', '/usr/bin/cat', '/bin/less', '/usr/bin/less', '/bin/more', '/usr/bin/more']);
/** `LESS=-R`, `LESS=FRX`: display options only; not `+!cmd`, `-o log`, `-k keys`, `--lesskey-file` or any option taking a value. */
const PLAIN_LESS_OPTIONS = /^(\s*-?[FRXSKMNIJWQacdeEfgGimnqrsuUVw~]+)*\s*$/;

/**
 * The family of an assignment, judged by its value too (issue 25): a pager variable set to a plain reader
 * (`GIT_PAGER=cat git log`) and `LESS` with display options only are harmless; any other value of a risky
 * variable keeps its family, and so does a value only known when the shell runs.
 */
export function assignmentFamily(name: string, value: { value: string; literal: boolean }): VariableFamily | undefined {
  const family = variableFamily(name);
  if (!family || !value.literal) return family;
  const upper = name.toUpperCase();
  if (family.code && upper.endsWith('PAGER') && PLAIN_READERS.has(value.value)) return undefined;
  if (upper === 'LESS' && PLAIN_LESS_OPTIONS.test(value.value)) return undefined;
  return family;
}
