// Loads dist/runtime.js on first use. The require path is resolved at run time next to dist/extension.js
// and marked external in esbuild.mjs, so the activation bundle stays small.
import type * as RuntimeModule from './runtime';

export type Runtime = typeof RuntimeModule;

let loaded: Runtime | undefined;

export function loadRuntime(): Runtime {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./runtime.js') as Runtime;
  return loaded;
}
