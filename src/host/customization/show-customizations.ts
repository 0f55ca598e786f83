// *Relay: Show Customizations*: loads every kind (a stale one is read again now) and opens the report as a
// read-only document of its own scheme: closing it asks nothing (an untitled document with the report was dirty,
// so closing it asked to save a file nobody wrote), and showing it again replaces its text.
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import { shownPath, shownPathsIn } from '../platform/shown-path';
import type { CustomizationService } from './customization-service';
import { customizationsReport } from './customizations-report';

export const CUSTOMIZATIONS_SCHEME = 'relay-customizations';

class ReportDocument implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private text = '';
  private registered = false;

  provideTextDocumentContent(): string {
    return this.text;
  }

  /** The report's URI with its text now (the provider registered on first use, for the window's life). */
  show(text: string): vscode.Uri {
    if (!this.registered) {
      this.registered = true;
      vscode.workspace.registerTextDocumentContentProvider(CUSTOMIZATIONS_SCHEME, this);
    }
    this.text = text;
    // The file name is the tab's title; `.md` gives it Markdown's colours.
    const uri = vscode.Uri.from({ scheme: CUSTOMIZATIONS_SCHEME, path: `/${l10n.t('Relay customisation files')}.md` });
    this.changed.fire(uri);
    return uri;
  }
}

const report = new ReportDocument();

export async function showCustomizations(service: CustomizationService): Promise<void> {
  const text = customizationsReport(await service.sections(), service.lastTurn.list(), { path: shownPath, text: shownPathsIn });
  const document = await vscode.workspace.openTextDocument(report.show(text));
  await vscode.window.showTextDocument(document, { preview: true });
}
