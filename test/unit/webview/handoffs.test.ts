// Handoffs in the webview: after a turn in an agent that has them, one button each; a `send` handoff switches the
// agent and sends its prompt (in that order), the others switch and put the prompt in the chat box.
import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { SessionSettings, TaskView } from '../../../src/shared/chat-model';
import { click, mount, type Harness } from './harness';

const SETTINGS: SessionSettings = {
  mode: 'default',
  model: 'm',
  agents: {
    selected: 'planner',
    choices: [
      { id: 'agent', name: 'Agent' },
      {
        id: 'planner',
        name: 'Planner',
        handoffs: [
          { label: 'Start implementation', agent: 'agent', prompt: 'Implement the plan above.', send: true },
          { label: 'Review', agent: 'reviewer', prompt: 'Review the plan.' },
        ],
      },
      { id: 'reviewer', name: 'Reviewer' },
    ],
  },
};
const TASK: TaskView = { id: 't1', title: 'Plan', running: false };
const ITEMS = [{ kind: 'user' as const, id: 'u1', text: 'Make a plan', ts: 1 }, { kind: 'assistant' as const, id: 'a1', text: 'The plan.', ts: 2, streaming: false }];

describe('webview handoffs', () => {
  let t: Harness;
  afterEach(() => t.close());
  const bar = () => t.$('[data-testid="handoffs"]')!;
  const buttons = () => t.$$('.handoff-button');

  it("shows the selected agent's handoffs once a turn ended, never while it runs or in another agent", () => {
    t = mount();
    t.init({ settings: SETTINGS });
    assert.equal(bar().hidden, true, 'no task yet');
    t.batch({ type: 'reset', task: { ...TASK, running: true }, items: ITEMS });
    assert.equal(bar().hidden, true, 'the turn is still running');
    t.batch({ type: 'task', task: TASK });
    assert.equal(bar().hidden, false);
    assert.deepEqual(buttons().map((b) => b.textContent), ['Start implementation', 'Review']);
    assert.equal(bar().getAttribute('role'), 'group');
    assert.equal(buttons()[0]!.title, 'Switch to Agent and send: Implement the plan above.');
    assert.equal(buttons()[1]!.title, 'Switch to Reviewer and put in the chat box: Review the plan.');
    t.batch({ type: 'settings', settings: { ...SETTINGS, agents: { ...SETTINGS.agents!, selected: 'agent' } } });
    assert.equal(bar().hidden, true, 'Agent has no handoffs');
  });

  it('a send handoff switches the agent, then sends; another fills the chat box', () => {
    t = mount();
    t.init({ settings: SETTINGS, task: TASK, items: ITEMS });
    t.takePosted();
    click(buttons()[0]!);
    assert.deepEqual(t.takePosted(), [{ type: 'setAgent', agent: 'agent' }, { type: 'sendMessage', text: 'Implement the plan above.' }]);
    click(buttons()[1]!);
    assert.deepEqual(t.takePosted(), [{ type: 'setAgent', agent: 'reviewer' }]);
    assert.equal((t.$('.composer-input') as HTMLTextAreaElement).value, 'Review the plan.');
  });
});
