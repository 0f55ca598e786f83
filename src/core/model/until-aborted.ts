// A provider should end its stream promptly on abort; one that does not (a stuck socket, a held response) must not
// hold whatever reads it hostage. `untilAborted` ends the reading side at the abort, whatever the source does, and
// lets the source's generator run its cleanup in the background. The agent loop's turn (agent/model-turn.ts) and the
// one-answer readers (inline edit, commit message) read through it.

/** The source's items until it ends or `signal` aborts (then it ends at once, without an error). */
export async function* untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T, void, undefined> {
  if (signal.aborted) return;
  let onAbort = () => {};
  const aborted = new Promise<typeof ABORTED>((resolve) => {
    onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const iterator = source[Symbol.asyncIterator]();
  let drained = false;
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next === ABORTED) return;
      if (next.done) {
        drained = true;
        return;
      }
      yield next.value;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    if (!drained) void iterator.return?.()?.catch(() => undefined);
  }
}

const ABORTED = Symbol('aborted');
