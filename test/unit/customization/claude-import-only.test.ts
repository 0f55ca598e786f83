// A CLAUDE.md that only points at another instructions file (`@AGENTS.md`, the convention for keeping one file for
// every agent) stands for that file: its text is read once, and the `@AGENTS.md` line is never sent as a rule of
// its own. Lines that hold only imports are left out of any CLAUDE.md (and of the files it imports); prose that
// mentions `@someone`, code, and imports of files that are not there stay as written.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Rule } from '../../../src/core/customization/rules/rule';
import { createRulesKind } from '../../../src/core/customization/rules/rules-kind';
import type { LoadedKind } from '../../../src/core/customization/registry';
import { CustomizationService } from '../../../src/host/customization/customization-service';
import { NodeCustomizationFiles } from '../../../src/host/customization/node-files';

const base = mkdtempSync(join(tmpdir(), 'relay-claude-import-'));
after(() => rmSync(base, { recursive: true, force: true }));
let count = 0;

async function load(files: Record<string, string>): Promise<LoadedKind<Rule> & { root: string }> {
  const root = join(base, `ws${count++}`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const service = new CustomizationService(new NodeCustomizationFiles([root]));
  service.register(createRulesKind('Rules', undefined));
  return { ...(await service.get<Rule>('rules')), root };
}

const AGENTS = 'Use pnpm. Run the tests with pnpm test.';
const texts = (loaded: LoadedKind<Rule>) => loaded.entries.map((rule) => rule.text).join('\n---\n');
const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;
const summaryOf = (loaded: LoadedKind<Rule> & { root: string }, path: string) => loaded.files.find((file) => file.path === join(loaded.root, path))?.summary ?? '';

describe('a CLAUDE.md that imports AGENTS.md', () => {
  const alone: [string, Record<string, string>][] = [
    ['the whole file is @AGENTS.md', { 'AGENTS.md': AGENTS, 'CLAUDE.md': '@AGENTS.md\n' }],
    ['with blank lines around it', { 'AGENTS.md': AGENTS, 'CLAUDE.md': '\n\n  @AGENTS.md  \n\n' }],
    ['as ./AGENTS.md', { 'AGENTS.md': AGENTS, 'CLAUDE.md': '@./AGENTS.md' }],
    ['from .claude/CLAUDE.md as @../AGENTS.md', { 'AGENTS.md': AGENTS, '.claude/CLAUDE.md': '@../AGENTS.md\n' }],
    ['CLAUDE.local.md too', { 'AGENTS.md': AGENTS, 'CLAUDE.local.md': '@AGENTS.md' }],
    ['in a package folder', { 'packages/api/AGENTS.md': AGENTS, 'packages/api/CLAUDE.md': '@AGENTS.md\n' }],
    ['two imports on one line, both loaded', { 'AGENTS.md': AGENTS, 'docs/more.md': 'More.', 'CLAUDE.md': '@AGENTS.md @docs/more.md\n' }],
  ];
  for (const [name, files] of alone) {
    test(`${name}: the text once, no rule made of the import line`, async () => {
      const loaded = await load(files);
      const all = texts(loaded);
      assert.equal(occurrences(all, AGENTS), 1, all);
      assert.doesNotMatch(all, /@(\.\.?\/)?AGENTS\.md/, 'the import line is not sent as a rule');
      assert.ok(loaded.entries.every((rule) => rule.text.trim() !== ''));
    });
  }

  test('Show Customizations says the CLAUDE.md only imports a file already loaded', async () => {
    const loaded = await load({ 'AGENTS.md': AGENTS, 'CLAUDE.md': '@AGENTS.md\n' });
    assert.equal(loaded.entries.length, 1);
    assert.equal(loaded.entries[0]!.display, 'AGENTS.md');
    assert.match(summaryOf(loaded, 'CLAUDE.md'), /only imports AGENTS\.md, already loaded: included once/);
  });

  test('CLAUDE.md text of its own around the import is kept, without the import line', async () => {
    const loaded = await load({ 'AGENTS.md': AGENTS, 'CLAUDE.md': '@AGENTS.md\n\n# Claude only\nPrefer small commits.\n' });
    const claude = loaded.entries.find((rule) => rule.display === 'CLAUDE.md')!;
    assert.match(claude.text, /^# Claude only\nPrefer small commits\.$/);
    assert.equal(occurrences(texts(loaded), AGENTS), 1);
  });

  test('an import line among imports of new files: the new files are read, the line is not sent', async () => {
    const loaded = await load({ 'AGENTS.md': AGENTS, 'docs/style.md': 'Tabs, not spaces.', 'CLAUDE.md': '@AGENTS.md\n@docs/style.md\n' });
    const claude = loaded.entries.find((rule) => rule.display === 'CLAUDE.md')!;
    assert.match(claude.text, /Tabs, not spaces\./);
    assert.doesNotMatch(claude.text, /@AGENTS\.md|@docs\/style\.md/);
  });

  test('an imported file that itself only imports another: the chain is read, no bare import lines', async () => {
    const loaded = await load({ 'CLAUDE.md': '@docs/index.md', 'docs/index.md': '@rules.md\n', 'docs/rules.md': 'The real rules.' });
    const claude = loaded.entries.find((rule) => rule.display === 'CLAUDE.md')!;
    assert.match(claude.text, /The real rules\./);
    assert.doesNotMatch(claude.text, /@rules\.md|@docs\/index\.md/);
  });

  test('a sentence that mentions an import keeps its words', async () => {
    const loaded = await load({ 'AGENTS.md': AGENTS, 'CLAUDE.md': 'Follow @AGENTS.md for the commands.\n' });
    const claude = loaded.entries.find((rule) => rule.display === 'CLAUDE.md')!;
    assert.equal(claude.text, 'Follow @AGENTS.md for the commands.');
  });

  test('an @word that names no file (a person, a missing file) is prose and stays', async () => {
    const loaded = await load({ 'CLAUDE.md': '@AGENTS.md\n' });
    assert.equal(loaded.entries[0]?.text, '@AGENTS.md');
    const person = await load({ 'AGENTS.md': AGENTS, 'CLAUDE.md': '@AGENTS.md @octocat\n' });
    assert.match(texts(person), /@AGENTS\.md @octocat/, 'a line with a word that is not an import is kept whole');
  });

  test('an import written in code is not an import and its line stays', async () => {
    const loaded = await load({ 'AGENTS.md': AGENTS, 'CLAUDE.md': '```\n@AGENTS.md\n```\n' });
    assert.match(texts(loaded), /```\n@AGENTS\.md\n```/);
  });
});
