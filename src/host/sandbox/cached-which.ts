// The sandbox runtime's `whichSync`, remembered per binary. The runtime resolves the shell with a blocking `which`
// process on every wrapped command (7–35 ms of the added start-up, issue 30); esbuild puts this module in place of
// the runtime's utils/which.js in dist/sandbox.mjs (scripts/sandbox-bundle.mjs). Same contract: the full path, or
// null. A result holds while PATH is the same and the file found is still executable; a miss is never remembered
// (a binary installed later is found on the next call), and a removed or replaced-by-nothing binary is looked up
// again. The lookup itself walks PATH in-process (platform/executables.ts) instead of starting `which`.
import { findOnPath, isExecutable } from '../platform/executables';

export type Resolve = (bin: string) => string | null;

/** `resolve` remembered per (PATH, binary); `isExecutable` re-checks a remembered path on every use (one access()). */
export function memoizedWhich(resolve: Resolve, isExecutable: (path: string) => boolean, path: () => string = () => process.env.PATH ?? ''): Resolve {
  const found = new Map<string, string>();
  return (bin) => {
    const key = `${path()}\0${bin}`;
    const known = found.get(key);
    if (known !== undefined && isExecutable(known)) return known;
    found.delete(key);
    const resolved = resolve(bin);
    if (resolved !== null) found.set(key, resolved);
    return resolved;
  };
}

/** The file `which <bin>` would name: the first executable of that name on PATH. */
function onPath(bin: string): string | null {
  return findOnPath(bin) ?? null;
}

export const whichSync: Resolve = memoizedWhich(onPath, isExecutable);
