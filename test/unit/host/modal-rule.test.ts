// One rule decides what Enter presses in every Relay modal (README, "What Enter presses in a Relay modal";
// src/host/dialogs/button-order.ts): the order of the buttons VS Code gets, checked against how VS Code picks the
// default (the first item that is not the close affordance) and Escape's answer (the close affordance). And no
// file of src/host but dialogs/modal.ts opens a modal itself, so no question can skip the rule.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import * as ts from 'typescript';
import { enterAnswer, modalButtons, type ModalButton, type ModalQuestion } from '../../../src/host/dialogs/button-order';

const question = (origin: ModalQuestion['origin'], actions: string[], safe: string[]): ModalQuestion => ({ message: 'Q?', origin, actions, safe });
/** What VS Code does with the items: the default (Enter), Escape's answer, and the buttons it shows. */
function asVsCodeShows(buttons: readonly ModalButton[]): { enter: string | undefined; escape: string | undefined; shown: string[]; closeCount: number } {
  const close = buttons.filter((b) => b.isCloseAffordance);
  return { enter: enterAnswer(buttons), escape: close.at(-1)?.answer, shown: buttons.map((b) => b.title), closeCount: close.length };
}

describe('the one rule of Relay modals: what Enter presses', () => {
  it('a question the user asked for: Enter acts, Escape gives the last safe answer, no extra Cancel', () => {
    const shown = asVsCodeShows(modalButtons(question('user', ['Allow', 'Review Changes…'], ['Deny with Reason…', 'Deny'])));
    assert.deepEqual(shown, { enter: 'Allow', escape: 'Deny', shown: ['Allow', 'Review Changes…', 'Deny with Reason…', 'Deny'], closeCount: 1 });
  });

  it('a dangerous call: Enter denies, Escape asks for the reason; four buttons, no Cancel beside Deny', () => {
    const shown = asVsCodeShows(modalButtons(question('dangerous', ['Allow', 'Open Diff'], ['Deny', 'Deny with Reason…'])));
    assert.deepEqual(shown, { enter: 'Deny', escape: 'Deny with Reason…', shown: ['Deny', 'Allow', 'Open Diff', 'Deny with Reason…'], closeCount: 1 });
  });

  it('a question Enter must not act on has two safe answers, so VS Code adds no Cancel meaning the same as Deny', () => {
    // VS Code focuses the first button that is not the close affordance: one safe answer could not be both Enter's
    // and Escape's, and a Cancel added for Escape would mean "Don't Run" a second time (issue 38).
    for (const origin of ['dangerous', 'unasked'] as const) {
      assert.throws(() => modalButtons(question(origin, ['Run Hooks'], ["Don't Run"])), /two safe answers/);
    }
    for (const [action, look, decline] of [['Run Hooks', 'Show Hooks File', "Don't Run"], ['Start Server', 'Show Configuration', "Don't Start"], ['Allow', 'Show Agent File', "Don't Allow"], ['Switch to YOLO', 'Choose Mode…', 'Keep Default']] as const) {
      const shown = asVsCodeShows(modalButtons(question('unasked', [action], [look, decline])));
      assert.deepEqual(shown, { enter: look, escape: decline, shown: [look, action, decline], closeCount: 1 }, action);
    }
  });

  it('an unasked question with two safe answers (Show Diff, Reject): Enter shows, Escape rejects, no Cancel', () => {
    const shown = asVsCodeShows(modalButtons(question('unasked', ['Accept Changes'], ['Show Diff', 'Reject'])));
    assert.deepEqual(shown, { enter: 'Show Diff', escape: 'Reject', shown: ['Show Diff', 'Accept Changes', 'Reject'], closeCount: 1 });
  });

  it('never lets Enter act unless the user asked: every origin but `user` puts a safe answer first, whatever the actions', () => {
    for (const origin of ['dangerous', 'unasked'] as const) {
      for (const safe of [['No', 'Later'], ['No', 'Maybe', 'Later']]) {
        const buttons = modalButtons(question(origin, ['Yes', 'Always'], safe));
        assert.ok(safe.includes(enterAnswer(buttons)!), `${origin} ${safe.join('/')}`);
        assert.ok(safe.includes(buttons.find((b) => b.isCloseAffordance)!.answer));
      }
    }
  });

  it('refuses a question without a safe answer', () => {
    assert.throws(() => modalButtons(question('user', ['Yes'], [])), /does nothing/);
  });
});

const ROOT = resolve(__dirname, '../../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });

/** `window.showXMessage(…, { modal: … }, …)` calls and `isCloseAffordance` properties in a file. */
function modalCalls(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && /^show(Warning|Error|Information)Message$/.test(node.expression.name.text)) {
      const modal = node.arguments.some((a) => ts.isObjectLiteralExpression(a) && a.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'modal'));
      if (modal) found.push(`${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && ts.isIdentifier(node.name) && node.name.text === 'isCloseAffordance') {
      found.push(`${relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} (isCloseAffordance)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('every modal goes through dialogs/modal.ts', () => {
  it('no other file of src opens a modal or sets a close affordance', () => {
    const own = join(ROOT, 'src/host/dialogs/modal.ts');
    const rule = join(ROOT, 'src/host/dialogs/button-order.ts');
    const elsewhere = sourceFiles(join(ROOT, 'src')).filter((f) => f !== own && f !== rule).flatMap(modalCalls);
    assert.deepEqual(elsewhere, []);
    assert.ok(modalCalls(own).length >= 1, 'the check finds the one place');
  });
});
