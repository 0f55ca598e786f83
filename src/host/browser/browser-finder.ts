// Where an installed Chromium-family browser lives (Chrome, Edge, Chromium), per OS, after the path the user
// named in `relay.checkPage.browserPath`. check_page never downloads a browser.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface BrowserSearch {
  /** `relay.checkPage.browserPath`, when set. */
  configured?: string;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  /** Whether a file exists and is a file (tests pass a fake). */
  exists?: (file: string) => boolean;
}

export type BrowserFound = { path: string } | { path?: undefined; configuredMissing?: string; searched: string[] };

export function browserCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge', 'Chromium.app/Contents/MacOS/Chromium', 'Brave Browser.app/Contents/MacOS/Brave Browser'];
    const roots = ['/Applications', ...(env.HOME ? [path.posix.join(env.HOME, 'Applications')] : [])];
    return roots.flatMap((root) => apps.map((app) => path.posix.join(root, app)));
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((r): r is string => !!r);
    const apps = ['Google\\Chrome\\Application\\chrome.exe', 'Microsoft\\Edge\\Application\\msedge.exe', 'Chromium\\Application\\chrome.exe', 'BraveSoftware\\Brave-Browser\\Application\\brave.exe'];
    return roots.flatMap((root) => apps.map((app) => path.win32.join(root, app)));
  }
  const names = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'microsoft-edge', 'microsoft-edge-stable', 'brave-browser'];
  const dirs = ['/usr/bin', '/usr/local/bin', '/snap/bin', ...(env.PATH ?? '').split(':').filter((d) => d.startsWith('/'))];
  const unique = [...new Set(dirs)];
  return [...unique.flatMap((dir) => names.map((name) => path.posix.join(dir, name))), '/opt/google/chrome/chrome', '/opt/microsoft/msedge/msedge'];
}

export function findBrowser(search: BrowserSearch = {}): BrowserFound {
  const exists = search.exists ?? isFile;
  const configured = search.configured?.trim();
  if (configured) return exists(configured) ? { path: configured } : { configuredMissing: configured, searched: [configured] };
  const candidates = browserCandidates(search.platform ?? process.platform, search.env ?? process.env);
  const found = candidates.find((candidate) => exists(candidate));
  return found ? { path: found } : { searched: candidates };
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
