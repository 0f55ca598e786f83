// Approvals inside the real VS Code: real settings (rules written to .vscode/settings.json), the real file
// system (symlinks), the shell parser's WASM from dist/, and the switch command. The test server skips
// dialogs, so the user's answers come from an injected prompter; the modal itself is covered end to end.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ApprovalMode, PermissionRule } from '../../../src/core/permissions/types';
import type {
  ApprovalOutcome,
  ApprovalPrompt,
  ApprovalPrompter,
  ApprovalRequest,
  PromptAnswer,
  WorkspaceTrust,
} from '../../../src/core/ports/approval';
import type { ApprovalService } from '../../../src/host/permissions/approval-service';
import { userSettingsFiles } from '../../../src/host/permissions/file-system-facts';
import { workspaceTrustFromVsCode } from '../../../src/host/permissions/trust';
import type * as RuntimeModule from '../../../src/host/runtime/runtime';
import { activateRelay, EXTENSION_ID, waitFor } from '../helpers';

/** Answers from a script and remembers what it was asked; an exhausted script answers like Escape. */
class ScriptedPrompter implements ApprovalPrompter {
  readonly prompts: ApprovalPrompt[] = [];
  constructor(private readonly answers: PromptAnswer[]) {}
  async ask(prompt: ApprovalPrompt): Promise<PromptAnswer> {
    this.prompts.push(prompt);
    return this.answers.shift() ?? { type: 'dismissed' };
  }
}

class InjectedTrust implements WorkspaceTrust {
  private readonly granted = new vscode.EventEmitter<void>();
  readonly onDidGrant = this.granted.event;
  constructor(public trusted: boolean) {}
  grant(): void {
    this.trusted = true;
    this.granted.fire();
  }
  dispose(): void {
    this.granted.dispose();
  }
}

