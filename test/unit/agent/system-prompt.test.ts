// The system prompt: environment, workspace rules, how to work; the Markdown tools prompt only when the model
// has no native tool calling.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildSystemPrompt, MAX_RULES_CHARS } from '../../../src/core/agent';
import { complete, ENVIRONMENT, registryOf, ScriptedProvider, sessionFor, testTool } from './fakes';

const RULES = [{ source: 'AGENTS.md', text: 'Use tabs. Run `make check` before finishing.' }];

describe('the system prompt', () => {
  test('names the workspace roots, OS, shell and date, holds the rules and says how to finish', () => {
    const prompt = buildSystemPrompt({
      environment: { workspaceRoots: ['/a', '/b'], os: 'darwin', shell: '/bin/zsh' },
      rules: RULES,
      date: new Date(Date.UTC(2026, 2, 14)),
      role: 'main',
    });
    assert.match(prompt, /Workspace root\(s\): \/a, \/b/);
    assert.match(prompt, /Operating system: darwin/);
    assert.match(prompt, /Shell: \/bin\/zsh/);
    assert.match(prompt, /Today's date: 2026-03-14/);
    assert.match(prompt, /## AGENTS\.md\n\nUse tabs\. Run `make check` before finishing\./);
    assert.match(prompt, /attempt_completion/);
    assert.match(prompt, /Read a file before you edit it/);
    assert.doesNotMatch(prompt, /# Available Tools/);
    assert.doesNotMatch(prompt, /sub-agent/);
  });

  test("a parallel task is told its worktree's branch and the ports reserved for its servers; a normal task is not", () => {
    const environment = { ...ENVIRONMENT, parallelTask: { branch: 'relay/fix-login', ports: { first: 41000, size: 10 } } };
    const prompt = buildSystemPrompt({ environment, date: new Date(0), role: 'main' });
    assert.match(prompt, /own git worktree on branch relay\/fix-login/);
    assert.match(prompt, /Ports 41000-41009 are reserved for this task, and \$RELAY_PORT holds the first/);
    const normal = buildSystemPrompt({ environment: ENVIRONMENT, date: new Date(0), role: 'main' });
    assert.doesNotMatch(normal, /worktree|RELAY_PORT/);
  });

  test('a sub-agent is told it reports to another agent', () => {
    const prompt = buildSystemPrompt({ environment: ENVIRONMENT, date: new Date(0), role: 'sub-agent' });
    assert.match(prompt, /You are a Relay sub-agent/);
    assert.match(prompt, /your final result goes back to it/);
  });

  test('empty rules leave the section out; huge rules are cut', () => {
    const base = { environment: ENVIRONMENT, date: new Date(0), role: 'main' as const };
    assert.doesNotMatch(buildSystemPrompt({ ...base, rules: [{ source: 'AGENTS.md', text: '  ' }] }), /# Workspace rules/);
    const long = buildSystemPrompt({ ...base, rules: [{ source: 'AGENTS.md', text: 'x'.repeat(MAX_RULES_CHARS + 100) }] });
    assert.match(long, /AGENTS\.md was cut here/);
    assert.ok(!long.includes('x'.repeat(MAX_RULES_CHARS + 1)));
  });

  test('native tool calling: tools go in the request, not in the prompt', async () => {
    const provider = new ScriptedProvider([complete('c1', 'ok')]);
    await sessionFor(provider, registryOf(testTool('read_file')), { rules: RULES, subAgents: false }).session.send('hi');
    const request = provider.requests[0]!;
    assert.deepEqual(request.tools.map((t) => t.name).sort(), ['attempt_completion', 'read_file']);
    assert.match(request.system, /Use tabs/);
    assert.match(request.system, /Operating system: linux/);
    assert.match(request.system, /Shell: \/bin\/bash/);
    assert.doesNotMatch(request.system, /# Available Tools/);
  });

  test('text protocol: the Markdown tools prompt is in the system prompt and no native tools are sent', async () => {
    const provider = new ScriptedProvider([complete('c1', 'ok')], { supportsNativeTools: false });
    await sessionFor(provider, registryOf(testTool('read_file')), { rules: RULES, subAgents: false }).session.send('hi');
    const request = provider.requests[0]!;
    assert.deepEqual(request.tools, []);
    assert.match(request.system, /# Available Tools\n\nYou have access to the following 2 tool\(s\):/);
    assert.match(request.system, /## read_file\nDescription: The read_file tool\.\nParameters:\n {2}- path: string \(required\)/);
    assert.match(request.system, /# How to Call a Tool/);
    assert.match(request.system, /Use tabs/);
  });
});
