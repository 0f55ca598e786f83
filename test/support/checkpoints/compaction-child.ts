// A process that writes to a checkpoint object store and is killed with SIGKILL part-way, for the unit test of
// what a crash leaves (test/unit/checkpoints/object-compaction.test.ts). Arguments: the store's folder and what
// to do: `repack` (the packs, in small steps) or `batch` (objects into a new pack, never committed). It reports
// each step and waits for a line on stdin before the next, so the test can kill it inside a step it chose
// (and the work cannot finish before the kill).
import { createInterface } from 'node:readline';
import { ObjectStore } from '../../../src/host/checkpoints/object-store';

async function main(): Promise<void> {
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const store = await ObjectStore.open(process.argv[2]!);
  const next = async () => {
    process.stdout.write('step\n');
    if ((await lines.next()).done) process.exit(0);
  };
  if (process.argv[3] === 'repack') {
    await store.repack(undefined, 8 * 1024, async (step) => {
      await next();
      return step();
    });
  } else {
    store.beginBatch();
    for (let i = 0; ; i++) {
      await store.put(Buffer.from(`batch object ${i} `.repeat(200)));
      if (i % 10 === 0) await next();
    }
  }
  process.stdout.write('done\n');
}

void main();
