// A page for check_page E2E tests: a tiny HTTP server the scripted model starts in the workspace (`node
// server.js`, in the background) and then checks. GET /exit ends it, whether or not the test reached its Stop.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { Locator } from 'playwright-core';

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

/**
 * A finished check_page card, opened: it shows the page as the model saw it (a small copy of the screenshot, a
 * data: URI that decodes, its alt text naming the page `title`) and no raw parameter ("settle ms 500" before,
 * issue 38). Returns the picture, scrolled into view for a screenshot.
 */
export async function assertPageCard(card: Locator, title: string): Promise<Locator> {
  await card.locator('.tool-toggle').click();
  const picture = card.locator('img.block-image');
  await picture.waitFor({ timeout: 10_000 });
  assert.ok(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the picture decodes');
  assert.match((await picture.getAttribute('src')) ?? '', /^data:image\/jpeg;base64,/);
  assert.ok(((await picture.getAttribute('alt')) ?? '').includes(title), 'its alt text names the page');
  assert.doesNotMatch((await card.textContent()) ?? '', /settle|max text|\b500\b/, 'no raw parameter on the card');
  await picture.scrollIntoViewIfNeeded();
  return picture;
}
