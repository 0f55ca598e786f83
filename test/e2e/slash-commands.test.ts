// The "/" list in the real UI, in light and dark: "/" at the start of the box lists the workspace's commands with
// their argument hints, sources and descriptions; typing narrows it, the arrows and Enter pick one, Escape closes it.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { isShownWhole } from '../support/vscode/layout';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const THEMES = [
  { name: 'light', colorTheme: 'Default Light Modern' },
  { name: 'dark', colorTheme: 'Default Dark Modern' },
];

const FILES: Record<string, string> = {
  '.claude/commands/review.md': '---\ndescription: Review a pull request for bugs and missing tests\nargument-hint: <pr-number> [focus]\n---\nReview PR $1.',
  '.github/prompts/review.prompt.md': '---\ndescription: Review the open file\n---\nReview ${file}.',
  '.github/prompts/new-component.prompt.md': '---\ndescription: Create a React component\nargument-hint: name=<Name>\n---\nCreate ${input:name}.',
  '.roo/commands/deploy.md': '---\ndescription: Deploy to an environment\nargument-hint: <env>\n---\nDeploy.',
  '.clinerules/workflows/release.md': '1. Bump the version.\n2. Tag it.',
  '.opencode/commands/test.md': '---\ndescription: Run the tests and fix failures\n---\nRun $ARGUMENTS.',
};

let wb: Workbench;
let chat: FrameLocator;
let close: () => Promise<void>;
before(async () => {
  ({ wb, chat, close } = await openScriptedWorkbench({
    settings: { 'workbench.colorTheme': THEMES[0]!.colorTheme },
    prepare: (workspace) => {
      for (const [path, text] of Object.entries(FILES)) {
        mkdirSync(join(workspace, path, '..'), { recursive: true });
        writeFileSync(join(workspace, path), text);
      }
    },
  }));
});
after(async () => {
  await close?.();
});

for (const theme of THEMES) {
  describe(`e2e: the "/" list (${theme.name})`, () => {
    before(async () => {
      await wb.setColorTheme(theme.colorTheme);
    });

    it('lists, narrows, picks with the keyboard and closes with Escape', async () => {
      const input = chat.locator('textarea[aria-label="Message Relay"]');
      await input.fill('');
      await input.click();
      await input.pressSequentially('/');
      const list = chat.locator('[data-testid="slash-list"]');
      const rows = list.locator('.slash-option');
      await rows.first().waitFor({ timeout: 30_000 });
      assert.deepEqual(await list.locator('.slash-name').allTextContents(), ['/claude:review', '/copilot:review', '/deploy', '/new-component', '/release', '/test']);
      const first = rows.first();
      assert.equal(await first.locator('.slash-hint').textContent(), '<pr-number> [focus]');
      assert.equal(await first.locator('.slash-source').textContent(), 'Claude Code command');
      // At the side bar's 300 px nothing of a row is cut ("Claude Code c…", "<pr…" were).
      for (const part of await list.locator('.slash-name, .slash-hint, .slash-source, .slash-description').all()) {
        assert.ok(await isShownWhole(part), `"${await part.textContent()}" is cut: ${await part.evaluate((el) => `${el.scrollWidth} > ${el.clientWidth}`)}`);
      }
      await wb.screenshot(`slash-list-${theme.name}`);

      await input.pressSequentially('re');
      await list.locator('.slash-name').first().filter({ hasText: '/release' }).waitFor({ timeout: 5_000 });
      assert.deepEqual(await list.locator('.slash-name').allTextContents(), ['/release', '/claude:review', '/copilot:review']);
      await input.press('ArrowDown');
      assert.equal(await rows.nth(1).getAttribute('aria-selected'), 'true');
      await wb.screenshot(`slash-list-filtered-${theme.name}`);
      await input.press('Enter');
      assert.equal(await input.inputValue(), '/claude:review ');
      assert.equal(await list.isHidden(), true);

      await input.fill('');
      await input.pressSequentially('/d');
      await rows.first().waitFor({ timeout: 10_000 });
      await input.press('Escape');
      await list.waitFor({ state: 'hidden', timeout: 5_000 });
      assert.equal(await input.inputValue(), '/d', 'Escape closes the list and keeps the text');
      await input.fill('');
    });
  });
}
