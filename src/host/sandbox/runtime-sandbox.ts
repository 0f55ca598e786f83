// The CommandSandbox on @anthropic-ai/sandbox-runtime: bubblewrap on Linux, sandbox-exec on macOS, and a filtering
// proxy on the host for the network. The runtime is one per process (its proxy serves every sandboxed command); each
// command gets its own filesystem boundary (the task's writable roots). Loopback is reachable only through the
// proxy, and only to a port a running task's own server listens on. No `vscode` import: plain Node runs it (bench).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { SandboxManager } from '@anthropic-ai/sandbox-runtime';
import { l10n } from '../../core/l10n';
import type { CommandSandbox, SandboxScope, SandboxViolation, WrappedCommand } from '../../core/ports/command-sandbox';
import type { TaskProcesses } from '../../core/ports/processes';
import { boundaryFor, withNestedProtected, type SandboxBoundary, type SandboxSettings } from '../../core/sandbox/boundary';
import { mergeViolations, parseOutputViolations, parseRuntimeLine, within } from '../../core/sandbox/violations';
import { sandboxEnvironment } from '../../core/sandbox/credential-variables';
import { withUnreadable } from '../../core/sandbox/secret-files';
import { secretFilesIn } from './secret-file-scan';
import { withoutRelaySecrets } from '../platform/environment';
import { afterBridges } from './bridge-wait';
import { readDenyPresent } from './deny-read-present';
import { auditControl, snapshotControl, watchControl, type ControlSnapshot, type CreatedPaths, type RestoredEntry } from './control-audit';
import { CommondirPins } from './commondir-pins';
import { ModuleSweeps, type SetAside } from './module-sweep';
import { GitConfigReader, scanGitControl } from './git-control-scan';
import { GitConfigMasker, type GitConfigMasks } from './git-config-mask';
import { inRepositoryAbove, scanBelow, scanRoots } from './nested-protected';
import { missingMountPoints, type PlaceholderJournal } from './placeholders';

/** Which RuntimeSandbox initialized each runtime module (its SandboxManager is a module-wide singleton). */
const OWNERS = new WeakMap<object, RuntimeSandbox>();

/** The part of the runtime's SandboxManager this adapter uses (the package is loaded on first use). */
export type SandboxManagerApi = typeof SandboxManager;

