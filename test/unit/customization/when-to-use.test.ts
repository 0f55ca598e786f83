// Roo's and Kilo Code's modes carry two texts: `description` for people (the mode picker) and `whenToUse` for the
// orchestrator that chooses a mode. Relay keeps both: the picker and Show Customizations show the description, the
// model reads whenToUse in the system prompt's list of agents it may delegate to (the description when there is
// no whenToUse). Other peers' single `description` is what both read.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildSystemPrompt } from '../../../src/core/agent';
import { readAgents } from '../../../src/core/customization/agents/agents-kind';
import type { FoundFile } from '../../../src/core/customization/registry';
import { delegatesFor } from '../../../src/core/customization/agents/delegates';
import { ENVIRONMENT } from '../agent/fakes';

const ROOT = '/ws';
const ROO_YAML = `customModes:
  - slug: both
    name: Both
    description: Writes docs (for people)
    whenToUse: Pick me when the task is to write or fix Markdown documentation.
    roleDefinition: You write docs.
    groups: [read, edit]
  - slug: only-when
    name: Only when
    whenToUse: Pick me for database migrations.
    roleDefinition: You migrate.
    groups: [read]
  - slug: only-description
    name: Only description
    description: Reviews pull requests
    roleDefinition: You review.
    groups: [read]
  - slug: neither
    name: Neither
    roleDefinition: You do things.
    groups: [read]
`;
const KILO_JSON = JSON.stringify({
  customModes: [{ slug: 'kilo-both', name: 'Kilo both', description: 'Tests (for people)', whenToUse: 'Pick me to write unit tests for existing code.', roleDefinition: 'You test.', groups: ['read'] }],
});

function load(files: Record<string, string>) {
  const found: FoundFile[] = Object.keys(files).map((relative) => ({ path: `${ROOT}/${relative}`, root: ROOT, relative }));
  return readAgents(found, (path) => files[path.slice(ROOT.length + 1)]).entries;
}

const AVAILABLE = new Map([['read_file', 'readonly'], ['edit_file', 'write']]);

describe("Roo's and Kilo's whenToUse", () => {
  const agents = load({ '.roomodes': ROO_YAML, '.kilocodemodes': KILO_JSON });
  const byId = (id: string) => agents.find((agent) => agent.id === id)!;
  const delegates = delegatesFor(agents, AVAILABLE, ROOT);
  const forModel = (id: string) => delegates.find((d) => d.name === id)?.description;

  const cases: [string, string | undefined, string | undefined][] = [
    ['both', 'Writes docs (for people)', 'Pick me when the task is to write or fix Markdown documentation.'],
    ['only-when', 'Pick me for database migrations.', 'Pick me for database migrations.'],
    ['only-description', 'Reviews pull requests', 'Reviews pull requests'],
    ['neither', undefined, undefined],
    ['kilo-both', 'Tests (for people)', 'Pick me to write unit tests for existing code.'],
  ];
  for (const [id, people, model] of cases) {
    test(`${id}: people read ${people ?? 'nothing'}, the model reads ${model ?? 'nothing'}`, () => {
      assert.equal(byId(id).description, people);
      assert.equal(forModel(id), model);
    });
  }

  test("the system prompt's delegate list has whenToUse, not the people's description", () => {
    const prompt = buildSystemPrompt({ environment: ENVIRONMENT, date: new Date(0), role: 'main', delegates });
    assert.match(prompt, /- both: Pick me when the task is to write or fix Markdown documentation\./);
    assert.match(prompt, /- kilo-both: Pick me to write unit tests for existing code\./);
    assert.doesNotMatch(prompt, /for people/);
  });

  test('a single description (Claude, Copilot, OpenCode) is what the model reads', () => {
    const claude = load({ '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Use after every change to review it.\n---\nReview.' });
    assert.equal(delegatesFor(claude, AVAILABLE, ROOT)[0]!.description, 'Use after every change to review it.');
  });
});
