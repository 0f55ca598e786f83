// The model the chat's turns run on when it is not the user's: set by the selected agent's first turn (cleared when
// its turns fall back to the user's model or the agent is switched), by a slash command for its turn only; the
// FallbackProvider reports the model it actually used.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FallbackProvider } from '../../../src/core/customization/agents/fallback-provider';
import type { ModelStreamEvent } from '../../../src/core/model/events';
import type { ModelProvider } from '../../../src/core/model/provider';
import { TurnModelState } from '../../../src/host/customization/turn-model';

const AGENT = { model: 'claude-opus-4-1', provider: 'anthropic', owner: 'planner', why: 'Agent "planner" runs on its own model.' };

function provider(id: string, model: string, events: ModelStreamEvent[]): ModelProvider {
  return {
    id,
    model: { id: model, label: `${id} · ${model}`, contextWindow: 1000, maxOutputTokens: 100, supportsNativeTools: true },
    async *stream() {
      yield* events;
    },
  };
}
const DONE: ModelStreamEvent[] = [{ type: 'text_delta', text: 'ok' }];
const MISSING: ModelStreamEvent[] = [{ type: 'error', error: { kind: 'not_found', message: 'no such model' } } as ModelStreamEvent];

async function drain(p: ModelProvider): Promise<void> {
  for await (const _ of p.stream({} as never, new AbortController().signal));
}

describe('the turn model shown in the header', () => {
  test("an agent's model stays while the agent is picked; switching the agent or falling back to yours clears it", () => {
    const state = new TurnModelState();
    let changes = 0;
    state.onDidChange(() => changes++);
    assert.equal(state.value, undefined);
    state.agent(AGENT);
    assert.deepEqual(state.value, AGENT);
    state.turnEnded();
    assert.deepEqual(state.value, AGENT, "the agent's model outlives its turn");
    state.agent(AGENT);
    assert.equal(changes, 1, 'the same value is not published again');
    state.agentChanged();
    assert.equal(state.value, undefined);
    state.agent(AGENT);
    state.agent(undefined);
    assert.equal(state.value, undefined, 'the agent fell back to your model');
  });

  test("a command's model is for its turn only", () => {
    const state = new TurnModelState();
    state.command({ ...AGENT, owner: '/review' });
    assert.equal(state.value?.owner, '/review');
    state.turnEnded();
    assert.equal(state.value, undefined);
  });

  test('the fallback provider reports the model its first turn used, or none when it fell back to yours', async () => {
    const used: unknown[][] = [];
    const user = provider('openai', 'gpt-5', DONE);
    const first = new FallbackProvider({
      agentName: 'planner',
      candidates: [{ written: 'missing', provider: provider('anthropic', 'missing', MISSING) }, { written: 'opus', provider: provider('anthropic', 'claude-opus-4-1', DONE) }],
      user,
      skipped: [],
      note: () => undefined,
      using: (model, why) => void used.push([model, why]),
    });
    await drain(first);
    await drain(first);
    assert.deepEqual(used, [[{ provider: 'anthropic', model: 'claude-opus-4-1' }, 'Agent "planner": its model is not available here: missing (no such model). Its turns use anthropic · claude-opus-4-1.']]);
    const fellBack: unknown[] = [];
    const none = new FallbackProvider({ agentName: 'planner', candidates: [{ written: 'missing', provider: provider('anthropic', 'missing', MISSING) }], user, skipped: [], note: () => undefined, using: (model) => void fellBack.push(model) });
    await drain(none);
    assert.deepEqual(fellBack, [undefined]);
  });
});
