// Whether run_command's commands run in the OS sandbox, for the agent's environment section: off when the user
// switched it off, unavailable when this machine cannot (once the runtime has said so), else on with the domains
// its network reaches.
import type { CommandSandboxState } from '../../core/agent/system-prompt';
import type { SandboxHost } from './index';
import { readSandboxSettings } from './index';

export function commandSandboxState(host: SandboxHost | undefined): CommandSandboxState {
  if (!host) return { state: 'unavailable' };
  const settings = readSandboxSettings();
  if (!settings.enabled) return { state: 'off' };
  const reason = host.sandbox.unavailableReason;
  if (reason !== undefined) return { state: 'unavailable', reason };
  return { state: 'on', allowedDomains: settings.allowedDomains };
}
