// Removes a provider's stored key as a person does: "Relay: Set API Key", the provider, the box cleared, Enter.
// The E2E files that check a first run in two themes on one workbench start their second theme this way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Workbench } from '../support/vscode/workbench';
import { exactLabel } from '../support/vscode/workbench';

export interface KeyRemovalTexts {
  /** The command's title in the palette, e.g. "Relay: Set API Key". */
  command: string;
  /** The notification that confirms it, e.g. "Relay: the OpenAI key was removed." */
  removed: string;
}

export async function removeApiKey(wb: Workbench, providerLabel: string, texts: KeyRemovalTexts): Promise<void> {
  await wb.runCommand(texts.command);
  const quick = wb.page.locator('.quick-input-widget');
  await quick.locator('.monaco-list-row').filter({ has: exactLabel(wb.page, providerLabel) }).first().click();
  const input = quick.locator('input.input');
  await input.and(wb.page.locator('[type="password"]')).waitFor({ timeout: 15_000 });
  await input.fill('');
  await wb.page.keyboard.press('Enter');
  await wb.page.locator('.notifications-toasts .notification-toast').filter({ hasText: texts.removed }).waitFor({ timeout: 15_000 });
}

/** Dismisses every notification, so that a later wait for a toast sees only the new one. */
export async function clearNotifications(wb: Workbench): Promise<void> {
  await wb.runCommand('Notifications: Clear All Notifications');
  await wb.page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'detached', timeout: 15_000 });
}

/** The user settings file the workbench started with (the harness writes it before the server starts). */
export function userSettingsFile(wb: Workbench): string {
  return join(wb.server.userDataDir, 'User', 'settings.json');
}

/**
 * Puts the user settings back to `text` (what the workbench started with) as a person does it: Preferences: Open
 * User Settings (JSON), everything replaced, saved. Every setting a test changed through Relay (provider, base URL,
 * model) and the theme are then as they were at the start.
 */
export async function restoreUserSettings(wb: Workbench, text: string): Promise<void> {
  const file = userSettingsFile(wb);
  await wb.runCommand('Preferences: Open User Settings (JSON)');
  // VS Code opens it in a modal editor (no tab); it holds the harness's own settings, e.g. workbench.startupEditor.
  const found = wb.page.locator('.monaco-editor').filter({ has: wb.page.locator('.view-lines', { hasText: '"workbench.startupEditor"' }) }).first();
  await found.waitFor({ timeout: 15_000 });
  await found.evaluate((el) => el.setAttribute('data-e2e', 'user-settings'));
  const editor = wb.page.locator('.monaco-editor[data-e2e="user-settings"]');
  await editor.locator('.view-lines').click();
  await wb.page.keyboard.press('Control+A');
  await wb.page.keyboard.press('Delete');
  // As pasted, on one line: typed, the editor would close brackets and quotes and offer completions on the way,
  // and each new line would be indented by the one before.
  await wb.page.keyboard.insertText(JSON.stringify(JSON.parse(text)));
  await wb.page.keyboard.press('Control+S');
  const saved = () => {
    try {
      return isDeepStrictEqual(JSON.parse(readFileSync(file, 'utf8')), JSON.parse(text));
    } catch {
      return false; // not written yet
    }
  };
  for (const deadline = Date.now() + 15_000; !saved(); await wb.page.waitForTimeout(100)) {
    if (Date.now() > deadline) throw new Error(`the user settings were not saved as they started: ${readFileSync(file, 'utf8')}`);
  }
  // The modal editor's own Close button (F1 does not reach the palette from it, and the editor keeps Escape).
  await wb.page.locator('.modal-editor-part a.action-label.codicon-close').first().click();
  await editor.waitFor({ state: 'hidden', timeout: 15_000 }).catch(async (error: unknown) => {
    await wb.screenshot('clear-user-settings-still-open');
    throw error;
  });
}
