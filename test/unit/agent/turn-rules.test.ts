// Rules per turn in the loop: a glob rule reaches the system prompt from the request after the task touched a
// matching file, and never before; the rule is chosen from the files in the history.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chooseRules } from '../../../src/core/customization/rules/choose-rules';
import type { Rule } from '../../../src/core/customization/rules/rule';
import type { ModelRequest } from '../../../src/core/model/provider';
import { complete, registryOf, ScriptedProvider, sessionFor, testTool, turn } from './fakes';

const ROOT = '/work/project';
const RULES: Rule[] = [
  { name: 'base', path: `${ROOT}/AGENTS.md`, display: 'AGENTS.md', source: 'AGENTS.md', activation: 'always', base: ROOT, text: 'Always: use pnpm.' },
  { name: 'ts', path: `${ROOT}/.cursor/rules/ts.mdc`, display: '.cursor/rules/ts.mdc', source: 'Cursor rule', activation: 'glob', globs: ['src/**/*.ts'], base: ROOT, text: 'TS: no any.' },
  { name: 'db', path: `${ROOT}/.cursor/rules/db.mdc`, display: '.cursor/rules/db.mdc', source: 'Cursor rule', activation: 'catalogue', description: 'Migrations', base: ROOT, text: 'DB.' },
];

describe('rules chosen per turn', () => {
  test('a glob rule joins the prompt once a matching file is read, the catalogue is listed from the start', async () => {
    const seen: string[][] = [];
    const provider = new ScriptedProvider([
      turn(undefined, { id: 'c1', name: 'read_file', args: { path: 'README.md' } }),
      turn(undefined, { id: 'c2', name: 'read_file', args: { path: 'src/a.ts' } }),
      complete('c3', 'Done.'),
    ]);
    const { session } = sessionFor(provider, registryOf(testTool('read_file')), {
      turnRules: async (files) => {
        seen.push(files.touched);
        const chosen = chooseRules(RULES, files);
        return {
          rules: chosen.active.map(({ rule }) => ({ source: rule.display, text: rule.text })),
          catalogue: chosen.catalogue.map((rule) => ({ name: rule.name, description: rule.description ?? '', path: rule.display })),
        };
      },
    });
    await session.send('Tidy up');
    const [first, second, third] = provider.requests as [ModelRequest, ModelRequest, ModelRequest];
    for (const request of [first, second, third]) {
      assert.match(request.system, /## AGENTS\.md\n\nAlways: use pnpm\./);
      assert.match(request.system, /- db \(\.cursor\/rules\/db\.mdc\): Migrations/);
    }
    assert.doesNotMatch(first.system, /TS: no any/);
    assert.doesNotMatch(second.system, /TS: no any/, 'README.md matches no glob');
    assert.match(third.system, /## \.cursor\/rules\/ts\.mdc\n\nTS: no any\./);
    assert.deepEqual(seen.at(-1), [`${ROOT}/README.md`, `${ROOT}/src/a.ts`]);
  });

  test('a failing choice costs the turn its rules, not the task', async () => {
    const provider = new ScriptedProvider([complete('c1', 'Done.')]);
    const { session } = sessionFor(provider, registryOf(), {
      rules: [{ source: 'AGENTS.md', text: 'Kept.' }],
      turnRules: () => Promise.reject(new Error('disk gone')),
    });
    assert.deepEqual(await session.send('x'), { status: 'completed', result: 'Done.' });
    assert.match(provider.requests[0]!.system, /Kept\./);
  });
});
