// The workspace's agent instructions, read from a real temporary folder.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { readWorkspaceRules } from '../../../src/host/customization/workspace-rules';

const root = mkdtempSync(join(tmpdir(), 'relay-rules-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('workspace rules: AGENTS.md and its peers', () => {
  test('reads the files that exist, in order, skips empty and oversized ones', async () => {
    const a = join(root, 'a');
    mkdirSync(join(a, '.github'), { recursive: true });
    mkdirSync(join(a, '.relay'), { recursive: true });
    writeFileSync(join(a, 'AGENTS.md'), 'Use pnpm.');
    writeFileSync(join(a, '.relay', 'rules.md'), '   \n');
    writeFileSync(join(a, '.github', 'copilot-instructions.md'), 'x'.repeat(300 * 1024));
    writeFileSync(join(a, 'CLAUDE.md'), 'Prefer small commits.');
    assert.deepEqual(await readWorkspaceRules([a]), [
      { source: 'AGENTS.md', text: 'Use pnpm.' },
      { source: 'CLAUDE.md', text: 'Prefer small commits.' },
    ]);
  });

  test('multi-root workspaces name each file by its full path; no files, no rules', async () => {
    const b = join(root, 'b');
    const c = join(root, 'c');
    mkdirSync(b, { recursive: true });
    mkdirSync(c, { recursive: true });
    writeFileSync(join(c, 'AGENTS.md'), 'Run make test.');
    assert.deepEqual(await readWorkspaceRules([b, c]), [{ source: join(c, 'AGENTS.md'), text: 'Run make test.' }]);
    assert.deepEqual(await readWorkspaceRules([b]), []);
  });
});
