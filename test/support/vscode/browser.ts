// Debian's Chromium driven by playwright-core (Playwright's own browser download cannot work offline).
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.RELAY_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Set by the E2E runner to the WebSocket address of the one Chromium it started for the whole level (see
 * startSharedChromium): each test file connects to it instead of launching its own, and gets its own browser
 * context (cookies, storage and cache of its own), which closing the connection discards.
 */
export const SHARED_CHROMIUM_ENV = 'RELAY_E2E_CHROMIUM_WS';

function launchOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium) or set RELAY_CHROMIUM`);
  }
  return {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

/** The runner's shared Chromium when there is one, else a Chromium of this process's own. */
export async function launchChromium(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  if (shared) return chromium.connect(shared);
  return chromium.launch(launchOptions());
}

/** One Chromium for a whole level's test files (they run one at a time); close() stops it and its children. */
export function startSharedChromium(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions());
}
