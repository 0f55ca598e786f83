// The sandbox's boundary, built from settings: where a command may write, what it may not read, which domains it
// may reach. A repository must not be able to weaken its own sandbox, so a workspace value can only add to the deny
// lists; the allow lists and the on/off switch come from the user's settings (or the defaults) alone.
import { CREDENTIAL_STORES } from './credential-stores';

/** `relay.sandbox.*` as one settings layer wrote it; anything missing or malformed is ignored. */
export interface SandboxSettingsLayer {
  enabled?: unknown;
  allowedDomains?: unknown;
  /** Extra writable folders (tool caches a build needs), `~` allowed. */
  allowWrite?: unknown;
  denyRead?: unknown;
  denyWrite?: unknown;
}

export interface SandboxSettings {
  enabled: boolean;
  allowedDomains: readonly string[];
  allowWrite: readonly string[];
  denyRead: readonly string[];
  denyWrite: readonly string[];
}

/** Credentials a command never needs to read (`~` is the home folder): the stores of common tools (credential-stores.ts). */
export const DEFAULT_DENY_READ: readonly string[] = CREDENTIAL_STORES;

/** The registries of common ecosystems: installs and builds work, nothing else is reachable. */
export const DEFAULT_ALLOWED_DOMAINS: readonly string[] = [
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'pypi.org',
  'files.pythonhosted.org',
  'crates.io',
  'static.crates.io',
  'index.crates.io',
  'proxy.golang.org',
  'sum.golang.org',
  'repo.maven.apache.org',
  'repo1.maven.org',
  'plugins.gradle.org',
  'services.gradle.org',
  'rubygems.org',
  'api.nuget.org',
  'pkg.go.dev',
];

/**
 * The download caches an install writes to, which hold packages only (npm, yarn, pnpm, pip, cargo, go modules,
 * gradle and maven artifacts); the user can change the list. Not the whole of `~/.cache`, `~/.npm` or `~/.yarn`:
 * they also hold programs that run later outside the sandbox without an install (pre-commit's hook environments in
 * `~/.cache/pre-commit`, npx's packages in `~/.npm/_npx`, corepack's package managers in `~/.cache/node/corepack`,
 * browsers in `~/.cache/ms-playwright`, go's compiled objects in `~/.cache/go-build`, yarn's global bin folder).
 */
export const DEFAULT_ALLOW_WRITE: readonly string[] = [
  '~/.npm/_cacache',
  '~/.npm/_logs',
  '~/.cache/yarn',
  '~/.yarn/berry/cache',
  '~/.local/share/pnpm/store',
  '~/.cache/pip',
  '~/.cargo/registry',
  '~/go/pkg/mod',
  '~/.gradle/caches/modules-2',
  '~/.m2/repository',
];

/**
 * What the sandbox runtime itself keeps read-only in its working directory (its DANGEROUS_FILES and dangerous
 * directories, sandbox-utils.js). The runtime takes them relative to `process.cwd()`, which in the extension host
 * is not the workspace, so Relay applies them to each writable root itself.
 */
export const RUNTIME_PROTECTED: readonly string[] = [
  '.gitconfig',
  '.gitmodules',
  '.bashrc',
  '.bash_profile',
  '.zshrc',
  '.zprofile',
  '.profile',
  '.ripgreprc',
  '.mcp.json',
  '.vscode',
  '.idea',
  '.claude/commands',
  '.claude/agents',
];

/**
 * Files inside a writable root that make code run later, outside the sandbox (Git hooks and config, editor tasks,
 * direnv, the agent and hook files Relay reads): read-only to a sandboxed command, at each root whether they exist
 * or not (bubblewrap mounts an empty placeholder for a missing one; placeholders.ts removes it afterwards).
 */
export const PROTECTED_IN_ROOT: readonly string[] = [
  '.git/hooks',
  '.git/config',
  '.vscode',
  '.envrc',
  '.relay',
  '.claude/settings.json',
  '.claude/settings.local.json',
  '.github/hooks',
  '.clinerules/hooks',
];

/**
 * Files that run code without the user deciding to run the project (issue 36): on opening the folder or a
 * container (`.devcontainer/`, `.devcontainer.json`), on a git operation (husky's scripts beside its hooks folder,
 * lefthook's and pre-commit's configurations), on `cd` with mise activated (its `[hooks]` and `_.source`), and the
 * hook and MCP files of other agents. Read-only where they exist; a new one is removed after the command
 * (control-audit.ts) rather than given a placeholder in every workspace. The project's own code, scripts and
 * installed packages, which the user runs knowingly, are not here (README: OS sandbox).
 */
export const AUTORUN_PROTECTED: readonly string[] = [
  '.devcontainer',
  '.devcontainer.json',
  '.husky',
  'lefthook.yml',
  'lefthook.yaml',
  'lefthook.json',
  'lefthook.toml',
  '.lefthook.yml',
  '.lefthook.yaml',
  'lefthook-local.yml',
  '.lefthook-local.yml',
  '.lefthook',
  '.pre-commit-config.yaml',
  'mise.toml',
  '.mise.toml',
  'mise.local.toml',
  '.mise.local.toml',
  '.mise',
  '.config/mise',
  '.config/mise.toml',
  '.cursor/hooks.json',
  '.cursor/mcp.json',
  '.gemini/settings.json',
];

