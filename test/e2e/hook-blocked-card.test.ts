// A repository hook in the real UI: the workspace's .claude/settings.json has a PreToolUse hook for Bash; the first
// task asks once, in a native modal with the exact command line, whether the hooks may run; the hook then blocks
// `rm -rf` and the card says which hook and why, in light and dark.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import type { ScriptedModelServer } from '../support/scripted-model-server';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const GUARD = `if grep -q 'rm -rf'; then echo 'rm -rf is not allowed in this repository' >&2; exit 2; fi`;
const THEMES = [
  { name: 'light', colorTheme: 'Default Light Modern' },
  { name: 'dark', colorTheme: 'Default Dark Modern' },
];
const script = (name: string) => [
  { toolCalls: [{ id: `call_rm_${name}`, name: 'run_command', args: { command: 'rm -rf build' } }] },
  { toolCalls: [{ id: `call_done_${name}`, name: 'attempt_completion', args: { result: 'The repository hook refused to delete the build folder.' } }] },
];

let wb: Workbench;
let model: ScriptedModelServer;
let chat: FrameLocator;
let close: () => Promise<void>;
before(async () => {
  ({ wb, model, chat, close } = await openScriptedWorkbench({
    settings: { 'workbench.colorTheme': THEMES[0]!.colorTheme },
    prepare: (workspace, server) => {
      mkdirSync(join(workspace, '.claude'), { recursive: true });
      mkdirSync(join(workspace, 'build'), { recursive: true });
      writeFileSync(join(workspace, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: GUARD }] }] } }, null, 2));
      server.setScript(script(THEMES[0]!.name));
    },
  }));
});
after(async () => {
  await close?.();
});

for (const [index, theme] of THEMES.entries()) {
  describe(`e2e: a command blocked by a repository hook (${theme.name})`, () => {
    before(async () => {
      await wb.setColorTheme(theme.colorTheme);
      if (index === 0) return;
      await chat.getByRole('button', { name: 'New task' }).first().click();
      await chat.locator('.message-user').first().waitFor({ state: 'detached', timeout: 15_000 });
      model.reset();
      model.setScript(script(theme.name));
    });

    it('the card says which hook blocked the command and why; the folder is still there', async () => {
      const input = chat.locator('textarea[aria-label="Message Relay"]');
      await input.fill(`Delete the build folder (${theme.name})`);
      await input.press('Enter');
      if (index === 0) {
        const dialog = wb.page.locator('.monaco-dialog-box').filter({ hasText: 'Run the hooks defined in this workspace?' });
        await dialog.waitFor({ timeout: 30_000 });
        assert.ok(((await dialog.textContent()) ?? '').includes(GUARD), 'the modal shows the exact command line');
        // Nobody asked for them (the repository did): Enter must not run them (README, "What Enter presses in a Relay modal").
        // Enter opens the file that defines them; Escape is Don't Run; no Cancel that means Don't Run again (issue 38).
        assert.equal((await dialog.locator('.monaco-button:focus').textContent())?.trim(), 'Show Hooks File', 'the focused default button of the hooks question runs nothing');
        const buttons = (await dialog.locator('.dialog-buttons .monaco-button').allTextContents()).map((t) => t.trim());
        assert.deepEqual([...buttons].sort(), ["Don't Run", 'Run Hooks', 'Show Hooks File'], `one button per answer, no Cancel: ${buttons.join(' | ')}`);
        await wb.screenshot('hook-confirmation');
        // Enter shows the file that defines them, at the hook; the question comes back over it.
        await wb.page.keyboard.press('Enter');
        await wb.page.locator('.tabs-container .tab.active', { hasText: 'settings.json' }).waitFor({ timeout: 15_000 });
        await dialog.waitFor({ timeout: 15_000 });
        await dialog.getByRole('button', { name: 'Run Hooks', exact: true }).click();
      }
      const card = chat.locator(`.tool-card[data-call-id="call_rm_${theme.name}"][data-state="error"]`);
      await card.waitFor({ timeout: 30_000 });
      const note = card.locator('.block-hook.hook-blocked');
      await note.waitFor({ timeout: 10_000 });
      // The reason is the hook's whole stderr: what the machine's shell setup prints there too (a pyenv warning
      // was seen in a full run) comes before the hook's own line, as it would in Claude Code.
      assert.match((await note.textContent()) ?? '', /PreToolUse hook .*\(\.claude\/settings\.json\) blocked it: [\s\S]*\brm -rf is not allowed in this repository/);
      assert.equal(await note.getAttribute('role'), 'alert');
      assert.equal(await card.locator('.block-error').textContent(), 'Not run: a hook blocked it.', 'the error line does not repeat the note');
      // Blocked by a hook is its own end state, like "Denied by you": not "Failed 44 ms" over "Not run".
      assert.equal(await card.locator('.tool-state-label').textContent(), 'Blocked by a hook');
      assert.equal(await card.getAttribute('data-phase'), 'blocked');
      assert.equal(await card.locator('.tool-duration').count(), 0, 'a call that never ran has no duration');
      assert.ok(existsSync(join(wb.workspace, 'build')), 'the command never ran');
      await chat.locator('.message-assistant').filter({ hasText: 'The repository hook refused to delete the build folder.' }).last().waitFor({ timeout: 30_000 });
      await wb.screenshot(`hook-blocked-card-${theme.name}`);
    });
  });
}
