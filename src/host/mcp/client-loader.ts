// Loads dist/mcp.js (see client-bundle.ts) on the first connect. The require path is resolved next to
// dist/runtime.js and marked external in esbuild.mjs, so neither other bundle carries the SDK.
import type * as ClientModule from './client-bundle';

export type McpClientModule = typeof ClientModule;

let loaded: McpClientModule | undefined;

export function loadMcpClient(): McpClientModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./mcp.js') as McpClientModule;
  return loaded;
}
