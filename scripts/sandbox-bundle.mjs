// The sandbox runtime's bundle (dist/sandbox.mjs), shared by esbuild.mjs and the sandbox bench so the bench measures
// what ships: the runtime's blocking `which` replaced by a remembered one (src/host/sandbox/cached-which.ts), and its
// ripgrep scan of `process.cwd()` by none (src/host/sandbox/no-cwd-scan.ts: Relay scans the writable roots itself),
// and its filesystem plan remembered while nothing it depends on changed (src/host/sandbox/fs-plan-cache.ts), and
// its in-sandbox script run by one shell instead of a shell that starts another (ONE_SHELL below).
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHED_WHICH = fileURLToPath(new URL('../src/host/sandbox/cached-which.ts', import.meta.url));
const NO_CWD_SCAN = fileURLToPath(new URL('../src/host/sandbox/no-cwd-scan.ts', import.meta.url));
const PLAN_CACHE = fileURLToPath(new URL('../src/host/sandbox/fs-plan-cache.ts', import.meta.url));
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

const PLAN_FUNCTION = 'async function generateFilesystemArgs(';

/**
 * The runtime's in-sandbox script (proxy bridges, the trap that stops them, then the seccomp helper and the command)
 * is given to bubblewrap as `bash -c 'bash -c <script>'`: the outer shell does nothing but start the inner one, a
 * second shell start-up on every command (~1.5 ms of CPU and a process). Bubblewrap runs `bash -c <script>` instead:
 * the same shell, script, trap and jobs, one process fewer.
 */
const ONE_SHELL = ['return `${shellPath} -c ${quote([innerScript])}`;', 'return innerScript;'];

/**
 * The runtime's Linux module with its generateFilesystemArgs behind the plan cache (fs-plan-cache.ts), which it
 * is given the module state the plan touches, and its in-sandbox script run by one shell (ONE_SHELL). The build fails if the function is not found where expected (a new
 * runtime version): a silent miss would only lose the speed, but a renamed piece of state would be worse.
 */
export const planCachePlugin = {
  name: 'sandbox-plan-cache',
  setup(build) {
    build.onLoad({ filter: /[\\/]@anthropic-ai[\\/]sandbox-runtime[\\/]dist[\\/]sandbox[\\/]linux-sandbox-utils\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const needed = [PLAN_FUNCTION, 'function buildSandboxCommand(', "bwrapArgs.push('--', shell, '-c');", 'const bwrapMountPoints = new Set();', 'function registerExitCleanupHandler()', 'let emptyMountSourceDir;', 'function ensureEmptyMountSourceDir()', 'export function linuxGetCwdMandatoryDenyPaths('];
      const missing = needed.filter((anchor) => text.split(anchor).length !== 2);
      if (missing.length > 0) throw new Error(`sandbox-plan-cache: the sandbox runtime changed (${args.path}): not found exactly once: ${missing.join(', ')}`);
      // Both branches of buildSandboxCommand (with and without the seccomp helper) end the same way.
      if (text.split(ONE_SHELL[0]).length !== 3) throw new Error(`sandbox-one-shell: the sandbox runtime changed (${args.path}): buildSandboxCommand's two returns not found`);
      const contents =
        text.replaceAll(ONE_SHELL[0], ONE_SHELL[1]).replace(PLAN_FUNCTION, 'async function generateFilesystemArgsUncached(') +
        `\nimport { planCache as __relayPlanCache } from ${JSON.stringify(PLAN_CACHE)};\n` +
        'const __relayPlan = __relayPlanCache(generateFilesystemArgsUncached, { mountPoints: bwrapMountPoints, registerCleanup: registerExitCleanupHandler, emptySource: () => emptyMountSourceDir, ensureEmptySource: ensureEmptyMountSourceDir, cwdDenyPaths: linuxGetCwdMandatoryDenyPaths });\n' +
        "globalThis[Symbol.for('relay.sandboxPlanStats')] = __relayPlan.stats;\n" +
        'async function generateFilesystemArgs(...args) { return __relayPlan(...args); }\n';
      return { contents, loader: 'js', resolveDir: dirname(args.path) };
    });
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
    plugins: [cachedWhichPlugin, noCwdScanPlugin, planCachePlugin],
  };
}
