// Rules and their imports go to the model as read_file's output would: a rule file or an `@import` in the workspace
// that is a symlink to a file outside it (a private key, a credentials file) is not read, and Show Customizations
// says why; a link to a file inside the workspace is read as that file. Real symlinks in a temporary folder.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Rule } from '../../../src/core/customization/rules/rule';
import { createRulesKind } from '../../../src/core/customization/rules/rules-kind';
import { CustomizationService } from '../../../src/host/customization/customization-service';
import { NodeCustomizationFiles } from '../../../src/host/customization/node-files';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'relay-rule-links-')));
after(() => rmSync(base, { recursive: true, force: true }));
const home = join(base, 'home');
mkdirSync(join(home, '.ssh'), { recursive: true });
writeFileSync(join(home, '.ssh', 'id_rsa'), '-----BEGIN OPENSSH PRIVATE KEY-----\nsecret-key-material\n');
let count = 0;

async function load(files: Record<string, string>, links: Record<string, string>) {
  const root = join(base, `ws${count++}`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    symlinkSync(target.startsWith('/') ? target : join(root, target), join(root, path));
  }
  const service = new CustomizationService(new NodeCustomizationFiles([root]));
  service.register(createRulesKind('Rules', undefined));
  const loaded = await service.get<Rule>('rules');
  const all = loaded.entries.map((r) => r.text).join('\n');
  const problems = loaded.files.flatMap((f) => f.problems.map((p) => `${f.path.slice(root.length + 1)}: ${p.message}`));
  return { all, problems };
}

const KEY = () => join(home, '.ssh', 'id_rsa');

describe('rules and imports that are symlinks', () => {
  test('CLAUDE.md imports @notes.md, a link to a private key: not read, named in the problems', async () => {
    const { all, problems } = await load({ 'CLAUDE.md': 'Be brief.\n@notes.md\n' }, { 'notes.md': KEY() });
    assert.doesNotMatch(all, /secret-key-material/);
    assert.match(all, /Be brief\./);
    assert.ok(problems.some((p) => /CLAUDE\.md: @notes\.md links to a file outside the workspace and was not read\./.test(p)), problems.join('\n'));
  });

  test('an import through a linked folder (docs -> ~/.ssh) is not read either', async () => {
    const { all, problems } = await load({ 'CLAUDE.md': 'Rules.\n@docs/id_rsa\n' }, { docs: join(home, '.ssh') });
    assert.doesNotMatch(all, /secret-key-material/);
    assert.ok(problems.some((p) => /@docs\/id_rsa links to a file outside/.test(p)), problems.join('\n'));
  });

  for (const path of ['AGENTS.md', 'CLAUDE.md', '.cursor/rules/keys.mdc', '.clinerules/keys.md', '.github/copilot-instructions.md']) {
    test(`a rule file ${path} that links to the key is not read`, async () => {
      const { all, problems } = await load({}, { [path]: KEY() });
      assert.doesNotMatch(all, /secret-key-material/);
      assert.ok(problems.some((p) => p.startsWith(`${path}: Not read: it links to a file outside the workspace.`)), problems.join('\n'));
    });
  }

  test('links inside the workspace are read as their target', async () => {
    const { all, problems } = await load({ 'docs/agents.md': 'Use pnpm.', 'docs/style.md': 'Tabs.' }, { 'AGENTS.md': 'docs/agents.md', 'shared.md': 'docs/style.md' });
    assert.match(all, /Use pnpm\./);
    assert.deepEqual(problems, []);
    const imported = await load({ 'docs/style.md': 'Tabs.', 'CLAUDE.md': '@shared.md\n' }, { 'shared.md': 'docs/style.md' });
    assert.match(imported.all, /Tabs\./);
  });
});
