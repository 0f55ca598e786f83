// The "/" list: opened by "/" at the start of the box only, filled by the host's answer, narrowed as the name is
// typed, keyboard-first (arrows, Enter/Tab pick, Escape closes and stays closed), and a message the host gave back
// returns to the box.
import * as assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { SlashCommandChoice } from '../../../src/shared/chat-model';
import { filterCommands } from '../../../webview/render/slash-list';
import { click, keydown, mount, type, type Harness } from './harness';

const COMMANDS: SlashCommandChoice[] = [
  { name: 'claude:review', description: 'Review a pull request', argumentHint: '[pr-number]', source: 'Claude Code command' },
  { name: 'copilot:review', description: 'Copilot review', source: 'Copilot prompt file' },
  { name: 'deploy', argumentHint: '<env>', source: 'Roo command' },
  { name: 'release', source: 'Cline workflow' },
];

describe('webview slash command list', () => {
  let t: Harness;
  afterEach(() => t.close());
  const input = () => t.$('.composer-input') as HTMLTextAreaElement;
  const list = () => t.$('[data-testid="slash-list"]')!;
  const rows = () => t.$$('.slash-option').map((row) => row.querySelector('.slash-name')!.textContent);

  function open(): number {
    t = mount();
    t.init();
    t.takePosted();
    type(input(), '/');
    const [query] = t.takePosted();
    assert.equal(query?.type, 'slashCommandQuery');
    const requestId = (query as { requestId: number }).requestId;
    t.app.receive({ type: 'slashCommands', requestId, commands: COMMANDS });
    return requestId;
  }

  it('"/" at the start asks the host once and shows every command with its hint, source and description', () => {
    open();
    assert.equal(list().hidden, false);
    assert.deepEqual(rows(), ['/claude:review', '/copilot:review', '/deploy', '/release']);
    const first = t.$$('.slash-option')[0]!;
    assert.equal(first.querySelector('.slash-hint')!.textContent, '[pr-number]');
    assert.equal(first.querySelector('.slash-source')!.textContent, 'Claude Code command');
    assert.equal(first.querySelector('.slash-description')!.textContent, 'Review a pull request');
    assert.equal(input().getAttribute('aria-activedescendant'), first.id);
    type(input(), '/re');
    assert.deepEqual(t.takePosted(), [], 'narrowing asks nothing more');
    assert.deepEqual(rows(), ['/release', '/claude:review', '/copilot:review']);
    assert.equal(t.$('.slash-name mark')!.textContent, 're');
  });

  it('arrows move, Enter picks the name and leaves the caret for the arguments; nothing is sent', () => {
    open();
    type(input(), '/rev');
    keydown(input(), 'ArrowDown');
    assert.equal(t.$$('.slash-option')[1]!.getAttribute('aria-selected'), 'true');
    assert.equal(keydown(input(), 'Enter').defaultPrevented, true);
    assert.equal(input().value, '/copilot:review ');
    assert.equal(list().hidden, true);
    assert.deepEqual(t.takePosted().filter((m) => m.type === 'sendMessage'), []);
    type(input(), '/copilot:review 12');
    assert.equal(list().hidden, true, 'the arguments do not reopen it');
  });

  it('Tab and a click pick too; Escape closes and it stays closed while the name is typed', () => {
    open();
    keydown(input(), 'Tab');
    assert.equal(input().value, '/claude:review ');
    open();
    click(t.$$('.slash-option')[2]!);
    assert.equal(input().value, '/deploy ');
    open();
    keydown(input(), 'Escape');
    assert.equal(list().hidden, true);
    type(input(), '/d');
    assert.equal(list().hidden, true);
    type(input(), '');
    type(input(), '/');
    assert.equal(list().hidden, false, 'a new "/" opens it again');
  });

  it('only at the start of the box; no match says so', () => {
    t = mount();
    t.init();
    t.takePosted();
    type(input(), 'see /review');
    assert.deepEqual(t.takePosted(), []);
    assert.equal(list().hidden, true);
    type(input(), '/');
    const requestId = (t.takePosted()[0] as { requestId: number }).requestId;
    assert.match(list().textContent!, /Reading the command files/);
    t.app.receive({ type: 'slashCommands', requestId, commands: COMMANDS });
    type(input(), '/zzz');
    assert.match(list().textContent!, /No matching command/);
  });

  it('a message the host gave back returns to an empty box', () => {
    t = mount();
    t.init();
    t.app.receive({ type: 'restoreDraft', text: '/review 42' });
    assert.equal(input().value, '/review 42');
    type(input(), 'new text');
    t.app.receive({ type: 'restoreDraft', text: '/other' });
    assert.equal(input().value, 'new text', 'what was typed meanwhile is kept');
  });

  it('filtering: names starting with the query first', () => {
    assert.deepEqual(filterCommands(COMMANDS, 'DEP').map((c) => c.name), ['deploy']);
    assert.deepEqual(filterCommands(COMMANDS, '').length, 4);
  });
});
