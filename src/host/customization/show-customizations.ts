// *Relay: Show Customizations*: loads every kind (a stale one is read again now) and opens the report.
import * as vscode from 'vscode';
import type { CustomizationService } from './customization-service';
import { customizationsReport } from './customizations-report';

export async function showCustomizations(service: CustomizationService): Promise<void> {
  const content = customizationsReport(await service.sections(), service.lastTurn.list());
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content });
  await vscode.window.showTextDocument(document, { preview: true });
}
