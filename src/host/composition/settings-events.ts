// What the host follows once built: a change of Relay's settings, of the approval mode, the agent, the keys, the
// workspace's folders or its trust. The task on screen takes a changed configuration from its next message (the
// version it was built at is older), and the chat's header shows the new settings.
import * as vscode from 'vscode';
import type { HostServices } from './host-services';
import type { RelayServices } from './host-inputs';

/** The configuration's version: the chat's task is built again, from its next message, when it was built at an older one. */
export class ConfigVersion {
  value = 0;
  bump(): void {
    this.value++;
  }
}

export function followSettings(
  host: Pick<HostServices, 'keys' | 'models' | 'turnModel' | 'agents'>,
  services: Pick<RelayServices, 'approvalMode'>,
  version: ConfigVersion,
  publishSettings: () => Promise<void>,
): vscode.Disposable[] {
  const { models, turnModel, agents } = host;
  return [
    services.approvalMode.onDidChangeMode(() => void publishSettings()),
    host.keys.onDidChange(() => models.keysChanged()),
    turnModel.onDidChange(() => void publishSettings()),
    agents.onDidChange(() => {
      version.bump(); // the task on screen takes the new agent from its next message
      turnModel.agentChanged();
      void publishSettings();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => models.foldersChanged()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('relay')) return;
      version.bump();
      if (e.affectsConfiguration('relay.models')) models.reportModelOverrides();
      void publishSettings();
    }),
    // Trust granted: the next run of the task on screen is offered the write and execute tools again.
    vscode.workspace.onDidGrantWorkspaceTrust(() => version.bump()),
  ];
}
