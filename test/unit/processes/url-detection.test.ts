import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findLocalUrls, findPorts } from '../../../src/core/processes/url-detection';

// Banners as the servers print them (colours already stripped).
const BANNERS: [string, string, string[], number[]][] = [
  ['vite', '\n  VITE v5.4.0  ready in 312 ms\n\n  ➜  Local:   http://localhost:5173/\n  ➜  Network: use --host to expose\n', ['http://localhost:5173/'], [5173]],
  ['next', '  ▲ Next.js 14.2.3\n  - Local:        http://localhost:3000\n\n ✓ Ready in 1.8s\n', ['http://localhost:3000/'], [3000]],
  ['next 13', 'ready - started server on 0.0.0.0:3000, url: http://localhost:3000\n', ['http://localhost:3000/'], [3000]],
  ['webpack-dev-server', '<i> [webpack-dev-server] Loopback: http://localhost:8080/, http://[::1]:8080/\n', ['http://localhost:8080/', 'http://[::1]:8080/'], [8080]],
  ['express', 'Example app listening on port 3000\n', [], [3000]],
  ['django', 'Starting development server at http://127.0.0.1:8000/\nQuit the server with CONTROL-C.\n', ['http://127.0.0.1:8000/'], [8000]],
  ['rails', '* Listening on http://127.0.0.1:3000\n* Listening on http://[::1]:3000\nUse Ctrl-C to stop\n', ['http://127.0.0.1:3000/', 'http://[::1]:3000/'], [3000]],
  ['flask', ' * Running on http://127.0.0.1:5000\nPress CTRL+C to quit\n', ['http://127.0.0.1:5000/'], [5000]],
  ['uvicorn', 'INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n', ['http://localhost:8000/'], [8000]],
  ['angular', '** Angular Live Development Server is listening on localhost:4200, open your browser on http://localhost:4200/ **\n', ['http://localhost:4200/'], [4200]],
  ['python http.server', 'Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/) ...\n', ['http://localhost:8000/'], [8000]],
  ['go', 'Server started, listening on :8081\n', [], [8081]],
  ['https', 'Local: https://localhost:8443/app.\n', ['https://localhost:8443/app'], [8443]],
];

describe('local URL and port detection', () => {
  for (const [name, banner, urls, ports] of BANNERS) {
    it(`finds ${name}'s address`, () => {
      assert.deepEqual(findLocalUrls(banner), urls);
      assert.deepEqual(findPorts(banner), ports);
    });
  }

  it('ignores addresses that are not on this machine, and numbers that are not ports', () => {
    const text = 'Network: http://192.168.1.20:5173/\nfetching https://registry.npmjs.org/vite\nadded 312 packages in 4s\nexported 3000 rows\n';
    assert.deepEqual(findLocalUrls(text), []);
    assert.deepEqual(findPorts(text), []);
  });
});
