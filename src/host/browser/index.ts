// check_page's browser as the extension uses it: the page checker with playwright-core loaded from dist/browser.js
// on the first check.
//   const pages = createPageChecker({ configuredPath: () => setting, log });
//   await pages.check({ url, signal, allowPrivateAddress }); await pages.dispose();
import { loadBrowserModule } from './browser-loader';
import { BrowserPageChecker, type BrowserPageCheckerOptions } from './page-checker';

export function createPageChecker(options: Omit<BrowserPageCheckerOptions, 'launch'>): BrowserPageChecker {
  return new BrowserPageChecker({ ...options, launch: (executablePath) => loadBrowserModule().launchBrowser(executablePath) });
}

export { BrowserPageChecker, DEFAULT_BROWSER_IDLE_MS } from './page-checker';
export { findBrowser } from './browser-finder';