/** Names protected by their ending (VS Code's `*.code-workspace`: settings and tasks that run on opening). */
export const PROTECTED_SUFFIXES: readonly string[] = ['.code-workspace'];

/**
 * Every protected name: those above, and the runtime's own list, read-only where they exist, at each root and in
 * the folders a few levels below it (nested-protected.ts). The runtime's names get no placeholder when missing: ten
 * empty files (.bashrc, .mcp.json…) appearing in the workspace during every command would show in the Explorer and
 * in the command's own `git status`, and a new one there runs nothing by itself.
 */
export const PROTECTED_NAMES: readonly string[] = [...new Set([...PROTECTED_IN_ROOT, ...RUNTIME_PROTECTED, ...AUTORUN_PROTECTED])];

export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = {
  enabled: true,
  allowedDomains: DEFAULT_ALLOWED_DOMAINS,
  allowWrite: DEFAULT_ALLOW_WRITE,
  denyRead: DEFAULT_DENY_READ,
  denyWrite: [],
};

/**
 * What is in effect: the user's layer (or the defaults where it says nothing) for every list, with the workspace's
 * additions to `denyRead` and `denyWrite`. A workspace's `enabled: false`, allowed domains and writable folders
 * are ignored, and it cannot remove a default entry.
 */
export function effectiveSandboxSettings(user: SandboxSettingsLayer | undefined, workspace: SandboxSettingsLayer | undefined): SandboxSettings {
  const base = DEFAULT_SANDBOX_SETTINGS;
  const own = user ?? {};
  const enabled = typeof own.enabled === 'boolean' ? own.enabled : base.enabled;
  return {
    enabled,
    allowedDomains: stringList(own.allowedDomains) ?? base.allowedDomains,
    allowWrite: stringList(own.allowWrite) ?? base.allowWrite,
    denyRead: union(stringList(own.denyRead) ?? base.denyRead, stringList(workspace?.denyRead) ?? []),
    denyWrite: union(stringList(own.denyWrite) ?? base.denyWrite, stringList(workspace?.denyWrite) ?? []),
  };
}

/** The boundary of one command, with every path absolute. */
export interface SandboxBoundary {
  allowWrite: string[];
  denyWrite: string[];
  denyRead: string[];
  allowedDomains: string[];
}

export interface BoundaryInputs {
  settings: SandboxSettings;
  /** The task's workspace folders (or its worktree). */
  writableRoots: readonly string[];
  homeDir: string;
  tempDir: string;
  /** Domains the user allowed for web_fetch (allow rules), added to the network allow list. */
  webFetchDomains?: readonly string[];
  /** Protected files found in folders below the roots (absolute), read-only like those at each root. */
  nestedProtected?: readonly string[];
}

export function boundaryFor(inputs: BoundaryInputs): SandboxBoundary {
  const home = (p: string) => expandHome(p, inputs.homeDir);
  const roots = inputs.writableRoots.map(trimSlash);
  return {
    allowWrite: union([...roots, trimSlash(inputs.tempDir)], inputs.settings.allowWrite.map(home)),
    denyWrite: union(
      roots.flatMap((root) => PROTECTED_IN_ROOT.map((rel) => `${root}/${rel}`)),
      [...inputs.settings.denyWrite.flatMap((p) => absoluteIn(home(p), roots)), ...(inputs.nestedProtected ?? [])],
    ),
    denyRead: union(inputs.settings.denyRead.flatMap((p) => absoluteIn(home(p), roots)), []),
    allowedDomains: union(inputs.settings.allowedDomains, (inputs.webFetchDomains ?? []).filter(isSandboxDomain)),
  };
}

/**
 * The boundary with protected files found below its roots added, read-only: the same as building it with
 * `nestedProtected` (for a command whose writable folders had to be known before the files could be looked for).
 */
export function withNestedProtected(boundary: SandboxBoundary, nested: readonly string[]): SandboxBoundary {
  return nested.length === 0 ? boundary : { ...boundary, denyWrite: union(boundary.denyWrite, nested) };
}

/** A domain pattern the proxy takes: `host`, `*.host`, optional `:port`; not a bare `*`, which would open everything. */
export function isSandboxDomain(pattern: string): boolean {
  const p = pattern.trim();
  if (p === '' || p === '*' || /\s|\//.test(p)) return false;
  const host = p.startsWith('*.') ? p.slice(2) : p;
  return !host.includes('*');
}

export function expandHome(path: string, homeDir: string): string {
  if (path === '~') return trimSlash(homeDir);
  if (path.startsWith('~/')) return `${trimSlash(homeDir)}/${path.slice(2)}`;
  return path;
}

/** A relative entry (a workspace's `secrets/`) is taken in every writable root. */
function absoluteIn(path: string, roots: readonly string[]): string[] {
  if (path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path)) return [trimSlash(path)];
  return roots.map((root) => `${root}/${trimSlash(path.replace(/^\.\//, ''))}`);
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
}

function union(first: readonly string[], second: readonly string[]): string[] {
  return [...new Set([...first, ...second])];
}
