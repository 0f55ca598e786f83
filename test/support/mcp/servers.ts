// Where the reference MCP servers live (dev dependencies) and how to run one over HTTP for a test: started in
// its own process group on a free port, stopped by that group's id.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export function everythingServerScript(root: string): string {
  return join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
}

export function filesystemServerScript(root: string): string {
  return join(root, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
}

export function faultServerScript(root: string): string {
  return join(root, 'test/support/mcp/fault-server.mjs');
}

/** A server whose tool list follows a JSON file and announces each change (tools/list_changed). */
export function driftServerScript(root: string): string {
  return join(root, 'test/support/mcp/drift-server.mjs');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningHttpServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** server-everything in `streamableHttp` (`/mcp`) or `sse` (`/sse`) mode. */
export async function startEverythingHttp(root: string, mode: 'streamableHttp' | 'sse', node = process.execPath): Promise<RunningHttpServer> {
  const port = await freePort();
  const child = spawn(node, [everythingServerScript(root), mode], { env: { ...process.env, PORT: String(port) }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything ${mode} did not start: ${output}`)), 15_000);
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening|running on/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', (code) => reject(new Error(`server-everything ${mode} exited with ${code}: ${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 2000);
    await exited;
    clearTimeout(timer);
  };
  return { url: `http://127.0.0.1:${port}${mode === 'sse' ? '/sse' : '/mcp'}`, process: child, stop };
}
