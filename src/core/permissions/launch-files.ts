// Queries that only print, unless the workspace tells the tool to run something first (issue 25). Some tools
// read configuration from the project before they print anything, and that configuration can name a program:
// `yarn --version` runs the file named by `yarnPath` in `.yarnrc.yml`, `mvn -v` starts Java with the options in
// `.mvn/jvm.config` (`-javaagent:evil.jar`), `cargo --version` runs the toolchain a `rust-toolchain.toml` points
// at. A cloned repository could so make a read-only query run its code. Such a query stays read-only only
// while none of these files exists in its directory or the directories above it (the tools search upwards);
// otherwise it is judged like any other command. The user's own home directory is left out: its files are the
// user's choice, not the repository's.
//
// Looked at and left read-only: `npm config get` and `npm --version` (no `.npmrc` key runs code on a query),
// `go version`/`go env` (a `toolchain` line makes Go download only an official, checksum-verified release),
// `node`/`python`/`java` version queries (version files select an installed or official release, no code
// from the repository), `dotnet --list-sdks`/`--list-runtimes` (the host lists, no SDK runs). `dotnet --info` and
// `--version` do run the SDK that `global.json` selects, and since .NET 10 its `sdk.paths` can name a folder in
// the repository.
import { l10n, type Marked, type Said } from '../l10n';
import type { CommandFacts } from './command-facts';
import { joinPath, normalizePath, parentPath, samePath, type PathStyle } from './paths';
import type { FileSystemFacts } from './types';

interface LaunchFile {
  /** Relative to the directory searched, with `/`. */
  file: string;
  /** Continues "because …"; `{0}` is the file's path as found. */
  does: Marked;
}

interface LaunchHook {
  programs: readonly string[];
  /** Which of the program's read-only forms load the files (all of them when absent). */
  appliesTo?: (argv: readonly string[]) => boolean;
  files: readonly LaunchFile[];
}

const RUSTUP_TOOLCHAIN = l10n.mark('rustup runs the toolchain named in {0}, which can be a folder in the workspace or a download');
const rustFiles: LaunchFile[] = [
  { file: 'rust-toolchain.toml', does: RUSTUP_TOOLCHAIN },
  { file: 'rust-toolchain', does: RUSTUP_TOOLCHAIN },
];

const HOOKS: readonly LaunchHook[] = [
  {
    programs: ['yarn', 'yarnpkg'],
    files: [
      { file: '.yarnrc.yml', does: l10n.mark('yarn runs the program named by yarnPath in {0} and loads the plugins it lists') },
      { file: '.yarnrc', does: l10n.mark('yarn runs the program named by yarn-path in {0}') },
    ],
  },
  {
    programs: ['mvn', 'mvnd'],
    files: [
      { file: '.mvn/jvm.config', does: l10n.mark('Maven starts Java with the options in {0}, where -javaagent runs a program') },
      { file: '.mvn/maven.config', does: l10n.mark('Maven takes options from {0}, which can load extensions and write files') },
      { file: '.mvn/extensions.xml', does: l10n.mark('Maven loads the extensions listed in {0}') },
    ],
  },
  {
    programs: ['gradle'],
    files: [{ file: 'gradle.properties', does: l10n.mark('Gradle can start Java with the options and the Java home set in {0}') }],
  },
  { programs: ['cargo', 'rustc', 'rustdoc', 'rustfmt', 'cargo-clippy', 'clippy-driver'], files: rustFiles },
  // `rustup --version` also asks the active toolchain's rustc; `rustup toolchain list` runs none.
  { programs: ['rustup'], appliesTo: (argv) => argv.length === 2, files: rustFiles },
  {
    programs: ['bazel', 'bazelisk'],
    files: [
      { file: '.bazelversion', does: l10n.mark('Bazelisk downloads and runs the Bazel named in {0}, which can be any fork') },
      { file: '.bazeliskrc', does: l10n.mark('Bazelisk downloads Bazel from the address set in {0}') },
    ],
  },
  {
    programs: ['dotnet'],
    appliesTo: (argv) => argv.includes('--info') || argv.includes('--version'),
    files: [{ file: 'global.json', does: l10n.mark('the .NET host runs the SDK that {0} selects, which its sdk.paths can place in the workspace') }],
  },
  {
    programs: ['sbt'],
    files: [
      { file: '.jvmopts', does: l10n.mark('sbt starts Java with the options in {0}') },
      { file: '.sbtopts', does: l10n.mark('sbt takes options from {0}, which can pass options to Java') },
      { file: 'project/build.properties', does: l10n.mark('sbt downloads and starts the sbt version named in {0}') },
    ],
  },
];

/** Directories above the working directory searched at most (a deep tree stops being the repository's). */
const MAX_LEVELS = 32;

/** The hook for a sub-command's program, when its queries can load code named by workspace files. */
function hookFor(argv: readonly string[]): LaunchHook | undefined {
  const hook = HOOKS.find((h) => h.programs.includes(argv[0] ?? ''));
  return hook && (hook.appliesTo?.(argv) ?? true) ? hook : undefined;
}

/** Whether a file exists there; without the host's probe, a path that resolves counts (asking is the safe side). */
async function exists(path: string, facts: FileSystemFacts): Promise<boolean> {
  if (facts.fileExists) return facts.fileExists(path);
  return (await facts.realpath(path)) !== undefined;
}

/**
 * The first workspace file that makes this query load code, searching the sub-command's directory and those
 * above it, or undefined when there is none (or the program reads no such file).
 * @returns the file's path and the reason, which continues "because …"
 */
export async function launchFileOf(facts: CommandFacts, fs: FileSystemFacts, style: PathStyle): Promise<{ path: string; does: Said } | undefined> {
  const hook = hookFor(facts.argv);
  if (!hook) return undefined;
  const home = normalizePath(fs.homeDir, style);
  let dir = normalizePath(facts.cwd, style);
  for (let level = 0; level < MAX_LEVELS; level++) {
    if (!samePath(dir, home, fs.caseInsensitive)) {
      for (const { file, does } of hook.files) {
        const path = joinPath(dir, file, style);
        if (await exists(path, fs)) return { path, does: l10n.marked(does, path) };
      }
    }
    const parent = parentPath(dir, style);
    if (parent === dir || parent === '.') break;
    dir = parent;
  }
  return undefined;
}
