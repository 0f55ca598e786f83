// Each task's block of ports: distinct blocks, the same block when asked again, taken ports skipped.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PortBlocks } from '../../../src/core/tasks/port-blocks';

describe('port blocks', () => {
  test('tasks get distinct blocks of ten; asking again gives the same block; released blocks are reused', async () => {
    const p = new PortBlocks(41000, 10);
    const a = await p.allocate('a');
    const b = await p.allocate('b');
    assert.deepEqual([a.first, b.first], [41000, 41010]);
    assert.equal((await p.allocate('a')).first, 41000);
    p.release('a');
    assert.equal((await p.allocate('c')).first, 41000);
  });

  test('a block with a port something else listens on is skipped', async () => {
    const p = new PortBlocks(41000, 10);
    const busy = new Set([41003, 41015]);
    assert.equal((await p.allocate('a', (port) => !busy.has(port))).first, 41020);
  });

  test('a block recorded before a restart is kept', async () => {
    const p = new PortBlocks(41000, 10);
    p.restore('old', 41000);
    assert.equal((await p.allocate('new')).first, 41010);
  });

  test('no block left is a clear error', async () => {
    const p = new PortBlocks(65520, 10);
    await p.allocate('a');
    await assert.rejects(p.allocate('b'), /No free block of 10 ports/);
  });
});
