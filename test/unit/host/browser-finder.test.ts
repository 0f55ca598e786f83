import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserCandidates, findBrowser } from '../../../src/host/browser/browser-finder';

describe('findBrowser', () => {
  it('takes the configured path when it exists, and says so when it does not', () => {
    assert.deepEqual(findBrowser({ configured: '/opt/my/chrome', exists: (f) => f === '/opt/my/chrome' }), { path: '/opt/my/chrome' });
    const missing = findBrowser({ configured: '/opt/none', exists: () => false });
    assert.equal(missing.path, undefined);
    assert.equal('configuredMissing' in missing && missing.configuredMissing, '/opt/none');
  });

  it('searches the usual places per OS', () => {
    const linux = findBrowser({ platform: 'linux', env: { PATH: '/usr/bin' }, exists: (f) => f === '/usr/bin/chromium' });
    assert.deepEqual(linux, { path: '/usr/bin/chromium' });
    const mac = browserCandidates('darwin', { HOME: '/Users/me' });
    assert.ok(mac.includes('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'));
    assert.ok(mac.includes('/Users/me/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge'));
    const win = browserCandidates('win32', { PROGRAMFILES: 'C:\\Program Files', LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local' });
    assert.ok(win.includes('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'));
    assert.ok(win.includes('C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe'));
    const none = findBrowser({ platform: 'linux', env: {}, exists: () => false });
    assert.equal(none.path, undefined);
    assert.ok(!('configuredMissing' in none && none.configuredMissing));
  });
});
