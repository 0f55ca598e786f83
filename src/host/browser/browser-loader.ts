// Loads dist/browser.js (see browser-bundle.ts) on first use. The require path is resolved next to
// dist/runtime.js and marked external in esbuild.mjs; unit tests and tsx resolve it to the source.
import type * as BrowserModule from './browser-bundle';

let loaded: typeof BrowserModule | undefined;

export function loadBrowserModule(): typeof BrowserModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./browser.js') as typeof BrowserModule;
  return loaded;
}
