// Builds the two bundles: the extension (Node, CommonJS, `vscode` external) and the webview (browser).
// Flags: --watch (rebuild on change), --production (minified, no source maps). Sizes are printed after every build.
import * as esbuild from 'esbuild';
import { chmodSync, copyFileSync, mkdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { sandboxBundleOptions } from './scripts/sandbox-bundle.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

/**
 * The Gemini SDK (~750 KiB) lives in dist/gemini.js: the runtime's `import('@google/genai')` (made on the first
 * Gemini turn) is resolved to that file instead of being bundled.
 * @type {esbuild.Plugin}
 */
const geminiOnDemand = {
  name: 'gemini-on-demand',
  setup: (b) => b.onResolve({ filter: /^@google\/genai$/ }, (args) => (args.importer.endsWith('gemini-bundle.ts') ? undefined : { path: './gemini.js', external: true })),
};

/**
 * playwright-core reads its package.json and browsers.json through paths built at run time from its own folder,
 * which esbuild cannot follow; in dist/browser.js they become static requires (inlined JSON).
 * @type {esbuild.Plugin}
 */
const playwrightJson = {
  name: 'playwright-json',
  setup: (b) =>
    b.onLoad({ filter: /playwright-core[\\/]lib[\\/].*\.js$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const contents = text.replace(/require\(import_path\d*\.default\.join\(packageRoot, "(package|browsers)\.json"\)\)/g, (_m, name) => `require("../${name}.json")`);
      return { contents, loader: 'js' };
    }),
};

/** @type {esbuild.BuildOptions[]} */
const targets = [
  {
    ...common,
    // Two Node bundles: `extension` holds only what activation needs; `runtime` is required on first use.
    // `mcp` (the MCP SDK client) is required only when a task starts with MCP servers configured; `web` (HTML to
    // Markdown) on the first HTML page fetched; `proxy` (undici's ProxyAgent) only when `http.proxy` is set;
    // `gemini` (Google's SDK) on the first Gemini turn; `browser` (playwright-core's client) on the first check_page.
    entryPoints: {
      extension: 'src/extension.ts',
      runtime: 'src/host/runtime/runtime.ts',
      mcp: 'src/host/mcp/client-bundle.ts',
      web: 'src/host/web/html-bundle.ts',
      proxy: 'src/host/proxy/proxy-bundle.ts',
      gemini: 'src/host/model/gemini-bundle.ts',
      browser: 'src/host/browser/browser-bundle.ts',
    },
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', './runtime.js', './mcp.js', './web.js', './proxy.js', './gemini.js', './browser.js'],
    plugins: [geminiOnDemand, playwrightJson],
    // web-tree-sitter's ESM build calls createRequire(import.meta.url), which is undefined in a CJS bundle.
    // jsonc-parser's `main` is a UMD build whose requires esbuild cannot follow; its ESM build bundles whole.
    alias: { 'web-tree-sitter': './node_modules/web-tree-sitter/web-tree-sitter.cjs', 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
  },
  {
    ...common,
    entryPoints: { webview: 'webview/main.ts' },
    outdir: 'dist',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    loader: { '.css': 'css' },
  },
  {
    ...common,
    // The OS sandbox (@anthropic-ai/sandbox-runtime) is an ES module that finds its helper binaries next to itself
    // (import.meta.url): an ESM bundle, dist/sandbox.mjs, imported on the first sandboxed command; vendor/ is copied beside it.
    // Its blocking `which` per command is replaced by a remembered one (scripts/sandbox-bundle.mjs, issue 30).
    ...sandboxBundleOptions('dist'),
  },
];

// The shell parser's WASM files ship beside the bundles (the .vsix is packaged without node_modules).
const WASM_FILES = [
  'node_modules/web-tree-sitter/web-tree-sitter.wasm',
  'node_modules/tree-sitter-bash/tree-sitter-bash.wasm',
];

// The sandbox's seccomp helper (Unix sockets blocked inside the sandbox) and the JVM proxy agent, found beside dist/sandbox.mjs.
const SANDBOX_VENDOR = 'node_modules/@anthropic-ai/sandbox-runtime/vendor';
const SANDBOX_FILES = ['seccomp/x64/apply-seccomp', 'seccomp/arm64/apply-seccomp', 'java-proxy-agent/srt-proxy-agent.jar'];

function copyWasm() {
  mkdirSync('dist', { recursive: true });
  for (const file of WASM_FILES) copyFileSync(file, `dist/${file.split('/').pop()}`);
  for (const file of SANDBOX_FILES) {
    const target = `dist/vendor/${file}`;
    mkdirSync(target.slice(0, target.lastIndexOf('/')), { recursive: true });
    copyFileSync(`${SANDBOX_VENDOR}/${file}`, target);
    chmodSync(target, 0o755);
  }
}

function kib(file) {
  try {
    return `${(statSync(file).size / 1024).toFixed(1)} KiB`;
  } catch {
    return 'missing';
  }
}

function printSizes() {
  console.log(
    `[relay] bundles${production ? ' (production)' : ''}: extension ${kib('dist/extension.js')} ` +
      `(+ runtime ${kib('dist/runtime.js')}, loaded on first use; mcp ${kib('dist/mcp.js')}, loaded with the first MCP server; web ${kib('dist/web.js')}, loaded with the first HTML page; proxy ${kib('dist/proxy.js')}, loaded when http.proxy is set; ` +
      `gemini ${kib('dist/gemini.js')}, loaded on the first Gemini turn; browser ${kib('dist/browser.js')}, loaded on the first check_page; ` +
      `sandbox ${kib('dist/sandbox.mjs')}, loaded with the first sandboxed command), webview ${kib('dist/webview.js')} + ${kib('dist/webview.css')} css`,
  );
}

const sizePlugin = { name: 'sizes', setup: (b) => b.onEnd((r) => r.errors.length === 0 && printSizes()) };

copyWasm();
if (watch) {
  for (const t of targets) {
    const ctx = await esbuild.context({ ...t, plugins: [...(t.plugins ?? []), sizePlugin] });
    await ctx.watch();
  }
  console.log('[relay] watching for changes');
} else {
  const results = await Promise.all(targets.map((t) => esbuild.build(t)));
  // A warning is an error here: a CSS "Expected }" once nested half a stylesheet inside one rule, silently.
  const warnings = results.reduce((n, r) => n + r.warnings.length, 0);
  if (warnings > 0) {
    console.error(`[relay] the build printed ${warnings} warning(s) above; fix them (warnings fail the build)`);
    process.exit(1);
  }
  printSizes();
}
