// Localisation is complete or the build is red: every message the host shows (l10n.t), every `%key%` of
// package.json and every webview string has its Simplified Chinese translation, no bundle keeps a stale
// entry, and each translation keeps its `{0}` placeholders.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';
import { formatMessage } from '../../../src/core/l10n';
import { localizedWebviewStrings } from '../../../src/host/chat/webview-strings';
import { WEBVIEW_STRINGS } from '../../../src/shared/webview-strings';
import { bundleMessages, l10nCalls, localizedManifest, manifestKeys, placeholders, readJson, ROOT } from '../../support/l10n-messages';

const LOCALES = ['zh-cn'];
/** Names that read the same in Chinese: the product, its category and a mode named after a phrase. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Relay', 'Yolo', 'Relay: {0}']);
/** Chinese characters or full-width punctuation ("URL：{0}"). */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
/** The places that forward a message to VS Code's l10n.t (the localiser itself and the webview's table). */
const FORWARDERS = new Set(['src/extension.ts', 'src/host/runtime/runtime.ts', 'src/host/chat/webview-strings.ts']);

function difference(a: Iterable<string>, b: Set<string>): string[] {
  return [...a].filter((x) => !b.has(x)).sort();
}

describe('localisation bundles', () => {
  test('every l10n.t call takes a string literal, so its message can be found and translated', () => {
    const calls = l10nCalls();
    assert.ok(calls.length > 200, `only ${calls.length} l10n.t calls found: the scan is broken`);
    assert.deepEqual(
      calls.filter((c) => c.message === undefined && !FORWARDERS.has(c.file)).map((c) => `${c.file}:${c.line}`),
      [],
    );
  });

  test('no message counts with "(s)": a count says "1 setting" or "3 settings", a form for each, so each language words its own (issue 38)', () => {
    const messages = [...l10nCalls().flatMap((c) => (c.message === undefined ? [] : [c.message])), ...Object.values(WEBVIEW_STRINGS)];
    assert.deepEqual(
      messages.filter((m) => /[a-z]\(s\)/i.test(m)),
      [],
    );
  });

  test('package.json names the l10n folder and uses %key% for what people read', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    assert.equal(manifest.l10n, './l10n');
    const command = manifest.contributes.commands.find((c: { command: string }) => c.command === 'relay.newTask');
    assert.equal(command.title, '%command.newTask.title%');
    assert.equal(manifest.contributes.views.relay[0].name, '%views.chat.name%');
    assert.match(manifest.contributes.configuration.properties['relay.provider'].description, /^%.+%$/);
  });

  test('package.nls.json has exactly the %key%s package.json uses', () => {
    const keys = manifestKeys();
    const nls = new Set(Object.keys(readJson('package.nls.json')));
    assert.deepEqual(difference(keys, nls), [], 'missing from package.nls.json');
    assert.deepEqual(difference(nls, keys), [], 'stale in package.nls.json');
  });

  for (const locale of LOCALES) {
    test(`package.nls.${locale}.json translates every key of package.nls.json and nothing else`, () => {
      const english = readJson('package.nls.json');
      const translated = readJson(`package.nls.${locale}.json`);
      assert.deepEqual(difference(Object.keys(english), new Set(Object.keys(translated))), [], 'missing');
      assert.deepEqual(difference(Object.keys(translated), new Set(Object.keys(english))), [], 'stale');
      for (const [key, text] of Object.entries(translated)) {
        assert.ok(text.trim(), `${key} is empty`);
        if (!SAME_IN_EVERY_LANGUAGE.has(english[key]!)) assert.match(text, CJK, `${key} is not translated: ${text}`);
      }
    });

    test(`l10n/bundle.l10n.${locale}.json translates every host message and webview string, and nothing else`, () => {
      const messages = bundleMessages();
      const bundle = readJson(`l10n/bundle.l10n.${locale}.json`);
      const keys = new Set(Object.keys(bundle));
      assert.deepEqual(difference(messages, keys), [], 'missing from the bundle');
      assert.deepEqual(difference(keys, messages), [], 'stale in the bundle');
      for (const [message, text] of Object.entries(bundle)) {
        assert.equal(placeholders(text), placeholders(message), `placeholders differ: ${JSON.stringify(message)} → ${JSON.stringify(text)}`);
        if (!SAME_IN_EVERY_LANGUAGE.has(message)) assert.match(text, CJK, `not translated: ${JSON.stringify(message)} → ${JSON.stringify(text)}`);
      }
    });

    test(`the command titles the host's messages name ("Relay: Set API Key") read as package.nls.${locale}.json has them`, () => {
      const bundle = readJson(`l10n/bundle.l10n.${locale}.json`);
      const nls = readJson(`package.nls.${locale}.json`);
      assert.equal(bundle['Set API Key'], nls['command.setApiKey.title']);
      assert.equal(bundle['Select Model'], nls['command.selectModel.title']);
    });

    test(`the webview gets its whole table in ${locale}, validated`, () => {
      const bundle = readJson(`l10n/bundle.l10n.${locale}.json`);
      const warnings: string[] = [];
      const table = localizedWebviewStrings((m) => warnings.push(m), (message) => bundle[message] ?? message);
      assert.deepEqual(warnings, []);
      assert.deepEqual(Object.keys(table).sort(), Object.keys(WEBVIEW_STRINGS).sort());
      assert.equal(table.welcomeTitle, '欢迎使用 Relay');
      assert.equal(formatMessage(table.useExample, ['npm test']), '使用此任务：npm test');
    });
  }

  test('a translation that loses a placeholder falls back to English, with a warning', () => {
    const warnings: string[] = [];
    const table = localizedWebviewStrings(
      (m) => warnings.push(m),
      (message) => (message === WEBVIEW_STRINGS.openLabel ? '打开' : message),
    );
    assert.equal(table.openLabel, 'Open {0}');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /openLabel/);
  });

  test('the English manifest resolves every %key% (what VS Code shows without a language pack)', () => {
    const text = JSON.stringify(localizedManifest());
    assert.doesNotMatch(text, /"%[A-Za-z.\-]+%"/);
  });
});

