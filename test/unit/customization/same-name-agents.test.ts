// Two agents with one name are told apart: a repository's "Plan" beside the built-in one, "reviewer" in both
// .claude/agents and .github/agents, the same file in two workspace folders. Each keeps a unique id; the pickers
// show a shared name with its source (and id when one source has it twice); a bare name in a command or a handoff
// reaches one agent by a stated order; Show Customizations says who shares the name and which one it reaches.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readAgents } from '../../../src/core/customization/agents/agents-kind';
import { BUILTIN_AGENTS } from '../../../src/core/customization/agents/builtin-agents';
import { agentLabels, findAgent, sharedNames } from '../../../src/core/customization/agents/same-name';
import type { FoundFile } from '../../../src/core/customization/registry';

const FILES: Record<string, string> = {
  '/ws/.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Claude reviewer\n---\nClaude.',
  '/ws/.github/agents/reviewer.agent.md': '---\ndescription: Copilot reviewer\n---\nCopilot.',
  '/ws/.github/chatmodes/reviewer.chatmode.md': '---\ndescription: Copilot chat mode reviewer\n---\nMode.',
  '/ws/.claude/agents/plan.md': '---\nname: Plan\ndescription: The repository plan\n---\nRepo plan.',
  '/api/.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: The api folder reviewer\n---\nApi.',
  '/ws/.claude/agents/solo.md': '---\nname: solo\ndescription: Alone\n---\nSolo.',
};

function load() {
  const files: FoundFile[] = Object.keys(FILES)
    .sort()
    .map((path) => {
      const root = path.startsWith('/api/') ? '/api' : '/ws';
      return { path, root, relative: path.slice(root.length + 1) };
    });
  return readAgents(files, (path) => FILES[path]);
}

describe('agents sharing a name', () => {
  test('every agent keeps a unique id: a shared id takes its source prefix, a built-in id too, one source twice is numbered', () => {
    const { entries } = load();
    const ids = entries.map((agent) => agent.id);
    assert.deepEqual([...ids].sort(), ['claude:Plan', 'claude:reviewer', 'claude:reviewer-2', 'copilot:reviewer', 'copilot:reviewer-2', 'solo']);
    const all = [...BUILTIN_AGENTS.map((agent) => agent.id), ...ids].map((id) => id.toLowerCase());
    assert.equal(new Set(all).size, all.length, 'no id twice, ignoring case, built-ins included');
    assert.equal(entries.find((agent) => agent.id === 'claude:reviewer-2')!.path, '/ws/.claude/agents/reviewer.md', 'path order: /api before /ws');
  });

  test('the picker labels: a shared name with its source, with the id when one source has it twice; other names as they are', () => {
    const agents = [...BUILTIN_AGENTS, ...load().entries];
    const labels = new Map(agents.map((agent, i) => [agent.id, agentLabels(agents)[i]!]));
    assert.equal(labels.get('plan'), 'Plan · Relay');
    assert.equal(labels.get('claude:Plan'), 'Plan · Claude Code sub-agent');
    assert.equal(labels.get('agent'), 'Agent');
    assert.equal(labels.get('solo'), 'solo');
    assert.equal(labels.get('claude:reviewer'), 'reviewer · Claude Code sub-agent · claude:reviewer');
    assert.equal(labels.get('claude:reviewer-2'), 'reviewer · Claude Code sub-agent · claude:reviewer-2');
    assert.equal(new Set(labels.values()).size, agents.length, 'every label differs');
    // Names compared as shown (the display language) and ignoring case.
    const shown = agentLabels(agents, (agent) => (agent.id === 'solo' ? 'AGENT' : agent.name));
    assert.equal(shown[0], 'Agent · Relay');
    assert.equal(shown[agents.findIndex((agent) => agent.id === 'solo')], 'AGENT · Claude Code sub-agent');
  });

  test('a bare name reaches one agent: an exact id, then a prefixed id, then a name; built-ins first, then path order', () => {
    const agents = [...BUILTIN_AGENTS, ...load().entries];
    assert.equal(findAgent('plan', agents)!.source, 'Relay', "the built-in Plan: its id is the name");
    assert.equal(findAgent('Plan', agents)!.source, 'Relay');
    assert.equal(findAgent('claude:Plan', agents)!.id, 'claude:Plan', 'the id picks the repository one');
    assert.equal(findAgent('reviewer', agents)!.id, 'claude:reviewer', 'the first prefixed id in path order');
    assert.equal(findAgent('copilot:reviewer-2', agents)!.id, 'copilot:reviewer-2');
    assert.equal(findAgent('SOLO', agents)!.id, 'solo');
    assert.equal(findAgent('nobody', agents), undefined);
  });

  test("Show Customizations: each file's line names who else has the name and which one a command or handoff gets", () => {
    const { files } = load();
    const line = (path: string) => files.find((file) => file.path === path)!.summary!;
    assert.match(line('/ws/.claude/agents/plan.md'), /^claude:Plan \(the name "Plan" is also plan \(built in\): .*gets plan \(built-in agents first, then files in path order\)\)$/);
    const copilot = line('/ws/.github/agents/reviewer.agent.md');
    assert.match(copilot, /^copilot:reviewer(-2)? \(the name "reviewer" is also /);
    for (const other of ['claude:reviewer (Claude Code sub-agent)', 'claude:reviewer-2 (Claude Code sub-agent)']) assert.ok(copilot.includes(other), `${other} in ${copilot}`);
    assert.match(copilot, /a command or handoff naming "reviewer" gets claude:reviewer /);
    assert.match(line('/api/.claude/agents/reviewer.md'), /gets this one/);
    assert.equal(line('/ws/.claude/agents/solo.md'), 'solo', 'a name no one shares: the id alone');
  });

  test('sharedNames groups by name ignoring case, built-ins included', () => {
    const shared = sharedNames([...BUILTIN_AGENTS, ...load().entries]);
    assert.deepEqual(shared.map((group) => [group.name, group.agents.length, group.reached?.id]), [
      ['Plan', 2, 'plan'],
      ['reviewer', 4, 'claude:reviewer'],
    ]);
  });
});
