// The OS sandbox on VS Code: `relay.sandbox.*` read in layers (a workspace only adds to the deny lists), VS Code's
// own ripgrep, the runtime bundle beside the extension's, and which commands the process manager runs in it.
import { homedir, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { TaskProcesses } from '../../core/ports/processes';
import { effectiveSandboxSettings, type SandboxSettings, type SandboxSettingsLayer } from '../../core/sandbox/boundary';
import { findRipgrep } from '../file-search/ripgrep-locator';
import { settingLayers } from '../settings/workspace-layers';
import { RuntimeSandbox, type SandboxManagerApi } from './runtime-sandbox';
import { CommandSandboxing } from './command-sandboxing';
import { PlaceholderJournal } from './placeholders';
import { shownPath } from '../platform/shown-path';
import { workspaceCreatedGitEntries } from './workspace-created-paths';

const KEYS = ['enabled', 'allowedDomains', 'allowWrite', 'denyRead', 'denyWrite'] as const;

/** `relay.sandbox.*` in effect: the user's values (or the defaults) with the workspace's additions to the deny lists. */
export function readSandboxSettings(): SandboxSettings {
  const user: Record<string, unknown> = {};
  const workspace: Record<string, unknown> = {};
  for (const key of KEYS) {
    const layers = settingLayers<unknown>(`relay.sandbox.${key}`);
    if (layers.user !== undefined) user[key] = layers.user;
    if (layers.workspace) workspace[key] = layers.workspace.value;
  }
  return effectiveSandboxSettings(user as SandboxSettingsLayer, workspace as SandboxSettingsLayer);
}

/**
 * A list only the user's own settings set (machine scope in package.json; a workspace's or folder's value, which
 * VS Code would drop anyway, is never read): the credential variables and secret files a sandboxed command gets.
 */
export function userOnlyList(key: string): string[] {
  const value = vscode.workspace.getConfiguration().inspect<unknown>(key)?.globalValue;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
}

export interface SandboxHostOptions {
  /** The extension's folder: dist/sandbox.mjs and dist/vendor are there. */
  extensionPath: string;
  webFetchDomains?: () => readonly string[];
  processes?: Pick<TaskProcesses, 'servesLoopbackPort'>;
  log: vscode.LogOutputChannel;
  /** Where the mount points sandboxed commands may leave are recorded, for the cleanup after a crash. */
  placeholderDir?: string;
  /** VS Code's global storage of every extension (`<user data>/User/globalStorage`): unreadable to commands. */
  vscodeGlobalStorage?: string;
}

export interface SandboxHost {
  sandbox: RuntimeSandbox;
  /** Which commands run sandboxed (for the process manager) and how a call will run (for the approval). */
  commands: CommandSandboxing;
}

export function createSandboxHost(options: SandboxHostOptions): SandboxHost {
  const bundle = join(options.extensionPath, 'dist', 'sandbox.mjs');
  const sandbox = new RuntimeSandbox({
    load: async () => ((await import(pathToFileURL(bundle).href)) as { SandboxManager: SandboxManagerApi }).SandboxManager,
    settings: readSandboxSettings,
    // Tests point the sandbox at a fake home folder; people never set this.
    homeDir: process.env.RELAY_SANDBOX_HOME || homedir(),
    tempDir: tmpdir(),
    ripgrepPath: findRipgrep(vscode.env.appRoot),
    webFetchDomains: options.webFetchDomains,
    allowCredentialVariables: () => userOnlyList('relay.sandbox.allowCredentialVariables'),
    allowSecretFiles: () => userOnlyList('relay.sandbox.allowSecretFiles'),
    ...(options.vscodeGlobalStorage ? { unreadable: [options.vscodeGlobalStorage] } : {}),
    processes: options.processes,
    log: (m) => options.log.info(m),
    ...(options.placeholderDir ? { placeholders: new PlaceholderJournal(options.placeholderDir) } : {}),
    createdPaths: workspaceCreatedGitEntries,
    onSetAside: (found) => {
      for (const f of found) {
        const message = vscode.l10n.t(
          'Relay set aside {0}, a git repository a sandboxed command made or changed in a folder no repository holds: VS Code would run its configuration when a file below it is opened. It is now {1}; rename it back if it is yours.',
          shownPath(f.path),
          basename(f.movedTo),
        );
        options.log.warn(message);
        void vscode.window.showWarningMessage(message);
      }
    },
  });
  const commands = new CommandSandboxing({
    sandbox,
    enabled: () => readSandboxSettings().enabled,
    onUnavailable: (reason) => {
      options.log.warn(reason);
      void vscode.window.showWarningMessage(reason);
    },
  });
  return { sandbox, commands };
}