export interface RuntimeSandboxOptions {
  /** Loads the runtime: dist/sandbox.mjs in the extension, the package itself in benches. */
  load: () => Promise<SandboxManagerApi>;
  settings: () => SandboxSettings;
  homeDir: string;
  tempDir: string;
  /** ripgrep, which the runtime needs on Linux: VS Code's own copy. */
  ripgrepPath?: string;
  /** Domains the user allowed for web_fetch. */
  webFetchDomains?: () => readonly string[];
  /** Credential variables the user lets sandboxed commands receive (`relay.sandbox.allowCredentialVariables`). */
  allowCredentialVariables?: () => readonly string[];
  /** Workspace secret files the user lets sandboxed commands read (`relay.sandbox.allowSecretFiles`, globs). */
  allowSecretFiles?: () => readonly string[];
  /** More folders no command may read, found by the host (VS Code's global storage, wherever its user data is). */
  unreadable?: readonly string[];
  /** The task's running servers, for loopback; without it no loopback port is reachable. */
  processes?: Pick<TaskProcesses, 'servesLoopbackPort'>;
  platform?: NodeJS.Platform;
  /** The shell the wrapped command line runs in. */
  shell?: string;
  log?: (message: string) => void;
  /** Where the mount points a command may leave in the workspace are recorded, for a crash's cleanup. */
  placeholders?: PlaceholderJournal;
  /** `.git` entries created in the workspace while a command runs (VS Code's file watcher): set aside at once. */
  createdPaths?: CreatedPaths;
  /** Told of each `.git` the sweep of `node_modules` after a command set aside (module-sweep.ts). */
  onSetAside?: (found: readonly SetAside[]) => void;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export class RuntimeSandbox implements CommandSandbox {
  private manager: SandboxManagerApi | undefined;
  private starting: Promise<void> | undefined;
  private state: { available: boolean; reason?: string } | undefined;
  private networkKey = '';
  private running = 0;
  private sequence = 0;
  /** Tasks with a sandboxed command running now: the proxy lets them reach their own servers. */
  private readonly activeTasks = new Map<string, number>();
  /** The mount points bubblewrap may make for each running command: not the command's doing, for the audit. */
  private readonly mountPoints = new Map<string, readonly string[]>();
  private readonly gitConfig = new GitConfigReader();
  /** `commondir` pins in the git directories that have none (commondir-pins.ts). */
  private readonly pins = new CommondirPins();
  /** The last control-data snapshot: the bytes of files unchanged since are not read again (control-audit.ts). */
  private lastSnapshot: ControlSnapshot | undefined;
  /** The user's git configuration with its tokens masked (git-config-mask.ts). */
  private readonly userGitConfig: GitConfigMasker;
  /** The sweeps of `node_modules` no repository holds, after each command (module-sweep.ts). */
  private readonly sweeps: ModuleSweeps;

  constructor(private readonly options: RuntimeSandboxOptions) {
    this.userGitConfig = new GitConfigMasker(options.homeDir);
    this.sweeps = new ModuleSweeps((found) => {
      this.options.log?.(`Set aside after a sandboxed command: ${found.map((f) => `${f.path} (now ${f.movedTo})`).join(', ')}`);
      this.options.onSetAside?.(found);
    });
  }

  /** Resolves when the sweeps after the commands that ended so far are done (tests). */
  settled(): Promise<void> {
    return this.sweeps.settled();
  }

  /** Known once `prepare()` resolved; false until then. */
  get available(): boolean {
    return this.state?.available ?? false;
  }

  get unavailableReason(): string | undefined {
    return this.state?.reason;
  }

  /** Checks the platform and starts the runtime (its proxy) once; resolves with whether commands can be sandboxed. */
  async prepare(): Promise<boolean> {
    this.starting ??= this.start().catch((error: unknown) => {
      this.state = { available: false, reason: unavailable(error instanceof Error ? error.message : String(error)) };
    });
    await this.starting;
    return this.available;
  }

  private async start(): Promise<void> {
    const platform = this.options.platform ?? process.platform;
    if (platform === 'win32') {
      this.state = { available: false, reason: l10n.t('Commands are not sandboxed on Windows. Open the folder in WSL (Remote - WSL) to run them in a sandbox.') };
      return;
    }
    if (platform !== 'linux' && platform !== 'darwin') {
      this.state = { available: false, reason: l10n.t('Commands cannot be sandboxed on this platform ({0}).', platform) };
      return;
    }
    if (platform === 'linux') {
      const probe = await probeBubblewrap();
      if (probe) {
        this.state = { available: false, reason: probe };
        return;
      }
    }
    const manager = await this.options.load();
    const ripgrep = this.options.ripgrepPath ? { command: this.options.ripgrepPath } : undefined;
    const deps = manager.checkDependencies(ripgrep);
    if (deps.errors.length > 0) {
      this.state = { available: false, reason: unavailable(deps.errors.join('; ')) };
      return;
    }
    // The runtime is one module-wide instance: a second initialize keeps the first caller's allow list and loopback
    // check without a word, so a second RuntimeSandbox on the same module is refused rather than half configured.
    const owner = OWNERS.get(manager);
    if (owner && owner !== this) throw new Error('The sandbox runtime is already initialized by another RuntimeSandbox; load a module of its own for this one.');
    OWNERS.set(manager, this);
    const config = this.runtimeConfig(this.boundary({ cwd: this.options.tempDir, writableRoots: [] }));
    await manager.initialize(config, async ({ host, port }) => this.allowsLoopback(host, port ?? 0));
    this.manager = manager;
    this.networkKey = config.network.allowedDomains.join('\n');
    this.state = { available: true };
  }

  async wrap(command: string, env: Record<string, string>, scope: SandboxScope): Promise<WrappedCommand> {
    if (!(await this.prepare()) || !this.manager) throw new Error(this.unavailableReason ?? 'The sandbox is not available.');
    const manager = this.manager;
    // The protected files below the folders this command may write, found now (the runtime's own scan looks in
    // process.cwd(), not the workspace, and is switched off in the bundle: nested-protected.ts).
    // The boundary is built once; the files found are added to it.
    const plain = this.boundary(scope);
    const roots = scanRoots(scope.writableRoots, plain.allowWrite, [scope.cwd, process.cwd()]);
    // And the workspace's secret files (`.env`, keys…) below the same folders, unreadable (secret-file-scan.ts).
    // And the user's git configuration: its tokens masked, or the file unreadable (git-config-mask.ts).
    const [scan, secrets, userGit] = await Promise.all([scanBelow(roots), secretFilesIn(roots, this.options.allowSecretFiles?.() ?? []), this.userGitConfig.masks()]);
    // Git's control data (every git directory's, pointer files, hooks folders): read-only, and audited afterwards.
    const writable = (p: string) => plain.allowWrite.some((root) => within(p, root));
    const control = await scanGitControl(scan.gitEntries, { writable, config: this.gitConfig });
    // Each writable git directory without a `commondir` gets Relay's (itself; read-only inside): one the command
    // wrote would send the next git outside the sandbox elsewhere before any removal could come. Made before the
    // snapshot, so the audit sees it as there all along.
    const pins = this.pins.acquire(control.gitDirs.filter(writable));
    const readOnly = [...new Set([...scan.protected, ...control.readOnly, ...pins])];
    const boundary = withUnreadable(withNestedProtected(plain, readOnly), [...(this.options.unreadable ?? []), ...secrets, ...userGit.unreadable]);
    const config = this.runtimeConfig(boundary);
    const key = config.network.allowedDomains.join('\n');
    if (key !== this.networkKey) {
      // The proxy is shared: the allow list comes from the user's settings, the same for every task.
      manager.updateConfig(config);
      this.networkKey = key;
    }
    const commandId = `relay-${process.pid}-${++this.sequence}`;
    // Written down before the command can make them: a crash from here on leaves the journal to clean up from.
    const mountPoints = missingMountPoints(boundary.denyWrite);
    this.options.placeholders?.record(mountPoints);
    // On Linux the runtime starts its proxy bridges in the background: the command waits until they listen.
    const linux = (this.options.platform ?? process.platform) === 'linux';
    const inner = linux ? afterBridges(command) : command;
    // The snapshot of git's control data the audit compares with afterwards (a few dozen small reads, synchronous).
    // What is bound read-only is told to it: a change there cannot be the command's, and is not put back.
    const snapshot = snapshotControl(control, roots, scan.protected, this.lastSnapshot, undefined, readOnly);
    const started = snapshot.takenAt;
    // The folders no repository holds, for the sweep of their node_modules after the command (module-sweep.ts).
    const unowned = roots.filter((root) => !scan.gitEntries.includes(join(root, '.git')) && !inRepositoryAbove(root));
    const wrapped = await manager.wrapWithSandbox(inner, this.options.shell, { filesystem: config.filesystem, ...maskedFiles(userGit) }, undefined, { commandId, commandText: command });
    this.lastSnapshot = snapshot;
    this.running++;
    this.mountPoints.set(commandId, mountPoints);
    let audited: SandboxViolation[] | undefined;
    const removedEarly: RestoredEntry[] = [];
    const unwatch = watchControl(snapshot, (p) => this.isMountPoint(p), (entry) => removedEarly.push(entry), this.options.createdPaths);
    const audit = (): SandboxViolation[] => {
      if (audited) return audited;
      unwatch();
      audited = [...removedEarly, ...auditControl(snapshot, (p) => this.isMountPoint(p))].map(restoredViolation);
      // Off the command's path: the card is not held for it.
      this.sweeps.after(unowned, started);
      if (audited.length > 0) this.options.log?.(`Put back after a sandboxed command: ${audited.map((v) => `${v.target} (${v.detail})`).join(', ')}`);
      return audited;
    };
    if (scope.taskId) this.activeTasks.set(scope.taskId, (this.activeTasks.get(scope.taskId) ?? 0) + 1);
    let disposed = false;
    return {
      // The line runs in `/bin/sh -c` (the spawner, an MCP server's launch): `exec` makes that shell bubblewrap
      // itself rather than a parent waiting for it (one process fewer; the same pid, process group and pipes). The
      // runtime keeps its line a simple command so that a prefix composes.
      command: linux ? `exec ${wrapped}` : wrapped,
      // Relay's own keys never; other credentials only where the user named them (credential-variables.ts).
      env: sandboxEnvironment(withoutRelaySecrets(env), this.options.allowCredentialVariables?.() ?? []).env,
      violations: (output?: string): readonly SandboxViolation[] => {
        const reported = manager
          .getSandboxViolationStore()
          .getViolationsForCommand(commandId)
          .map((v) => parseRuntimeLine(v.line))
          .filter((v): v is SandboxViolation => v !== undefined);
        return mergeViolations(audit(), reported, output ? parseOutputViolations(output, boundary, scope.cwd) : []);
      },
      started: (pid: number) => this.options.placeholders?.started(pid),
      dispose: () => {
        if (disposed) return;
        disposed = true;
        audit(); // ended without anyone asking what it was refused: its changes are put back all the same
        this.mountPoints.delete(commandId);
        if (scope.taskId) {
          const left = (this.activeTasks.get(scope.taskId) ?? 1) - 1;
          if (left > 0) this.activeTasks.set(scope.taskId, left);
          else this.activeTasks.delete(scope.taskId);
        }
        // The runtime counts its wraps and removes its mount points with the last one released (each release counts).
        manager.cleanupAfterCommand();
        if (--this.running === 0) {
          const removed = this.options.placeholders?.release() ?? [];
          if (removed.length > 0) this.options.log?.(`Removed sandbox mount points the runtime left: ${removed.join(', ')}`);
        }
      },
    };
  }

  private isMountPoint(path: string): boolean {
    for (const paths of this.mountPoints.values()) if (paths.includes(path)) return true;
    return false;
  }

  /** The boundary a command in this scope runs in (also what the card's "Run outside the sandbox…" shows). */
  boundary(scope: SandboxScope, nested: readonly string[] = []): SandboxBoundary {
    return boundaryFor({
      settings: this.options.settings(),
      writableRoots: scope.writableRoots,
      homeDir: this.options.homeDir,
      tempDir: this.options.tempDir,
      webFetchDomains: this.options.webFetchDomains?.() ?? [],
      nestedProtected: nested,
    });
  }

  async dispose(): Promise<void> {
    this.pins.dispose();
    if (this.manager) {
      await this.manager.reset();
      OWNERS.delete(this.manager);
    }
    this.manager = undefined;
  }

  private runtimeConfig(boundary: SandboxBoundary) {
    return {
      network: { allowedDomains: boundary.allowedDomains, deniedDomains: [] as string[] },
      filesystem: { denyRead: readDenyPresent(boundary.denyRead, boundary.allowWrite), allowWrite: boundary.allowWrite, denyWrite: boundary.denyWrite },
      ...(this.options.ripgrepPath ? { ripgrep: { command: this.options.ripgrepPath } } : {}),
    };
  }

  /** Asked by the proxy for a host no rule allows: only loopback, to a server a task with a running command started. */
  private allowsLoopback(host: string, port: number): boolean {
    if (!LOOPBACK.has(host.toLowerCase()) || !this.options.processes) return false;
    for (const taskId of this.activeTasks.keys()) if (this.options.processes.servesLoopbackPort(taskId, port)) return true;
    return false;
  }
}

/**
 * The runtime's credential masking for the user's git configuration: it binds a copy with group 1 of each match
 * replaced over the file, read-only. No host is given the real value back (`injectHosts: []`: the runtime's proxy
 * would otherwise put it back into requests to the allowed domains), and a copy in which the pattern finds nothing
 * (the file changed since it was read) is withheld rather than given whole. On macOS the runtime withholds it.
 */
function maskedFiles(masks: GitConfigMasks): { credentials?: { files: { path: string; mode: 'mask'; extract: string; onExtractNoMatch: 'deny'; injectHosts: string[] }[] } } {
  if (masks.masked.length === 0) return {};
  return { credentials: { files: masks.masked.map((m) => ({ path: m.path, mode: 'mask' as const, extract: m.extract, onExtractNoMatch: 'deny' as const, injectHosts: [] })) } };
}

function restoredViolation(entry: RestoredEntry): SandboxViolation {
  return { kind: 'restored', target: entry.path, detail: entry.change, putBack: entry.restored };
}

function unavailable(detail: string): string {
  return l10n.t('Commands run without the sandbox: {0}. Install bubblewrap and socat (Debian/Ubuntu: sudo apt install bubblewrap socat) and allow unprivileged user namespaces, then reload the window.', detail);
}

/** Whether bubblewrap can make a sandbox here (installed, and user namespaces allowed); the reason when not. */
function probeBubblewrap(): Promise<string | undefined> {
  return new Promise((resolve) => {
    let stderr = '';
    const child = spawn('bwrap', ['--ro-bind', '/', '/', '--dev', '/dev', '--unshare-user', '--unshare-net', '--', 'true'], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', () => resolve(unavailable(l10n.t('bubblewrap (bwrap) is not installed'))));
    child.on('close', (code) => resolve(code === 0 ? undefined : unavailable(l10n.t('bubblewrap cannot create a sandbox ({0})', stderr.trim() || `exit ${code}`))));
  });
}
