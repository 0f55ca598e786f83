// A page for check_page E2E tests: a tiny HTTP server the scripted model starts in the workspace (`node
// server.js`, in the background) and then checks. GET /exit ends it, whether or not the test reached its Stop.
import { createServer } from 'node:net';

/** A port free now, for the server the scripted model starts and then checks with check_page. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * `server.js` serving `title` and `heading` on `port`. The page names its charset: without it a browser reads the
 * UTF-8 bytes as windows-1252, and check_page truly reports "你好" as "ä½ å¥½".
 */
export function pageServerScript(port: number, title: string, heading: string): string {
  const page = JSON.stringify(`<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${heading}</h1>`);
  return [
    "const http = require('node:http');",
    `const server = http.createServer((req, res) => (req.url === '/exit' ? (res.end(), process.exit(0)) : res.end(${page})));`,
    `server.listen(${port}, '127.0.0.1', () => console.log('listening on http://127.0.0.1:${port}/'));`,
  ].join('\n');
}

/** Stops the server (already stopped: refused, and that is fine). */
export async function stopPageServer(url: string | undefined): Promise<void> {
  if (url) await fetch(`${url}exit`).catch(() => undefined);
}
