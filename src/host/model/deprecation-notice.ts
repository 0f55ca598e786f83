// The deprecated-model notice: a warning with the end-of-life date and one button that switches
// `relay.model` to the replacement, shown once per model per window (the decision is core's
// DeprecationNotices), when a task starts with the model or the user picks it.
import { l10n } from '../../core/l10n';
import * as vscode from 'vscode';
import { DeprecationNotices } from '../../core/model/deprecation-notice';
import type { LiveLifecycle } from '../../core/model/deprecation';

/** One per window: the extension host lives as long as the window. */
const notices = new DeprecationNotices();

export function showDeprecationNotice(provider: string, model: string, live: readonly LiveLifecycle[] = []): void {
  const notice = notices.next(provider, model, live);
  if (!notice) return;
  void vscode.window.showWarningMessage(notice.message, notice.switchLabel).then(async (picked) => {
    if (picked !== notice.switchLabel) return;
    await setModel(notice.deprecation.replacement);
    void vscode.window.showInformationMessage(l10n.t('Relay: now using {0}.', notice.deprecation.replacement));
  });
}

/** Where `relay.model` is set (a workspace setting wins over the user's), so the switch takes effect. */
async function setModel(model: string): Promise<void> {
  const config = vscode.workspace.getConfiguration('relay');
  const where = config.inspect<string>('model');
  const target = where?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await config.update('model', model, target);
}
