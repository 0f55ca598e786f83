// Workspace-defined servers run code from the repository: they start only in a trusted workspace, and only
// after the user confirmed that exact configuration once (a native modal with the command line or URL).
import { isAbsolute } from 'node:path';
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { shownPath } from '../platform/shown-path';
import { type McpServerConfig, serverFingerprint } from '../../core/mcp/config';
import { launchForConfirmation } from './launch';
import { askUnasked, fileLook } from '../dialogs/modal';

export type ServerConfirmer = (server: McpServerConfig, launch: string) => Promise<boolean>;

export const confirmWithModal: ServerConfirmer = async (server, launch) => {
  const start = l10n.t('Start Server');
  // Nobody asked: the repository did. Enter opens its configuration, Escape starts nothing (dialogs/).
  const answer = await askUnasked(
    {
      message: l10n.t('Start the MCP server "{0}" defined in this workspace?', server.name),
      detail: `${launch}\n\n${l10n.t('Defined in {0}. An MCP server runs with your permissions. Relay asks once for this exact configuration; a change asks again.', isAbsolute(server.source) ? shownPath(server.source) : server.source)}`,
      actions: [start],
    },
    isAbsolute(server.source)
      ? fileLook(l10n.t('Show Configuration'), server.source, `"${server.name}"`)
      : { title: l10n.t('Show Configuration'), show: () => vscode.commands.executeCommand('workbench.action.openWorkspaceSettingsFile') },
    l10n.t("Don't Start"),
  );
  return answer === start;
};

const CONFIRMED_KEY = 'relay.mcp.confirmedServers';

export class ServerConfirmations {
  private readonly declined = new Set<string>();
  private readonly asking = new Map<string, Promise<boolean>>();

  constructor(
    private readonly state: vscode.Memento,
    private readonly confirm: ServerConfirmer,
  ) {}

  /** True when the server may start: a user server, or a workspace server confirmed now or before. */
  async allow(server: McpServerConfig): Promise<boolean> {
    if (server.origin === 'user') return true;
    const key = serverFingerprint(server);
    if (this.state.get<string[]>(CONFIRMED_KEY, []).includes(key)) return true;
    if (this.declined.has(key)) return false;
    // One question per configuration even when it is started twice at once.
    let asking = this.asking.get(key);
    if (!asking) {
      asking = this.ask(server, key).finally(() => this.asking.delete(key));
      this.asking.set(key, asking);
    }
    return asking;
  }

  private async ask(server: McpServerConfig, key: string): Promise<boolean> {
    const ok = await this.confirm(server, launchForConfirmation(server));
    if (!ok) {
      this.declined.add(key);
      return false;
    }
    // Read again after the question: servers are confirmed concurrently, and a list read before it would drop
    // the others' confirmations (seen: a server confirmed with four others was asked again on its restart).
    const confirmed = this.state.get<string[]>(CONFIRMED_KEY, []);
    if (!confirmed.includes(key)) await this.state.update(CONFIRMED_KEY, [...confirmed, key]);
    return true;
  }

  /** A restart asks again after a "no" in this window. */
  forgetDecline(server: McpServerConfig): void {
    this.declined.delete(serverFingerprint(server));
  }
}
