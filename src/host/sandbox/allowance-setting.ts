// "Always allow in the sandbox": a domain or folder the sandboxed run needed goes into the user's
// `relay.sandbox.allowedDomains` / `relay.sandbox.allowWrite` (never the workspace's: a repository cannot widen
// its own sandbox), on top of what is in effect there now (the defaults when the user never set the list).
import * as vscode from 'vscode';
import { DEFAULT_ALLOW_WRITE, DEFAULT_ALLOWED_DOMAINS } from '../../core/sandbox/boundary';
import type { SandboxAllowance } from '../../core/sandbox/allowance';

export async function addToSandbox(allowance: SandboxAllowance): Promise<void> {
  const config = vscode.workspace.getConfiguration('relay.sandbox');
  const add = async (key: string, values: readonly string[], defaults: readonly string[]) => {
    if (values.length === 0) return;
    const set = config.inspect<unknown>(key)?.globalValue;
    const current = Array.isArray(set) ? set.filter((v): v is string => typeof v === 'string') : defaults;
    await config.update(key, [...new Set([...current, ...values])], vscode.ConfigurationTarget.Global);
  };
  await add('allowedDomains', allowance.domains, DEFAULT_ALLOWED_DOMAINS);
  await add('allowWrite', allowance.writePaths, DEFAULT_ALLOW_WRITE);
}
