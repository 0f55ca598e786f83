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

/** Tool caches a build writes to (npm, yarn, pip, cargo, go, gradle, maven); the user can change the list. */
export const DEFAULT_ALLOW_WRITE: readonly string[] = ['~/.npm', '~/.cache', '~/.cargo/registry', '~/go/pkg/mod', '~/.gradle/caches', '~/.m2/repository', '~/.yarn'];

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
 * Every protected name: those above, and the runtime's own list, read-only where they exist, at each root and in
 * the folders a few levels below it (nested-protected.ts). The runtime's names get no placeholder when missing: ten
 * empty files (.bashrc, .mcp.json…) appearing in the workspace during every command would show in the Explorer and
 * in the command's own `git status`, and a new one there runs nothing by itself.
 */
export const PROTECTED_NAMES: readonly string[] = [...new Set([...PROTECTED_IN_ROOT, ...RUNTIME_PROTECTED])];

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
