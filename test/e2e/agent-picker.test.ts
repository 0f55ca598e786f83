// The agent picker and handoffs in the real UI, in light and dark: the workspace has a Copilot custom agent with a
// handoff. After the first task has read the workspace's agents, the picker beside the approval mode lists it with
// Agent, Plan and Ask; a turn in it ends with the handoff's button, which switches the picker back to Agent and
// sends the handoff's prompt. The agent names its own model: while its turns run on it, the header and the model
// button say so (marked as the planner's), and they show the user's model again once the handoff switched to Agent.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import type { ScriptedModelServer } from '../support/scripted-model-server';
import { openScriptedWorkbench, type Workbench } from '../support/vscode/workbench';

const THEMES = [
  { name: 'light', colorTheme: 'Default Light Modern' },
  { name: 'dark', colorTheme: 'Default Dark Modern' },
];
const PLANNER = '---\ndescription: Plans the change, then hands off\nmodel: planner-model\nhandoffs:\n  - label: Start implementation\n    agent: agent\n    prompt: Implement the plan above.\n    send: true\n---\nPlan first; change nothing.\n';
const done = (id: string, result: string) => ({ toolCalls: [{ id, name: 'attempt_completion', args: { result } }] });

let wb: Workbench;
let model: ScriptedModelServer;
let chat: FrameLocator;
let close: () => Promise<void>;
before(async () => {
  ({ wb, model, chat, close } = await openScriptedWorkbench({
    settings: { 'workbench.colorTheme': THEMES[0]!.colorTheme },
    prepare: (workspace) => {
      mkdirSync(join(workspace, '.github', 'agents'), { recursive: true });
      writeFileSync(join(workspace, '.github', 'agents', 'planner.agent.md'), PLANNER);
    },
  }));
});
after(async () => {
  await close?.();
});

async function send(text: string): Promise<void> {
  const input = chat.locator('textarea[aria-label="Message Relay"]');
  await input.fill(text);
  await input.press('Enter');
}

for (const [index, theme] of THEMES.entries()) {
  describe(`e2e: the agent picker and a handoff (${theme.name})`, () => {
    before(async () => {
      await wb.setColorTheme(theme.colorTheme);
      if (index === 0) return;
      await chat.getByRole('button', { name: 'New task' }).first().click();
      await chat.locator('.message-user').first().waitFor({ state: 'detached', timeout: 15_000 });
    });

    it('the picker lists the workspace agent beside the built-ins; its handoff switches back to Agent and sends the prompt', async () => {
      const picker = chat.locator('[data-testid="agent-select"]');
      model.reset();
      if (index === 0) {
        // The workspace's agents are read by the first task, never before.
        model.setScript([done('call_hello', 'Hello.')]);
        await send('Say hello');
        await chat.locator('.tool-card[data-call-id="call_hello"]').waitFor({ state: 'attached', timeout: 30_000 });
        await picker.locator('option[value="planner"]').waitFor({ state: 'attached', timeout: 15_000 });
        model.reset();
      }
      const options = await picker.locator('option').allTextContents();
      assert.deepEqual(options.slice(0, 4), ['Agent', 'Plan', 'Ask', 'planner'], options.join(', '));
      await picker.selectOption('planner');
      await chat.locator('[data-testid="agent-select"][title^="Agent: planner."]').waitFor({ timeout: 15_000 });
      model.setScript([done(`call_plan_${theme.name}`, 'The plan: change one line.'), done(`call_impl_${theme.name}`, 'Implemented.')]);
      await send(`Plan the change (${theme.name})`);
      const handoff = chat.locator('[data-testid="handoffs"] .handoff-button', { hasText: 'Start implementation' });
      await handoff.waitFor({ timeout: 30_000 });
      assert.equal(await handoff.getAttribute('title'), 'Switch to Agent and send: Implement the plan above.');
      const status = chat.locator('[data-testid="relay-status"]');
      const modelButton = chat.locator('.model-button');
      await status.filter({ hasText: "planner-model · planner's model" }).waitFor({ timeout: 15_000 });
      assert.equal(await modelButton.textContent(), 'planner-model (planner)');
      // One name for the provider everywhere: the header's and the welcome's, never its id ("openai-compatible").
      assert.match((await modelButton.getAttribute('title')) ?? '', /^Model: planner-model · OpenAI-compatible server, planner's model\. Agent "planner" runs on its own model, .*Yours is scripted-coder · OpenAI-compatible server/);
      // Not a dashed border in the focus colour (read as a second focus ring): a badge's colours mark the agent's model.
      assert.equal(await modelButton.evaluate((el) => getComputedStyle(el).borderTopStyle === 'dashed'), false);
      await wb.screenshot(`agent-picker-handoff-${theme.name}`);
      await handoff.focus();
      await handoff.press('Enter');
      await chat.locator('.message-user', { hasText: 'Implement the plan above.' }).waitFor({ timeout: 30_000 });
      await chat.locator(`.tool-card[data-call-id="call_impl_${theme.name}"]`).waitFor({ state: 'attached', timeout: 30_000 });
      assert.equal(await picker.inputValue(), 'agent', 'the picker shows the agent the handoff went to');
      await status.filter({ hasText: 'scripted-coder' }).waitFor({ timeout: 15_000 });
      assert.doesNotMatch((await status.textContent()) ?? '', /planner/, "the header shows the user's model again");
      assert.equal(await modelButton.textContent(), 'scripted-coder');
      await chat.locator('[data-testid="handoffs"]').waitFor({ state: 'hidden', timeout: 10_000 });
      const [planRequest, implRequest] = model.requests;
      assert.deepEqual([planRequest, implRequest].map((r) => (r!.body as { model: string }).model), ['planner-model', 'scripted-coder'], 'the header said what each turn ran on');
      const userOf = (r: typeof planRequest) => JSON.stringify((r!.body as { messages: unknown[] }).messages);
      assert.match(userOf(planRequest), /Plan first; change nothing\./, "the Copilot agent's body rode with the message");
      assert.doesNotMatch(userOf(implRequest).split('Implement the plan above.')[1] ?? '', /Plan first; change nothing\./, 'not with the message sent to Agent');
      await wb.screenshot(`agent-picker-after-handoff-${theme.name}`);
    });
  });
}
