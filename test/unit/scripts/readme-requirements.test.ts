// A newcomer follows the README, not .ci/run: every Debian package CI installs must be on the README's
// requirements line, or `npm test` fails on their machine where it passes in CI.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { aptPackagesOfReadme, aptPackagesOfScript } from '../../support/readme-requirements';
import { WASM_PATHS } from '../permissions/fixtures';

describe("the README's requirements name what CI installs", () => {
  it('names every apt package .ci/run installs', async () => {
    const ci = await aptPackagesOfScript(readFileSync('.ci/run', 'utf8'), WASM_PATHS);
    const readme = await aptPackagesOfReadme(readFileSync('README.md', 'utf8'), WASM_PATHS);
    assert.ok(ci.length >= 5, `.ci/run's packages were read: ${ci.join(' ')}`);
    assert.deepEqual(
      ci.filter((p) => !readme.includes(p)),
      [],
      `README requirements: ${readme.join(' ')}`,
    );
  });

  it("reads a script's arrays handed to apt-get install and its literal arguments", async () => {
    const script = [
      'missing=()',
      'command -v bwrap >/dev/null || missing+=(bubblewrap)',
      "dpkg -s x >/dev/null || missing+=('fonts-x')",
      'apt-get install -y -qq "${missing[@]}" jq',
    ].join('\n');
    assert.deepEqual(await aptPackagesOfScript(script, WASM_PATHS), ['bubblewrap', 'fonts-x', 'jq']);
  });

  it("reads only the README's requirements paragraph, and a package it lacks shows", async () => {
    const readme = ['# X', '', 'Requirements: Node 20, `apt-get install chromium socat` (Chromium for E2E).', '', 'Later: `apt-get install not-a-requirement`.'].join('\n');
    assert.deepEqual(await aptPackagesOfReadme(readme, WASM_PATHS), ['chromium', 'socat']);
    const ci = await aptPackagesOfScript('missing+=(bubblewrap)\nmissing+=(socat)\napt-get install "${missing[@]}"', WASM_PATHS);
    assert.deepEqual(ci.filter((p) => !['chromium', 'socat'].includes(p)), ['bubblewrap']);
  });
});
