// The header and the composer show the model the turns actually run on: an agent's (or a command's), marked as
// whose with the reason in the tooltip, and the user's again once it is gone.
import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { SessionSettings } from '../../../src/shared/chat-model';
import { mount, type Harness } from './harness';

const SETTINGS: SessionSettings = {
  mode: 'default',
  model: 'gpt-5 · openai',
  provider: { id: 'openai', label: 'OpenAI', model: 'gpt-5', key: 'set' },
};
const TURN = { model: 'claude-opus-4-1', provider: 'Anthropic', owner: 'planner', why: 'Agent "planner" runs on its own model, anthropic · claude-opus-4-1.' };

describe("webview: the agent's model in the header and the composer", () => {
  let t: Harness;
  afterEach(() => t.close());
  const status = () => t.$('[data-testid="relay-status"]')!;
  const button = () => t.$('.model-button')!;

  it("shows the agent's model, marked as the agent's, with why as the tooltip; then yours again", () => {
    t = mount();
    t.init({ settings: SETTINGS });
    assert.equal(status().textContent, 'Ready · gpt-5 · OpenAI');
    // The model and a chevron (a picker); the provider by its one name, in the tooltip, never its id.
    assert.equal(button().textContent, 'gpt-5');
    assert.ok(button().querySelector('.model-chevron'), 'the button shows it opens a picker');
    assert.equal(button().title, 'Model: gpt-5 · OpenAI (click to change)');
    t.batch({ type: 'settings', settings: { ...SETTINGS, turnModel: TURN } });
    assert.equal(status().textContent, "Ready · claude-opus-4-1 · planner's model");
    assert.match(status().title, /runs on its own model/);
    assert.equal(button().textContent, 'claude-opus-4-1 (planner)');
    assert.equal(button().classList.contains('agent-model'), true);
    assert.equal(button().title, "Model: claude-opus-4-1 · Anthropic, planner's model. Agent \"planner\" runs on its own model, anthropic · claude-opus-4-1. Yours is gpt-5 · OpenAI (click to change it).");
    t.batch({ type: 'settings', settings: SETTINGS });
    assert.equal(status().textContent, 'Ready · gpt-5 · OpenAI');
    assert.equal(button().textContent, 'gpt-5');
    assert.equal(button().classList.contains('agent-model'), false);
  });
});
