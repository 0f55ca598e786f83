// Two channels under a Chinese display language (docs/tool-system.md): what the model reads stays the same
// English, what the person reads (card title, tip, status error, modal reason, diff title) is Chinese. The
// localiser here is the real zh-cn bundle, as VS Code's l10n.t would read it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SessionApprovals } from '../../../src/core/agent/approval-hook';
import { formatMessage, l10n, setLocalizer } from '../../../src/core/l10n';
import { applyAnswer } from '../../../src/core/permissions/answers';
import { PermissionPolicy } from '../../../src/core/permissions/policy';
import { asText } from '../../../src/core/tools/model-results';
import { ToolManager, ToolRegistry, ToolScheduler } from '../../../src/core/tools';
import type { ToolCallStatus } from '../../../src/core/tools';
import { createBuiltinToolFactories } from '../../../src/tools';
import { createInMemoryHost } from '../../support/in-memory-host';
import { readJson } from '../../support/l10n-messages';
import { virtualFileSystem, WORKSPACE } from '../permissions/fixtures';
import { harness, never } from '../permissions-host/fakes';
import { RecordingLogger } from '../tools/fixtures';

const bundle = readJson('l10n/bundle.l10n.zh-cn.json');
const zh = (english: string, ...args: (string | number)[]) => formatMessage(bundle[english] ?? `MISSING ${english}`, args);
const CJK = /[\u4e00-\u9fff]/;

before(() => setLocalizer((message, ...args) => formatMessage(bundle[message] ?? message, args)));
after(() => setLocalizer((message, ...args) => formatMessage(message, args)));

describe('model channel vs UI channel under zh-cn', () => {
  it('l10n.both: English for the model, Chinese for people, nested pairs split by channel', () => {
    const inner = l10n.both('Default mode asks before running commands.');
    const said = l10n.both('{0}: "{1}".', inner, 'npm test');
    assert.equal(said.model, 'Default mode asks before running commands.: "npm test".');
    assert.equal(said.ui, '默认模式在运行命令前会询问。："npm test"。');
  });

  it('a permission decision: reason in English, uiReason in Chinese; a denial tells the model in English', async () => {
    const policy = new PermissionPolicy({ mode: 'default', rules: [], fileSystem: virtualFileSystem(), workspaceTrusted: true, includeDefaultRules: false });
    const decision = await policy.evaluate({ toolName: 'write_file', kind: 'write', targets: { paths: [`${WORKSPACE}/notes.txt`] } });
    assert.equal(decision.action, 'ask');
    assert.equal(decision.reason, 'Default mode asks before changing files.');
    assert.equal(decision.uiReason, zh('Default mode asks before changing files.'));
    const denied = applyAnswer(decision, { type: 'deny-with-reason', reason: 'use pnpm' });
    assert.equal(denied.messageForModel, 'The user denied this call: use pnpm');
    assert.equal(denied.uiReason, zh('The user denied this call: {0}', 'use pnpm'));

    const sensitive = await policy.evaluate({ toolName: 'write_file', kind: 'write', targets: { paths: [`${WORKSPACE}/.env`] } });
    assert.equal(sensitive.reason, `"${WORKSPACE}/.env" may hold secrets.`);
    assert.equal(sensitive.uiReason, `"${WORKSPACE}/.env" ${zh('may hold secrets')}。`);
  });

  it('the approval modal says why in Chinese', async () => {
    const h = harness({ answers: [{ type: 'deny' }] });
    await h.service.approve({ callId: 'p1', toolName: 'write_file', kind: 'write', targets: { paths: [`${WORKSPACE}/notes.txt`] } }, never);
    const detail = h.prompter.prompts[0]!.detail;
    assert.match(detail, new RegExp(zh('Why: {0}', zh('No allow rule covers changes to this file.')).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.doesNotMatch(detail, /Default mode/);
  });

  it('every built-in tool: an English displayName for the model and a Chinese one for the card', () => {
    const host = createInMemoryHost();
    for (const entry of createBuiltinToolFactories(host.services)) {
      const tool = entry.factory({ taskId: 't', callId: 'c' });
      assert.doesNotMatch(tool.displayName ?? tool.name, CJK, `${entry.name}: the model's display name stays English`);
      assert.ok(tool.uiDisplayName, `${entry.name} has a uiDisplayName`);
      assert.match(tool.uiDisplayName, CJK, `${entry.name}: the card's name is Chinese (${tool.uiDisplayName})`);
      assert.equal(tool.uiDisplayName, zh(tool.displayName!), `${entry.name}: the card's name is the translation of the model's`);
    }
  });

  it('a denied write_file: the card reads Chinese (title, tip, error), the model reads English', async () => {
    const host = createInMemoryHost();
    const registry = new ToolRegistry();
    for (const entry of createBuiltinToolFactories(host.services)) registry.registerFactory(entry.name, entry.factory);
    const logger = new RecordingLogger();
    const gate = harness({ answers: [{ type: 'deny' }] });
    const approvals = new SessionApprovals(gate.service, () => undefined);
    const scheduler = new ToolScheduler({ logger, manager: new ToolManager({ registry, taskId: 'task-1', logger }), approve: approvals.hook });
    const statuses: ToolCallStatus[] = [];
    scheduler.onDidChangeStatus((s) => statuses.push(s));
    const { outcomes } = await scheduler.runCalls([{ callId: 'w1', name: 'write_file', arguments: { path: 'notes.txt', content: 'hi\n' } }]);

    const model = asText(outcomes[0]!.content);
    assert.equal(model, 'The write_file call did not run. The user denied this call. Do not repeat it unchanged; adjust your approach.');
    const last = statuses[statuses.length - 1]!;
    assert.equal(last.status, 'ERROR');
    assert.equal(last.displayName, zh('Write File'));
    assert.equal(last.error, zh('The user denied this call.'));
    assert.ok(statuses.some((s) => s.showTip === zh('Create {0}', 'notes.txt')), 'the card says what the call would do, in Chinese');
  });
});
