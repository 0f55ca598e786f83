// Local URLs and ports in real servers' banners, bytes and all (Vite bolds the port inside its URL), read as the
// process manager reads them: through its AnsiStripper, complete lines only. Addresses that are not on this machine
// and numbers that are not ports must stay out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findLocalUrls, findPorts } from '../../../src/core/processes/url-detection';
import { AnsiStripper } from '../../../src/core/text/ansi';

const ESC = '\x1b';
const bold = (s: string) => `${ESC}[1m${s}${ESC}[22m`;
const cyan = (s: string) => `${ESC}[36m${s}${ESC}[39m`;
const green = (s: string) => `${ESC}[32m${s}${ESC}[39m`;
const dim = (s: string) => `${ESC}[2m${s}${ESC}[22m`;

type Banner = [name: string, raw: string, urls: string[], ports: number[]];

const BANNERS: Banner[] = [
  ['vite (port in bold)', `\n  ${green(`${bold('VITE')} v5.4.0`)}  ${dim('ready in')} ${bold('312')} ms\n\n  ${green('➜')}  ${bold('Local')}:   ${cyan(`http://localhost:${bold('5173')}/`)}\n  ${green('➜')}  ${bold('Network')}${dim(': use ')}${bold('--host')}${dim(' to expose')}\n`, ['http://localhost:5173/'], [5173]],
  ['vite --host', `  ${green('➜')}  ${bold('Local')}:   ${cyan(`http://localhost:${bold('5173')}/`)}\n  ${green('➜')}  ${bold('Network')}: ${cyan(`http://192.168.1.5:${bold('5173')}/`)}\n`, ['http://localhost:5173/'], [5173]],
  ['vite port taken', 'Port 5173 is in use, trying another one...\n\n  VITE v5.4.0  ready in 200 ms\n\n  ➜  Local:   http://localhost:5174/\n', ['http://localhost:5174/'], [5174]],
  ['next 15', '   ▲ Next.js 15.0.0\n   - Local:        http://localhost:3000\n   - Network:      http://192.168.1.5:3000\n\n ✓ Starting...\n ✓ Ready in 1234ms\n', ['http://localhost:3000/'], [3000]],
  ['nuxt', 'Nuxt 3.12.4 with Nitro 2.9.7\n\n  ➜ Local:    http://localhost:3000/\n  ➜ Network:  use --host to expose\n', ['http://localhost:3000/'], [3000]],
  ['sveltekit', '\n  VITE v5.4.0  ready in 800 ms\n\n  ➜  Local:   http://localhost:5173/\n  ➜  Network: use --host to expose\n  ➜  press h + enter to show help\n', ['http://localhost:5173/'], [5173]],
  ['astro', ` ${bold('astro')}  v4.16.0 ready in 300 ms\n\n┃ Local    ${cyan('http://localhost:4321/')}\n┃ Network  use --host to expose\n\n`, ['http://localhost:4321/'], [4321]],
  ['remix-serve', '[remix-serve] http://localhost:3000 (http://192.168.1.5:3000)\n', ['http://localhost:3000/'], [3000]],
  ['angular', '** Angular Live Development Server is listening on localhost:4200, open your browser on http://localhost:4200/ **\n', ['http://localhost:4200/'], [4200]],
  ['create-react-app', 'Compiled successfully!\n\nYou can now view my-app in the browser.\n\n  Local:            http://localhost:3000\n  On Your Network:  http://192.168.1.5:3000\n\nNote that the development build is not optimized.\n', ['http://localhost:3000/'], [3000]],
  ['webpack-dev-server', '<i> [webpack-dev-server] Project is running at:\n<i> [webpack-dev-server] Loopback: http://localhost:8080/, http://[::1]:8080/\n<i> [webpack-dev-server] On Your Network (IPv4): http://192.168.1.5:8080/\n<i> [webpack-dev-server] On Your Network (IPv6): http://[fe80::1]:8080/\n', ['http://localhost:8080/', 'http://[::1]:8080/'], [8080]],
  ['express', 'Server listening on port 3000\n', [], [3000]],
  ['django', 'Watching for file changes with StatReloader\nPerforming system checks...\n\nSystem check identified no issues (0 silenced).\nNovember 27, 2026 - 12:00:01\nDjango version 5.0.1, using settings \'mysite.settings\'\nStarting development server at http://127.0.0.1:8000/\nQuit the server with CONTROL-C.\n', ['http://127.0.0.1:8000/'], [8000]],
  ['flask', ' * Serving Flask app \'app\'\n * Debug mode: on\n * Running on http://127.0.0.1:5000\nPress CTRL+C to quit\n * Debugger PIN: 123-456-789\n', ['http://127.0.0.1:5000/'], [5000]],
  ['uvicorn', `INFO:     Will watch for changes in these directories: ['/app']\nINFO:     Uvicorn running on ${bold('http://0.0.0.0:8000')} (Press CTRL+C to quit)\nINFO:     Started reloader process [12345] using StatReload\n`, ['http://localhost:8000/'], [8000]],
  ['puma http', '* Listening on http://127.0.0.1:3000\n* Listening on http://[::1]:3000\nUse Ctrl-C to stop\n', ['http://127.0.0.1:3000/', 'http://[::1]:3000/'], [3000]],
  ['puma tcp', 'Puma starting in single mode...\n* Puma version: 6.4.2 (ruby 3.3.0-p0) ("The Eagle of Durango")\n*  Min threads: 5\n* Listening on tcp://0.0.0.0:3000\nUse Ctrl-C to stop\n', [], [3000]],
  ['spring boot', '2026-11-27T12:00:01.234Z  INFO 12345 --- [main] o.s.b.w.embedded.tomcat.TomcatWebServer  : Tomcat started on port(s): 8080 (http) with context path \'\'\n', [], [8080]],
  ['spring boot 3', '2026-11-27T12:00:01.234Z  INFO 12345 --- [demo] [main] o.s.b.w.e.tomcat.TomcatWebServer : Tomcat started on port 8080 (http) with context path \'/\'\n', [], [8080]],
  ['.net', 'info: Microsoft.Hosting.Lifetime[14]\n      Now listening on: http://localhost:5000\ninfo: Microsoft.Hosting.Lifetime[0]\n      Application started. Press Ctrl+C to shut down.\n', ['http://localhost:5000/'], [5000]],
  ['go', '2026/11/27 12:00:01 listening on :8080\n', [], [8080]],
  ['hugo', 'Built in 12 ms\nEnvironment: "development"\nWeb Server is available at http://localhost:1313/ (bind address 127.0.0.1)\nPress Ctrl+C to stop\n', ['http://localhost:1313/'], [1313]],
  ['jekyll', '    Server address: http://127.0.0.1:4000/\n  Server running... press ctrl-c to stop.\n', ['http://127.0.0.1:4000/'], [4000]],
  ['jupyter', '[I 2026-11-27 12:00:01.234 ServerApp] Jupyter Server 2.14.0 is running at:\n[I 2026-11-27 12:00:01.234 ServerApp] http://myhost:8888/lab?token=abc\n[I 2026-11-27 12:00:01.234 ServerApp]     http://127.0.0.1:8888/lab?token=abc\n', ['http://127.0.0.1:8888/lab?token=abc'], [8888]],
  ['storybook', '╭──────────────────────────────────────────────────╮\n│   Storybook 8.0.0 for react-vite started           │\n│   Local:            http://localhost:6006/         │\n│   On your network:  http://192.168.1.5:6006/       │\n╰──────────────────────────────────────────────────╯\n', ['http://localhost:6006/'], [6006]],
  ['parcel', 'Server running at http://localhost:1234\n✨ Built in 512ms\n', ['http://localhost:1234/'], [1234]],
  ['python http.server', 'Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/) ...\n', ['http://localhost:8000/'], [8000]],
  ['php -S', '[Fri Nov 27 12:00:01 2026] PHP 8.3.0 Development Server (http://localhost:8000) started\n', ['http://localhost:8000/'], [8000]],
  ['phoenix', '[info] Running MyAppWeb.Endpoint with Bandit 1.5.0 at 127.0.0.1:4000 (http)\n[info] Access MyAppWeb.Endpoint at http://localhost:4000\n', ['http://localhost:4000/'], [4000]],
  ['phoenix alone', '[info] Running MyAppWeb.Endpoint with Bandit 1.5.0 at 127.0.0.1:4000 (http)\n', [], [4000]],
  ['http-server', 'Starting up http-server, serving ./\n\nhttp-server version: 14.1.1\n\nAvailable on:\n  http://127.0.0.1:8080\n  http://192.168.1.5:8080\nHit CTRL-C to stop the server\n', ['http://127.0.0.1:8080/'], [8080]],
];

const NOT_LOCAL: Banner[] = [
  ['LAN and public addresses', 'On Your Network: http://192.168.1.5:8080\nNetwork: http://10.0.0.7:5173/\nsee https://example.com:8443/docs\n', [], []],
  ['look-alike hosts', 'proxy at http://localhost.example.com:3000/ and http://127.0.0.1.nip.io:5173/\nalso localhost.example.com:3000 and 127.0.0.1.nip.io:5173\n', [], []],
  ['numbers that are not ports', 'vite v5173 building for production...\nbuilt in 3000 ms\ntook 3000 ms\nFound 3000 files\nPID 12345\n12:00:01\n[12:00:01 PM] Found 0 errors\n2026-11-27T12:00:01.234Z started\nadded 312 packages in 4s\n', [], []],
  ['the inspector', 'Debugger listening on ws://127.0.0.1:9229/3f9c2d44-7c1a-4b6e-9a3b-2c1f0e2d7a11\nFor help, see: https://nodejs.org/en/docs/inspector\n', [], []],
  ['someone else on the port', 'Something is already running on port 3000.\nError: listen EADDRINUSE: address already in use 127.0.0.1:3000\nError: listen EADDRINUSE: address already in use :::8080\n', [], []],
];

/** What the manager's scan sees: the stripped stream, complete lines only. */
function lines(raw: string): string {
  const stripper = new AnsiStripper();
  let text = '';
  for (let i = 0; i < raw.length; i += 5) text += stripper.push(raw.slice(i, i + 5));
  return text.slice(0, text.lastIndexOf('\n') + 1);
}

describe('local URL and port detection on real banners', () => {
  for (const [name, raw, urls, ports] of [...BANNERS, ...NOT_LOCAL]) {
    it(name, () => {
      const text = lines(raw);
      assert.deepEqual(findLocalUrls(text), urls, 'urls');
      assert.deepEqual(findPorts(text), ports, 'ports');
    });
  }
});
