// The pin store's cap forgets the pins used longest ago: a server in use keeps its pins however long ago they were
// set, so its next changed list is still compared with them (forgotten pins would take the change unasked).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pinTools } from '../../../src/core/mcp/tool-pins';
import { ToolPinStore } from '../../../src/host/mcp/tool-pins';

function memento() {
  const values = new Map<string, unknown>();
  return {
    get: <T>(key: string) => values.get(key) as T,
    update: async (key: string, value: unknown) => void (value === undefined ? values.delete(key) : values.set(key, value)),
    keys: () => [...values.keys()],
  } as unknown as ConstructorParameters<typeof ToolPinStore>[0];
}

describe('tool pin store cap', () => {
  test('a server whose pins were set first but used since keeps them when 200 others are pinned after', async () => {
    let clock = 0;
    const store = new ToolPinStore(memento(), () => ++clock);
    const pins = pinTools([{ name: 'lookup', description: 'Looks up a word.', inputSchema: { type: 'object' } }]);
    await store.set('long-used', pins);
    for (let i = 0; i < 150; i++) await store.set(`other-${i}`, pins);
    assert.deepEqual(await store.use('long-used'), pins);
    for (let i = 150; i < 200; i++) await store.set(`other-${i}`, pins);
    assert.deepEqual(store.get('long-used'), pins);
    assert.equal(store.get('other-0'), undefined);
  });

  test('use() of a server never pinned gives nothing and stores nothing', async () => {
    const state = memento();
    const store = new ToolPinStore(state);
    assert.equal(await store.use('new'), undefined);
    assert.deepEqual(state.keys(), []);
  });
});
