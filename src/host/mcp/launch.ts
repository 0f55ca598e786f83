// From a configured server to what the client starts: variables resolved (inputs asked once and kept in
// SecretStorage), the env file read and merged, the working directory defaulted to the workspace folder.
import { l10n } from '../../core/l10n';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, resolve, sep } from 'node:path';
import * as vscode from 'vscode';
import type { McpServerConfig, McpTransportConfig } from '../../core/mcp/config';
import { describeLaunch, parseEnvFile, resolveTransport, type VariableContext } from '../../core/mcp/variables';
import type { InputAsker } from './inputs';

export { McpInputs, type InputAsker } from './inputs';

export const askInputWithVsCode: InputAsker = async (definition) => {
  if (definition.type === 'pickString' && definition.options?.length) {
    return vscode.window.showQuickPick(definition.options, { title: definition.description ?? definition.id, ignoreFocusOut: true });
  }
  return vscode.window.showInputBox({
    title: l10n.t('MCP server input: {0}', definition.id),
    prompt: definition.description ?? l10n.t('Value for {0}', `\${input:${definition.id}}`),
    password: definition.password ?? false,
    value: definition.default ?? '',
    ignoreFocusOut: true,
  });
};

export interface Launch {
  transport: McpTransportConfig;
  env?: NodeJS.ProcessEnv;
}

export function workspaceFolderFor(server: McpServerConfig): string | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (server.origin === 'workspace' && isAbsolute(server.source)) {
    const owner = folders.find((f) => server.source.startsWith(f.uri.fsPath + sep));
    if (owner) return owner.uri.fsPath;
  }
  return folders[0]?.uri.fsPath;
}

function variables(server: McpServerConfig, inputs: Record<string, string>): VariableContext {
  const workspaceFolder = workspaceFolderFor(server);
  return { ...(workspaceFolder ? { workspaceFolder } : {}), userHome: homedir(), env: process.env, pathSeparator: sep, inputs };
}

/** The command line or URL the user confirms: variables resolved, `${input:…}` (maybe secrets) left as written. */
export function launchForConfirmation(server: McpServerConfig): string {
  try {
    return describeLaunch(resolveTransport(server, variables(server, {}), { keepInputs: true }));
  } catch {
    return describeLaunch(server.transport);
  }
}

export async function prepareLaunch(server: McpServerConfig, inputs: Record<string, string>): Promise<Launch> {
  const workspaceFolder = workspaceFolderFor(server);
  const transport = resolveTransport(server, variables(server, inputs));
  if (transport.type !== 'stdio') return { transport };
  const base = transport.cwd ?? workspaceFolder ?? (isAbsolute(server.source) ? dirname(server.source) : homedir());
  const cwd = isAbsolute(base) ? base : resolve(workspaceFolder ?? homedir(), base);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (transport.envFile) {
    const file = isAbsolute(transport.envFile) ? transport.envFile : resolve(cwd, transport.envFile);
    Object.assign(env, parseEnvFile(await readFile(file, 'utf8')));
  }
  for (const [key, value] of Object.entries(transport.env)) {
    if (value === null) delete env[key];
    else env[key] = value;
  }
  return { transport: { ...transport, cwd }, env };
}
