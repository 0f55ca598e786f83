// Version queries (issue 12, class 3): `node --version`, `npm -v`, `python3 -V`, `go version` only print.
// Only a lone `--version`, `-V`, `-v` or `version` counts, and only for an installed program named bare (not
// `./tool`, which runs a file from the workspace). `-v` is verbose or interactive for some programs
// (`python -v` starts a REPL, `bash -v` a shell, `env -v` prints the environment), and `version` is a script,
// target or task for others (`node version`, `make version`, `npm version` bumps in some versions), so those
// two forms have their own lists. Toolchains with their own print-only forms (`java -version`, `dotnet --info`,
// `gcc -dumpversion`, `rustc -vV`) are listed by name (issue 25).

/** Programs for which a lone `-v`/`-V` does something other than print a version. */
const NOT_A_VERSION_FLAG = new Set([
  // Shells: `-v` echoes input lines, and with no script they read commands from stdin.
  'sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'csh', 'tcsh', 'busybox',
  // Interpreters whose `-v` is verbose mode with a REPL.
  'python', 'python2', 'python3', 'pypy', 'pypy3', 'ipython', 'irb', 'r', 'lua', 'luajit', 'tclsh', 'wish',
  // Editors and terminal multiplexers: `vim -v` opens vi mode, `nano -v` view mode, `tmux -v` logs to files.
  'vi', 'vim', 'nvim', 'view', 'ex', 'gvim', 'emacs', 'nano', 'pico', 'micro', 'ed', 'tmux', 'screen',
  // `env -v` (debug) and `printenv` print the environment, which may hold secrets.
  'env', 'printenv',
  // Clients that connect or prompt: `mysql -v` opens a session, `gpg -v` reads stdin.
  'mysql', 'mariadb', 'psql', 'gpg', 'gpg2', 'ssh', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ftp',
  // Privilege tools: `sudo -v` refreshes credentials (denied anyway).
  'sudo', 'doas', 'su', 'pkexec',
  // Build tools whose `-v` is verbose and starts the build: `sbt -v` loads the project and opens its shell.
  'sbt',
]);

/** Of those, the ones whose `-V` does print the version (`python3 -V`, `tmux -V`, `ssh -V`). */
const CAPITAL_V_PRINTS_VERSION = new Set(['python', 'python2', 'python3', 'pypy', 'pypy3', 'tmux', 'screen', 'nano', 'mysql', 'mariadb', 'psql', 'ssh', 'lua', 'sbt']);

/** Shell builtins that take code, a file or a name, whatever the word: never a version query. */
const BUILTINS = new Set(['eval', 'exec', 'source', '.', 'command', 'builtin', 'trap', 'alias', 'read', 'set', 'export', 'cd', 'unset']);

/** Programs whose `version` sub-command only prints (for the rest, `version` may be a script, target or task). */
const VERSION_SUBCOMMAND = new Set([
  'go', 'cargo', 'docker', 'podman', 'kubectl', 'helm', 'terraform', 'tofu', 'gh', 'git', 'openssl', 'hugo',
  'ng', 'uv', 'poetry', 'bundle', 'rails', 'gcloud', 'az', 'kind', 'minikube', 'istioctl', 'tailscale',
  'vagrant', 'packer', 'vault', 'consul', 'nomad', 'pulumi', 'skaffold', 'oc', 'eksctl', 'doctl', 'npm',
  'nerdctl', 'buildah', 'skopeo', 'k3d', 'kustomize', 'flux', 'argocd', 'hub', 'glab', 'stack', 'cabal',
]);

/** Programs whose single-dash `-version` (and `-fullversion`) prints the version: the JVM tools, ffmpeg, terraform. */
const SINGLE_DASH_VERSION = new Set([
  'java', 'javac', 'javap', 'scala', 'scalac', 'kotlin', 'kotlinc', 'groovy', 'groovyc', 'ant',
  'ffmpeg', 'ffprobe', 'ffplay', 'terraform', 'tofu', 'swift', 'swiftc', 'ocaml', 'ocamlc',
]);
const FULL_VERSION = new Set(['java', 'javac']);

/** Other lone flags that only print what the toolchain is: `dotnet --info`, `gcc -dumpversion`, `python3 -VV`. */
const INFO_FLAGS: readonly [names: RegExp, flags: readonly string[]][] = [
  [/^dotnet$/, ['--info', '--list-sdks', '--list-runtimes']],
  [/^(gcc|g\+\+|cc|c\+\+|clang|clang\+\+|gfortran)(-\d+(\.\d+)*)?$/, ['-dumpversion', '-dumpfullversion', '-dumpmachine']],
  [/^(python|python3|python3\.\d+|pypy3?)$/, ['-VV']],
  [/^(rustc|cargo)$/, ['-vV', '-Vv']],
  [/^ghc$/, ['--numeric-version']],
];

/** Whole sub-commands of three words that only print versions: `rustc --version --verbose`, `kubectl version --client`. */
const LONGER_QUERIES = new Set([
  'rustc --version --verbose', 'cargo --version --verbose', 'kubectl version --client', 'kubectl version --client=true',
  'helm version --short', 'oc version --client',
]);

/**
 * `node --version`, `npm -v`, `go version`, `java -version`, `dotnet --info`: the program prints its version
 * and does nothing else.
 * @param words the sub-command as written: the name must be bare (`tsc`, not `./tsc` or `node_modules/.bin/tsc`)
 */
export function isVersionQuery(words: readonly string[]): boolean {
  if (words.length === 3) return LONGER_QUERIES.has(words.join(' '));
  if (words.length !== 2) return false;
  const [written, arg] = words as [string, string];
  if (!/^[A-Za-z0-9][A-Za-z0-9._+-]*$/.test(written)) return false; // a bare name, found on PATH
  const name = written.toLowerCase();
  if (BUILTINS.has(name)) return false;
  if (arg === '--version') return true;
  if (arg === '-version' && SINGLE_DASH_VERSION.has(name)) return true;
  if (arg === '-fullversion' && FULL_VERSION.has(name)) return true;
  if (INFO_FLAGS.some(([names, flags]) => names.test(name) && flags.includes(arg))) return true;
  if (arg === '-V' && CAPITAL_V_PRINTS_VERSION.has(name)) return true;
  if (arg === '-V' || arg === '-v') return !NOT_A_VERSION_FLAG.has(name);
  return arg === 'version' && VERSION_SUBCOMMAND.has(name);
}