describe('the lint guard against untranslated host strings', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const lint = async (code: string) => (await eslint.lintText(code, { filePath: join(ROOT, 'src/host/l10n-guard-probe.ts') }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-syntax');

  test('flags a literal message, a literal quick pick title and a literal button', async () => {
    const problems = await lint(
      [
        "import * as vscode from 'vscode';",
        "void vscode.window.showWarningMessage('Something went wrong');",
        "void vscode.window.showInformationMessage(`Saved ${1} files`);",
        "void vscode.window.showQuickPick([], { title: 'Pick one', placeHolder: `Now: ${2}` });",
        "const item: vscode.MessageItem = { title: 'Allow' };",
        "const configurationError = (message: string) => ({ message });",
        "const error = configurationError(`No API key is set for ${'x'}.`);",
        'export { item, error };',
      ].join('\n'),
    );
    assert.deepEqual(
      problems.map((p) => p.line),
      [2, 3, 4, 4, 5, 7],
    );
  });

  test('accepts l10n.t, codicon prefixes and text that is not a sentence', async () => {
    const problems = await lint(
      [
        "import * as vscode from 'vscode';",
        "import { l10n } from '../core/l10n';",
        "void vscode.window.showWarningMessage(l10n.t('Something went wrong: {0}', 'x'));",
        "void vscode.window.showQuickPick([{ label: `$(check) ${l10n.t('Done')}`, description: '' }], { title: l10n.t('Pick one') });",
      ].join('\n'),
    );
    assert.deepEqual(problems, []);
  });
});

describe('the lint guard against English in the tool and permission layers', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const lint = async (code: string, file: string) => (await eslint.lintText(code, { filePath: join(ROOT, file) }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-syntax');

  test("a tool's literal summary or tip, and a displayName without its uiDisplayName, fail", async () => {
    const problems = await lint(
      [
        'export class Probe {',
        "  readonly displayName = 'Probe Tool';",
        '  run(ctx: { send(o: object): void }, path: string) {',
        "    ctx.send({ showTip: 'Probing' });",
        '    ctx.send({ summary: `Probe ${path}` });',
        "    ctx.send({ showTip: `${path} (+1 -0)` });",
        '  }',
        '}',
      ].join('\n'),
      'src/tools/l10n-guard-probe.ts',
    );
    assert.deepEqual(
      problems.map((p) => p.line),
      [2, 4, 5],
    );
  });

  test('a tool with uiDisplayName and l10n.t texts passes', async () => {
    const problems = await lint(
      [
        "import { l10n } from '../core/l10n';",
        'export class Probe {',
        "  readonly displayName = 'Probe Tool';",
        "  readonly uiDisplayName = l10n.t('Probe Tool');",
        "  run(ctx: { send(o: object): void }, path: string) { ctx.send({ showTip: l10n.t('Probing {0}', path) }); }",
        '}',
      ].join('\n'),
      'src/tools/l10n-guard-probe.ts',
    );
    assert.deepEqual(problems, []);
  });

  test("a tool failure written as a bare sentence fails; l10n.both, a pair or another program's words pass", async () => {
    const problems = await lint(
      [
        "import { l10n } from '../core/l10n';",
        "import { ToolError, ToolErrorType } from '../core/tools';",
        'export class Probe {',
        '  fail(..._args: unknown[]) {}',
        '  run(ctx: { callId: string; sendToolStatus(id: string, s: string, o: object): void }, path: string, error: Error) {',
        "    if (path === '') throw new ToolError(ToolErrorType.INVALID_PARAMS, 'The path is empty.');",
        '    if (path === \'.\') throw new ToolError(ToolErrorType.INVALID_PARAMS, `${path} is a directory.`);',
        "    this.fail(ctx, ToolErrorType.EXECUTION_FAILED, 'It broke.');",
        "    ctx.sendToolStatus(ctx.callId, 'ERROR', { error: `Timed out after ${path}` });",
        "    throw new ToolError(ToolErrorType.INVALID_PARAMS, l10n.both('{0} is a directory.', path));",
        "    this.fail(ctx, ToolErrorType.EXECUTION_FAILED, error.message);",
        "    this.fail(ctx, ToolErrorType.EXECUTION_FAILED, { model: `${path} broke`, ui: l10n.t('{0} broke', path) });",
        '  }',
        '}',
      ].join('\n'),
      'src/tools/l10n-guard-probe.ts',
    );
    assert.deepEqual(
      problems.map((p) => p.line),
      [6, 7, 8, 9],
    );
  });

  test('a permission check with a bare reason fails; because(l10n.both(...)) passes', async () => {
    const problems = await lint(
      [
        "import { l10n } from '../l10n';",
        "import { because } from './reasons';",
        "export const a = { action: 'ask', reason: 'Asks.', allowRuleCanOverride: true };",
        "export const b = (x: string) => ({ action: 'deny', reason: `No ${x}.`, uiReason: 'x' });",
        "export const c = { action: 'ask', ...because(l10n.both('Asks.')), allowRuleCanOverride: true };",
      ].join('\n'),
      'src/core/permissions/l10n-guard-probe.ts',
    );
    assert.deepEqual(
      problems.map((p) => p.line),
      [3, 4, 4],
    );
  });

  test('a literal diff editor title fails in the host', async () => {
    const problems = await lint(
      [
        "import * as vscode from 'vscode';",
        "import { l10n } from '../core/l10n';",
        "declare const a: vscode.Uri, b: vscode.Uri, name: string;",
        "void vscode.commands.executeCommand('vscode.diff', a, b, `${name} (Relay: new file)`);",
        "void vscode.commands.executeCommand('vscode.changes', 'Relay: Changes', []);",
        "void vscode.commands.executeCommand('vscode.diff', a, b, l10n.t('{0} (Relay: new file)', name));",
      ].join('\n'),
      'src/host/l10n-guard-probe.ts',
    );
    assert.deepEqual(
      problems.map((p) => p.line),
      [4, 5],
    );
  });
});