describe('permissions: approvals inside real VS Code', () => {
  const never = new AbortController().signal;
  const services: ApprovalService[] = [];
  let runtime: typeof RuntimeModule;
  let extensionUri: vscode.Uri;
  const root = () => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const config = () => vscode.workspace.getConfiguration();

  before(async () => {
    await activateRelay();
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    extensionUri = extension.extensionUri;
    // The production runtime bundle, as the agent loop will load it: it carries the WASM-aware parser build.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    runtime = require(join(extension.extensionPath, 'dist', 'runtime.js')) as typeof RuntimeModule;
  });

  afterEach(async () => {
    for (const s of services.splice(0)) s.dispose();
    for (const key of ['relay.permissions', 'relay.approvalMode']) {
      await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
      await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    }
  });

  function serviceWith(answers: PromptAnswer[], trust?: WorkspaceTrust): { service: ApprovalService; prompter: ScriptedPrompter } {
    const prompter = new ScriptedPrompter(answers);
    const service = runtime.createApprovalService({ extensionUri }, { prompter, ...(trust ? { trust } : {}) });
    services.push(service);
    return { service, prompter };
  }

  function edit(path: string, onOpen: () => void = () => undefined): ApprovalRequest {
    return {
      callId: `edit-${path}`,
      toolName: 'write_file',
      kind: 'write',
      targets: { paths: [path] },
      diff: { path, added: 2, removed: 1, open: async () => onOpen() },
    };
  }

  const command = (line: string, callId = line): ApprovalRequest => ({
    callId,
    toolName: 'run_command',
    kind: 'execute',
    targets: { command: line },
  });

  function denied(outcome: ApprovalOutcome): Extract<ApprovalOutcome, { allowed: false }> {
    assert.equal(outcome.allowed, false, 'the call was allowed');
    return outcome as Extract<ApprovalOutcome, { allowed: false }>;
  }

  it('contributes the settings (with their schema), restricts them in untrusted workspaces, and registers the mode command', async () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { configuration: { properties: Record<string, { enum?: string[] }> } };
      capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
    };
    assert.deepEqual(pkg.contributes.configuration.properties['relay.approvalMode']?.enum, ['default', 'auto-edit', 'yolo', 'plan']);
    assert.ok(pkg.contributes.configuration.properties['relay.permissions']);
    // Provider and base URL too: an untrusted repository must not send the user's API key to a server of its choosing.
    assert.deepEqual(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations, [
      'relay.approvalMode',
      'relay.permissions',
      'relay.provider',
      'relay.baseUrl',
      // Likewise Azure's endpoint: the key goes wherever it points.
      'relay.azure.endpoint',
      // A workspace must not start MCP servers or tool commands of its own in Restricted Mode.
      'relay.mcpServers',
      'relay.toolDiscoveryCommand',
      'relay.toolCallCommand',
    ]);
    assert.equal(config().get('relay.approvalMode'), 'default', 'the default comes from the contributed schema');
    assert.ok((await vscode.commands.getCommands(true)).includes('relay.switchApprovalMode'));
  });

  it('allow once: the edit is allowed, the prompt names the file and its line counts, and the next call asks again', async () => {
    const { service, prompter } = serviceWith([{ type: 'allow-once' }, { type: 'allow-once' }]);
    const path = join(root(), 'src', 'feature.ts');
    const outcome = await service.approve(edit(path), never);
    assert.equal(outcome.allowed, true);
    assert.equal(outcome.audit.basis, 'user');
    assert.deepEqual(outcome.audit.answer, { type: 'allow-once' });
    assert.equal(outcome.audit.mode, 'default');
    const prompt = prompter.prompts[0]!;
    assert.equal(prompt.message, `Allow Relay to edit ${join('src', 'feature.ts')}?`);
    assert.match(prompt.detail, /Changes: \+2 \u22121 lines/);
    assert.equal(prompt.offersDiff, true);
    await service.approve(edit(path), never);
    assert.equal(prompter.prompts.length, 2);
  });

  it('Open Diff opens the preview and asks again', async () => {
    let opened = 0;
    const { service, prompter } = serviceWith([{ type: 'open-diff' }, { type: 'allow-once' }]);
    const outcome = await service.approve(
      edit(join(root(), 'README.md'), () => {
        opened++;
      }),
      never,
    );
    assert.equal(outcome.allowed, true);
    assert.equal(opened, 1);
    assert.equal(prompter.prompts.length, 2);
  });

  it('always allow: the rule is appended to the workspace settings, existing rules kept, and the next call runs without asking', async () => {
    const existing: PermissionRule = { tool: 'run_command', pattern: 'git push', action: 'deny', reason: 'pushing is mine' };
    await config().update('relay.permissions', [existing], vscode.ConfigurationTarget.Workspace);
    const { service, prompter } = serviceWith([{ type: 'always-allow' }]);
    const outcome = await service.approve(command('npm test'), never);
    const saved: PermissionRule = { tool: 'run_command', pattern: 'npm test', action: 'allow', subject: 'command' };
    assert.deepEqual(prompter.prompts[0]?.alwaysAllow, { rules: [saved], target: 'Workspace settings' });
    assert.equal(outcome.allowed, true);
    assert.deepEqual(outcome.audit.savedRules, [saved]);
    assert.deepEqual(config().inspect('relay.permissions')?.workspaceValue, [existing, saved]);

    const again = await service.approve(command('npm test -- --watch'), never);
    assert.equal(again.allowed, true);
    assert.equal(again.audit.basis, 'rule');
    assert.equal(again.audit.rule?.pattern, 'npm test');
    assert.equal(prompter.prompts.length, 1, 'the saved rule answered the second call');
    const push = denied(await service.approve(command('git push origin main'), never));
    assert.match(push.messageForModel, /pushing is mine/);
  });

  it('deny with reason: the reason reaches the caller, for the model', async () => {
    const { service, prompter } = serviceWith([{ type: 'deny-with-reason', reason: 'use pnpm in this repo' }]);
    const outcome = denied(await service.approve(command('npm install left-pad'), never));
    assert.equal(outcome.messageForModel, 'The user denied this call: use pnpm in this repo');
    assert.deepEqual(outcome.audit.answer, { type: 'deny-with-reason', reason: 'use pnpm in this repo' });
    const detail = prompter.prompts[0]!.detail;
    assert.match(detail, /^Command: npm install left-pad$/m);
    assert.ok(detail.split('\n').includes('Working directory: the workspace folder'), detail);
    assert.ok(detail.split('\n').includes('Why: The command is not on the allow list, and Relay does not know it to be read-only.'), detail);
  });

  it('Escape denies', async () => {
    const { service } = serviceWith([{ type: 'dismissed' }]);
    const outcome = denied(await service.approve(command('make deploy'), never));
    assert.equal(outcome.messageForModel, 'The user denied this call.');
  });

  it('resolves symlinks on the real disk: a link out of the workspace asks and shows the real path', async () => {
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'relay-outside-')));
    const link = join(root(), 'linked-out');
    mkdirSync(join(outside, 'docs'));
    symlinkSync(outside, link);
    try {
      await config().update('relay.approvalMode', 'yolo', vscode.ConfigurationTarget.Global);
      const { service, prompter } = serviceWith([{ type: 'deny' }]);
      await waitFor(() => service.mode === 'yolo', 5_000, 'the service to see yolo mode');
      denied(await service.approve(edit(join(link, 'docs', 'a.md')), never));
      const prompt = prompter.prompts[0]!;
      assert.ok(prompt.detail.includes(`real path ${join(outside, 'docs', 'a.md')}`), prompt.detail);
      assert.equal(prompt.alwaysAllow, undefined, 'outside the workspace always asks');
    } finally {
      rmSync(link, { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('Restricted Mode: only read-only tools are offered and changes are refused; a later grant takes effect without reload', async () => {
    const trust = new InjectedTrust(false);
    try {
      const { service, prompter } = serviceWith([{ type: 'allow-once' }], trust);
      const tools = [
        { name: 'read_file', kind: 'readonly' as const },
        { name: 'write_file', kind: 'write' as const },
        { name: 'run_command', kind: 'execute' as const },
      ];
      assert.deepEqual(service.offeredTools(tools).map((t) => t.name), ['read_file']);
      assert.deepEqual(runtime.filterToolsForTrust(tools, false).map((t) => t.name), ['read_file']);
      const refused = denied(await service.approve(edit(join(root(), 'src', 'a.ts')), never));
      assert.equal(refused.audit.basis, 'restricted-mode');
      assert.equal(prompter.prompts.length, 0);

      let heard = 0;
      const listening = service.onDidGrantTrust(() => heard++);
      trust.grant();
      listening.dispose();
      assert.equal(heard, 1, 'the agent loop hears the grant');
      assert.equal(service.offeredTools(tools).length, 3);
      assert.equal((await service.approve(edit(join(root(), 'src', 'a.ts')), never)).allowed, true);
    } finally {
      trust.dispose();
    }
  });

  it('the real trust wiring reads vscode.workspace.isTrusted (this test server runs with trust disabled, so trusted)', () => {
    const real = workspaceTrustFromVsCode();
    assert.equal(real.trusted, vscode.workspace.isTrusted);
    assert.equal(real.trusted, true);
    const subscription = real.onDidGrant(() => undefined);
    subscription.dispose();
    const { service } = serviceWith([]);
    assert.equal(service.trusted, true);
    assert.equal(service.offeredTools([{ name: 'run_command', kind: 'execute' }]).length, 1);
  });

  it('relay.switchApprovalMode with a mode sets the setting, and the service follows without a reload', async () => {
    const { service } = serviceWith([]);
    const mode = (await vscode.commands.executeCommand('relay.switchApprovalMode', 'plan')) as ApprovalMode;
    assert.equal(mode, 'plan');
    assert.equal(config().get('relay.approvalMode'), 'plan');
    await waitFor(() => service.mode === 'plan', 5_000, 'the service to switch to plan mode');
    const refused = denied(await service.approve(command('npm test'), never));
    assert.equal(refused.audit.basis, 'plan-mode');
    // A looser mode asked for with an argument (any extension can run the command) waits for the user's modal,
    // whose Enter and Escape keep the mode; this test server refuses dialogs, so the mode stays.
    assert.equal(await vscode.commands.executeCommand('relay.switchApprovalMode', 'default'), 'plan', 'plan → default is asked about');
    await config().update('relay.approvalMode', 'default', vscode.ConfigurationTarget.Global);
    await waitFor(() => service.mode === 'default', 5_000, 'the service to switch back');
    for (const looser of ['auto-edit', 'yolo'] as const) {
      assert.equal(await vscode.commands.executeCommand('relay.switchApprovalMode', looser), 'default', `default → ${looser} is not taken without the user`);
      assert.equal(service.mode, 'default');
    }
  });

  it('the native modal is really asked for; a host that refuses dialogs (this test server) gets a denial, never an allow', async () => {
    const prompt: ApprovalPrompt = {
      callId: 'm',
      toolName: 'run_command',
      kind: 'execute',
      message: 'Allow Relay to run "make"?',
      detail: 'Command: make',
      offersDiff: false,
    };
    // The workbench's dialog service names the modal it refused: proof the call reached it as a modal.
    await assert.rejects(new runtime.ModalPrompter().ask(prompt), /refused to show dialog in tests\. Contents: Allow Relay to run "make"\?/);
    const service = runtime.createApprovalService({ extensionUri }); // the production prompter
    services.push(service);
    const outcome = denied(await service.approve(command('make'), never));
    assert.deepEqual(outcome.audit.answer, { type: 'deny' });
  });

  it('protects the user settings file next to globalStorage', () => {
    const storage = vscode.Uri.file(join('/data', 'User', 'globalStorage', 'relay-dev.relay'));
    assert.deepEqual(userSettingsFiles(storage), [join('/data', 'User', 'settings.json'), join('/data', 'Machine', 'settings.json')]);
  });
});
