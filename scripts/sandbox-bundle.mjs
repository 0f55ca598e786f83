// The sandbox runtime's bundle (dist/sandbox.mjs), shared by esbuild.mjs and the sandbox bench so the bench measures
// what ships: the runtime's blocking `which` replaced by a remembered one (src/host/sandbox/cached-which.ts), and its
// ripgrep scan of `process.cwd()` by none (src/host/sandbox/no-cwd-scan.ts: Relay scans the writable roots itself).
import { fileURLToPath } from 'node:url';

const CACHED_WHICH = fileURLToPath(new URL('../src/host/sandbox/cached-which.ts', import.meta.url));
const NO_CWD_SCAN = fileURLToPath(new URL('../src/host/sandbox/no-cwd-scan.ts', import.meta.url));
const fromRuntime = (importer) => /[\\/]@anthropic-ai[\\/]sandbox-runtime[\\/]/.test(importer);

/** Resolves the runtime's own `./utils/which.js` imports (and only those) to the remembered lookup. */
export const cachedWhichPlugin = {
  name: 'sandbox-cached-which',
  setup(build) {
    build.onResolve({ filter: /[\\/]utils[\\/]which\.js$/ }, (args) => (fromRuntime(args.importer) ? { path: CACHED_WHICH } : undefined));
  },
};

/** Resolves the runtime's own `../utils/ripgrep.js` imports (its per-command scan of `process.cwd()`) to no scan. */
export const noCwdScanPlugin = {
  name: 'sandbox-no-cwd-scan',
  setup(build) {
    build.onResolve({ filter: /[\\/]utils[\\/]ripgrep\.js$/ }, (args) => (fromRuntime(args.importer) ? { path: NO_CWD_SCAN } : undefined));
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
    plugins: [cachedWhichPlugin, noCwdScanPlugin],
  };
}
