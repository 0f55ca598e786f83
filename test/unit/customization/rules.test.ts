// Rules in every peer's format, read from a real temporary workspace: each source's activation meaning, nested
// files (closest wins), CLAUDE.md imports, the same text reached twice, name clashes, and the choice per turn.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chooseRules } from '../../../src/core/customization/rules/choose-rules';
import type { Rule } from '../../../src/core/customization/rules/rule';
import { createRulesKind } from '../../../src/core/customization/rules/rules-kind';
import { touchedFiles } from '../../../src/core/customization/rules/touched-files';
import type { LoadedKind } from '../../../src/core/customization/registry';
import { CustomizationService } from '../../../src/host/customization/customization-service';
import { NodeCustomizationFiles } from '../../../src/host/customization/node-files';
import { customizationsReport } from '../../../src/host/customization/customizations-report';

const base = mkdtempSync(join(tmpdir(), 'relay-rules-'));
const root = join(base, 'ws');
const outside = join(base, 'outside');
after(() => rmSync(base, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

let loaded: LoadedKind<Rule>;
const byDisplay = (display: string) => loaded.entries.find((rule) => rule.display === display);

before(async () => {
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.md'), 'Outside text.');
  write('AGENTS.md', 'Root agents: use pnpm.');
  write('packages/web/AGENTS.md', 'Web package: use React 19.');
  write('packages/web/ui/AGENTS.md', 'UI folder: use CSS modules.');
  write('CLAUDE.md', 'Claude root.\n\nSee @docs/conventions.md and @AGENTS.md.\n\n`@docs/not-imported.md` in code.\n\n@../outside/secret.md\n');
  write('docs/conventions.md', 'Conventions: tabs. Also @deeper.md');
  write('docs/deeper.md', 'Deeper import.');
  write('docs/not-imported.md', 'Never imported.');
  write('.claude/rules/api.md', '---\npaths:\n  - "src/api/**/*.ts"\n---\nAPI rule.');
  write('.claude/rules/general.md', 'General Claude rule.');
  write('.github/copilot-instructions.md', 'Copilot always.');
  write('.github/instructions/react.instructions.md', '---\napplyTo: "**/*.tsx"\n---\nReact rule.');
  write('.github/instructions/release.instructions.md', '---\ndescription: How to cut a release\n---\nRelease steps.');
  write('.github/instructions/manual.instructions.md', 'Manual Copilot rule.');
  write('.github/instructions/everything.instructions.md', '---\napplyTo: "**"\n---\nEverywhere.');
  write('.cursor/rules/always.mdc', '---\ndescription: x\nglobs:\nalwaysApply: true\n---\nCursor always.');
  write('.cursor/rules/ts.mdc', '---\n# comment\ndescription:\nglobs: src/**/*.ts, *.mts\nalwaysApply: false\n---\nCursor TS.');
  write('.cursor/rules/db.mdc', '---\ndescription: Database migrations\nalwaysApply: false\n---\nCursor DB.');
  write('.cursor/rules/manual.mdc', '---\nalwaysApply: false\n---\nCursor manual.');
  write('.cursor/rules/react.mdc', '---\nglobs: [src/**/*.tsx\n---\nBroken YAML rule.');
  write('.cursor/rules/plain.md', 'Ignored: Cursor reads only .mdc.');
  write('packages/web/.cursor/rules/web.mdc', '---\nglobs: "*.css"\n---\nNested Cursor CSS.');
  write('.cursorrules', 'Legacy Cursor.');
  write('.windsurfrules', 'Windsurf.');
  write('.clinerules/01-style.md', 'Cline style.');
  write('.clinerules/tests.md', '---\npaths: ["test/**"]\n---\nCline tests.');
  write('.clinerules/workflows/release.md', 'A workflow, not a rule.');
  write('.roo/rules/a.md', 'Roo rule.');
  write('.roo/rules-architect/plan.md', 'Architect mode rule.');
  write('.kilocode/rules/k.md', 'Kilo rule.');
  write('.relay/rules.md', 'Relay rules.');
  write('copy/AGENTS.md', 'Root agents: use pnpm.'); // the same text as the root file
  mkdirSync(join(root, 'linked'), { recursive: true });
  symlinkSync(join(root, '.windsurfrules'), join(root, 'linked', 'AGENTS.md'));
  const service = new CustomizationService(new NodeCustomizationFiles([root]));
  service.register(createRulesKind('Rules', undefined));
  loaded = await service.get<Rule>('rules');
});

describe('rules: every format and its activation', () => {
  test('each source keeps its meaning', () => {
    const meaning = Object.fromEntries(loaded.entries.map((rule) => [rule.display, rule.activation]));
    assert.deepEqual(meaning, {
      'AGENTS.md': 'always',
      'linked/AGENTS.md': 'nested',
      'packages/web/AGENTS.md': 'nested',
      'packages/web/ui/AGENTS.md': 'nested',
      '.relay/rules.md': 'always',
      'CLAUDE.md': 'always',
      '.claude/rules/api.md': 'glob',
      '.claude/rules/general.md': 'always',
      '.github/copilot-instructions.md': 'always',
      '.github/instructions/everything.instructions.md': 'always',
      '.github/instructions/manual.instructions.md': 'manual',
      '.github/instructions/react.instructions.md': 'glob',
      '.github/instructions/release.instructions.md': 'catalogue',
      '.cursor/rules/always.mdc': 'always',
      '.cursor/rules/db.mdc': 'catalogue',
      '.cursor/rules/manual.mdc': 'manual',
      '.cursor/rules/react.mdc': 'manual',
      '.cursor/rules/ts.mdc': 'glob',
      'packages/web/.cursor/rules/web.mdc': 'glob',
      '.cursorrules': 'always',
      '.clinerules/01-style.md': 'always',
      '.clinerules/tests.md': 'glob',
      '.roo/rules/a.md': 'always',
      '.roo/rules-architect/plan.md': 'mode',
      '.kilocode/rules/k.md': 'always',
    });
  });

  test('fields: comma globs, YAML lists, descriptions, mode slugs, nested Cursor base', () => {
    assert.deepEqual(byDisplay('.cursor/rules/ts.mdc')?.globs, ['src/**/*.ts', '*.mts']);
    assert.deepEqual(byDisplay('.claude/rules/api.md')?.globs, ['src/api/**/*.ts']);
    assert.equal(byDisplay('.cursor/rules/db.mdc')?.description, 'Database migrations');
    assert.equal(byDisplay('.roo/rules-architect/plan.md')?.mode, 'architect');
    assert.equal(byDisplay('packages/web/.cursor/rules/web.mdc')?.base, join(root, 'packages/web'));
  });

  test('a broken frontmatter is reported at its file line, the file still loaded; non-rules left out', () => {
    const report = loaded.files.find((file) => file.path.endsWith('react.mdc'));
    assert.equal(report?.problems[0]?.line, 2);
    assert.equal(byDisplay('.cursor/rules/react.mdc')?.text.trim(), 'Broken YAML rule.');
    assert.equal(loaded.files.some((file) => file.path.endsWith('plain.md') || file.path.includes('workflows')), false);
  });

  test('CLAUDE.md imports: relative, a few hops, not in code, not outside the workspace, AGENTS.md not twice', () => {
    const claude = byDisplay('CLAUDE.md')!.text;
    assert.match(claude, /Conventions: tabs/);
    assert.match(claude, /Deeper import/);
    assert.doesNotMatch(claude, /Never imported|Outside text|Root agents/);
    const problems = loaded.files.find((file) => file.path === join(root, 'CLAUDE.md'))!.problems;
    assert.match(problems.map((p) => p.message).join('\n'), /outside the workspace/);
  });

  test('the same text twice (a copy, a symlink) is included once and the report says why', () => {
    assert.equal(byDisplay('copy/AGENTS.md'), undefined);
    assert.equal(byDisplay('.windsurfrules'), undefined, 'linked/AGENTS.md links to it and was read first');
    assert.match(loaded.files.find((file) => file.path.endsWith(join('copy', 'AGENTS.md')))!.summary!, /included once/);
    assert.match(loaded.files.find((file) => file.path === join(root, '.windsurfrules'))!.summary!, /included once/);
  });
});

describe('rules: the choice per turn', () => {
  const names = (touched: string[], named: string[] = [], agent?: string) =>
    chooseRules(loaded.entries, { touched: touched.map((path) => join(root, path)), named, ...(agent ? { agent } : {}) }).active.map(({ rule }) => rule.display);

  test('a turn touching nothing gets the always-on rules only, the catalogue separately', () => {
    const chosen = chooseRules(loaded.entries, { touched: [], named: [] });
    assert.equal(chosen.active.every(({ rule }) => rule.activation === 'always'), true);
    assert.deepEqual(chosen.catalogue.map((rule) => rule.name).sort(), ['db', 'release']);
  });

  test('glob rules apply to matching files only, from their base', () => {
    const ts = names(['src/api/users.ts']);
    assert.equal(ts.includes('.cursor/rules/ts.mdc') && ts.includes('.claude/rules/api.md'), true);
    assert.equal(ts.includes('.github/instructions/react.instructions.md'), false);
    assert.equal(names(['lib/x.mts']).includes('.cursor/rules/ts.mdc'), true, 'a glob without a folder matches at any depth');
    assert.equal(names(['src/App.tsx']).includes('.github/instructions/react.instructions.md'), true);
    assert.equal(names(['packages/web/a/b.css']).includes('packages/web/.cursor/rules/web.mdc'), true);
    assert.equal(names(['other/b.css']).includes('packages/web/.cursor/rules/web.mdc'), false, 'a nested rule stays in its folder');
    assert.equal(names(['test/unit/a.test.ts']).includes('.clinerules/tests.md'), true);
  });

  test('nested AGENTS.md: the closest to each touched file, root always', () => {
    assert.deepEqual(names(['packages/web/ui/button.tsx']).filter((n) => n.endsWith('AGENTS.md')), ['AGENTS.md', 'packages/web/ui/AGENTS.md']);
    assert.deepEqual(names(['packages/web/index.ts']).filter((n) => n.endsWith('AGENTS.md')), ['AGENTS.md', 'packages/web/AGENTS.md']);
    assert.deepEqual(names(['README.md']).filter((n) => n.endsWith('AGENTS.md')), ['AGENTS.md']);
  });

  test('manual and catalogue rules by name, mode rules by agent; a name two sources share is kept by path', () => {
    assert.equal(byDisplay('.cursor/rules/manual.mdc')?.name, '.cursor/rules/manual.mdc');
    assert.equal(byDisplay('.github/instructions/manual.instructions.md')?.name, '.github/instructions/manual.instructions.md');
    assert.deepEqual(names([], ['manual']).filter((n) => n.includes('manual')), []);
    assert.equal(names([], ['.cursor/rules/manual.mdc']).includes('.cursor/rules/manual.mdc'), true);
    assert.equal(names([], ['db']).includes('.cursor/rules/db.mdc'), true);
    assert.equal(names([]).includes('.roo/rules-architect/plan.md'), false);
    assert.equal(names([], [], 'architect').includes('.roo/rules-architect/plan.md'), true);
  });

  test('touched files come from tool arguments, patches and @mentions', () => {
    const files = touchedFiles(
      [
        { role: 'user', content: [{ type: 'text', text: 'Fix @src/App.tsx:10-20 using @db.' }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_call', callId: '1', name: 'read_file', args: { path: 'src/api/users.ts' } },
            { type: 'tool_call', callId: '2', name: 'apply_patch', args: { patch: '*** Begin Patch\n*** Update File: lib/x.mts\n@@\n*** End Patch' } },
          ],
        },
      ],
      root,
    );
    assert.deepEqual(files.touched.sort(), [join(root, 'lib/x.mts'), join(root, 'src/App.tsx'), join(root, 'src/api/users.ts')]);
    assert.deepEqual(files.named, ['src/App.tsx:10-20', 'db']);
  });

  test("a patch's headers with spaces around them (as apply_patch takes them, like Codex) still name their files", () => {
    const patch = "apply_patch <<'EOF'\n *** Begin Patch\n  *** Update File: src/api/users.ts  \n@@\n-a\n+b\n\t*** Add File: docs/new.md\n+x\n*** End Patch \nEOF";
    const files = touchedFiles([{ role: 'assistant', content: [{ type: 'tool_call', callId: '1', name: 'apply_patch', args: { patch } }] }], root);
    assert.deepEqual(files.touched.sort(), [join(root, 'docs/new.md'), join(root, 'src/api/users.ts')]);
  });
});

describe('Show Customizations', () => {
  test('lists every file by source with its activation, problems at file:line, and the last turn', () => {
    const text = customizationsReport([{ id: 'rules', title: 'Rules', loaded, status: [] }], [{ kind: 'rules', title: 'Rules active in the last turn', lines: ['AGENTS.md (AGENTS.md): always'] }]);
    assert.match(text, /### Cursor rule\n/);
    assert.match(text, new RegExp(`- ${join(root, '.cursor/rules/ts.mdc').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: when a file matches src/\\*\\*/\\*\\.ts, \\*\\.mts`));
    assert.match(text, new RegExp(`⚠ ${join(root, '.cursor/rules/react.mdc').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2: `));
    assert.match(text, /### Rules active in the last turn\n\n- AGENTS\.md \(AGENTS\.md\): always/);
  });
});
