// The approval of an MCP tool that is not read-only gives the tool's own reason (its annotations: no read-only
// hint, readOnlyHint false, destructiveHint, openWorldHint), never "Default mode asks before running commands.",
// and names the tool once: the MCP summary's "Tool:" line is not repeated by the footer. The modal's words are the
// tool's title and what it does; no internal name (mcp__srv__do_it) and no hint's name (destructiveHint). A tool that declares itself destructive is a dangerous call: Enter denies.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildMcpToolEntries } from '../../../src/core/mcp/catalog';
import type { McpToolAnnotations } from '../../../src/core/ports/mcp';
import type { ApprovalMode } from '../../../src/core/permissions/types';
import type { ToolPreparation } from '../../../src/core/tools/types';
import { harness, never } from './fakes';
import { toGateRequest } from '../../../src/core/agent/approval-hook';

async function promptForMcp(annotations: McpToolAnnotations | undefined, mode: ApprovalMode = 'default') {
  const { entries } = buildMcpToolEntries(
    [{ serverName: 'srv', tools: [{ name: 'do_it', inputSchema: { type: 'object' }, ...(annotations ? { annotations } : {}) }], connection: () => ({ serverName: 'srv', callTool: async () => ({ content: [] }) }) }],
    new Set(),
  );
  const entry = entries[0]!;
  const tool = entry.factory({ taskId: 't' }) as unknown as { displayName: string; prepare(params: unknown): Promise<ToolPreparation> };
  const preparation = await tool.prepare({ path: 'x' });
  const h = harness({ answers: [{ type: 'deny' }] });
  h.settings.change({ mode });
  // The request as the session's approval hook builds it (core/agent/approval-hook.ts).
  await h.service.approve(toGateRequest({ callId: 'm1', toolName: entry.name, displayName: tool.displayName, kind: entry.kind, params: { path: 'x' }, preparation, signal: never }), never);
  return h.prompter.prompts;
}

const cases: [string, McpToolAnnotations | undefined, RegExp][] = [
  ['no annotations at all', undefined, /^Why: The MCP tool does not say that it only reads, so it may change things\.$/m],
  ['annotations without readOnlyHint', { title: 'Do it', idempotentHint: true }, /^Why: The MCP tool does not say that it only reads/m],
  ['readOnlyHint false', { readOnlyHint: false }, /^Why: The MCP tool says it changes things\.$/m],
  ['destructiveHint', { destructiveHint: true }, /^Why: The MCP tool says it may delete or overwrite data\./m],
  ['destructive and read-only at once', { readOnlyHint: true, destructiveHint: true }, /^Why: The MCP tool says it may delete or overwrite data, although it also says it only reads\./m],
  ['open world', { readOnlyHint: false, openWorldHint: true }, /^Why: The MCP tool says it changes things\. It also says it reaches systems outside your machine\.$/m],
  ['destructive and open world', { destructiveHint: true, openWorldHint: true }, /says it may delete or overwrite data\. It also says it reaches systems outside your machine\./],
];

describe('MCP approval reason', () => {
  for (const [what, annotations, why] of cases) {
    it(`${what}: the real reason, the tool named once`, async () => {
      const prompts = await promptForMcp(annotations);
      assert.equal(prompts.length, 1, 'it asked');
      const { message, detail } = prompts[0]!;
      // The question says the action; the internal name is on the details line only.
      const title = annotations?.title ?? 'do_it';
      assert.equal(message, `Call ${title} on the MCP server srv?`);
      assert.match(detail, why, detail);
      // Why this call asks, not the mode's general sentence.
      assert.doesNotMatch(detail, /running commands|mode asks/, detail);
      assert.equal(detail.split('\n').filter((line) => line.startsWith('Tool: ')).length, 1, detail);
      assert.match(detail, /^Arguments:\n/, detail);
      assert.ok(detail.split('\n').includes(`Tool: ${title} (srv)`), detail);
      assert.doesNotMatch(`${message}\n${detail}`, /mcp__/, `no internal name in the modal: ${detail}`);
      assert.doesNotMatch(`${message}\n${detail}`, /Hint\b/, 'no annotation names');
      assert.equal(prompts[0]!.denyByDefault, annotations?.destructiveHint === true ? true : undefined, 'a destructive tool is dangerous: Enter denies');
    });
  }

  it('a tool with a title: the question names it by its title', async () => {
    const [prompt] = await promptForMcp({ title: 'Delete Everything', destructiveHint: true });
    assert.equal(prompt!.message, 'Call Delete Everything on the MCP server srv?');
    assert.match(prompt!.detail, /^Tool: Delete Everything \(srv\)$/m);
    assert.equal(prompt!.denyByDefault, true);
  });

  it('auto-edit mode: the same reason of the tool\'s own, not the mode\'s sentence', async () => {
    const [prompt] = await promptForMcp({ destructiveHint: true }, 'auto-edit');
    assert.match(prompt!.detail, /says it may delete or overwrite data\.$/m);
    assert.doesNotMatch(prompt!.detail, /mode asks/);
  });

  it('a read-only tool does not ask; in plan mode a writing one is refused as before', async () => {
    assert.equal((await promptForMcp({ readOnlyHint: true })).length, 0);
    assert.equal((await promptForMcp({ readOnlyHint: true, openWorldHint: true })).length, 0);
    assert.equal((await promptForMcp(undefined, 'plan')).length, 0);
  });

  it('other tools without a target say that no rule allows them, and keep their Tool line', async () => {
    const h = harness({ answers: [{ type: 'deny' }] });
    await h.service.approve({ callId: 'x', toolName: 'ext__thing', kind: 'execute', targets: {} }, never);
    const detail = h.prompter.prompts[0]!.detail;
    assert.match(detail, /^Why: No rule allows ext__thing, and it is not a read-only tool\.$/m);
    assert.match(detail, /^Tool: ext__thing$/m);
  });
});
