// The TAP reporter (from which scripts/node-tests.ts reads the counts), which also appends one line per finished
// test and per finished file (named by its path) to $RELAY_TEST_PROGRESS as it finishes, so the runner can tell a
// run that stopped moving and name the files still open. One reporter for both: Node 20 warns of a listener leak
// with three.
import { appendFileSync } from 'node:fs';
import { tap } from 'node:test/reporters';

export default async function* tapWithProgress(source) {
  const progress = process.env.RELAY_TEST_PROGRESS;
  async function* watched() {
    for await (const event of source) {
      if (progress && event.type === 'test:complete') {
        const { file, name, nesting } = event.data;
        appendFileSync(progress, `${JSON.stringify({ file, name, nesting })}\n`);
      }
      yield event;
    }
  }
  yield* tap(watched());
}
