// The sandbox runtime's bundle (dist/sandbox.mjs), shared by esbuild.mjs and the sandbox bench so the bench measures
// what ships: the runtime's blocking `which` replaced by a remembered one (src/host/sandbox/cached-which.ts).
import { fileURLToPath } from 'node:url';

const CACHED_WHICH = fileURLToPath(new URL('../src/host/sandbox/cached-which.ts', import.meta.url));

/** Resolves the runtime's own `./utils/which.js` imports (and only those) to the remembered lookup. */
export const cachedWhichPlugin = {
  name: 'sandbox-cached-which',
  setup(build) {
    build.onResolve({ filter: /[\\/]utils[\\/]which\.js$/ }, (args) =>
      /[\\/]@anthropic-ai[\\/]sandbox-runtime[\\/]/.test(args.importer) ? { path: CACHED_WHICH } : undefined,
    );
  },
};

/** esbuild options for the bundle, written to `outdir`. */
export function sandboxBundleOptions(outdir) {
  return {
    bundle: true,
    logLevel: 'warning',
    legalComments: 'none',
    entryPoints: { sandbox: fileURLToPath(new URL('../src/host/sandbox/runtime-bundle.ts', import.meta.url)) },
    outdir,
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: { js: "import { createRequire as __relayCreateRequire } from 'node:module'; const require = __relayCreateRequire(import.meta.url);" },
    plugins: [cachedWhichPlugin],
  };
}
