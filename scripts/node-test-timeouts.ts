// Preloaded into each test process by scripts/node-tests.ts: every test and hook without a timeout of its own gets
// RELAY_TEST_TIMEOUT_MS, so a hang fails that test by its name and the file goes on. (Node 20's `--test-timeout`
// also bounds each whole file by the same figure, and names only the file.)
import { createRequire } from 'node:module';

const timeout = Number(process.env.RELAY_TEST_TIMEOUT_MS);
type Fn = (...args: unknown[]) => unknown;
// The module object itself (an ES namespace import is a read-only copy): tests read its properties at each call.
const runner = createRequire(__filename)('node:test') as Record<string, Fn>;

/** `test(name?, options?, fn?)`: the options object gains the timeout unless it names one. */
function testWithTimeout(original: Fn): Fn {
  const wrapped = function (this: unknown, ...args: unknown[]) {
    const at = args.findIndex((a) => typeof a === 'object' && a !== null);
    if (at < 0) args.splice(typeof args[0] === 'function' ? 0 : 1, 0, { timeout });
    else if ((args[at] as { timeout?: number }).timeout === undefined) args[at] = { ...(args[at] as object), timeout };
    return original.apply(this, args);
  };
  return Object.assign(wrapped, original);
}

/** `before(fn, options?)` and the other hooks. */
function hookWithTimeout(original: Fn): Fn {
  return function (this: unknown, fn: unknown, options?: unknown) {
    const given = (options ?? {}) as { timeout?: number };
    return original.call(this, fn, { ...given, timeout: given.timeout ?? timeout });
  };
}

if (Number.isFinite(timeout) && timeout > 0) {
  for (const name of ['test', 'it']) runner[name] = testWithTimeout(runner[name]!);
  for (const name of ['before', 'after', 'beforeEach', 'afterEach']) runner[name] = hookWithTimeout(runner[name]!);
}
