// The notes the host writes on mention chips ("cut after N lines", "listing cut at N entries", why a mention
// added nothing) under a pseudo-locale that turns every localised letter into "ж": the chip's note is the
// person's, with no English word of ours; the attached text the model reads keeps its English note.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formatMessage, setLocalizer } from '../../../src/core/l10n';
import {
  type Attachment,
  changesAttachment,
  fileAttachment,
  folderAttachment,
  MENTION_CAPS,
  problemsAttachment,
  selectionAttachment,
  terminalAttachment,
  urlAttachment,
} from '../../../src/core/mentions/attachments';
import { buildAttachments } from '../../../src/core/mentions/message';
import { resolveMention } from '../../../src/core/mentions/resolve';
import type { MentionSources } from '../../../src/core/ports/mention-sources';

/** Values the note may carry as they are: paths, file names, media types, another program's words. */
const VALUES = ['notes.txt', 'photo.bmp', 'git', 'ENOENT', 'PNG', 'JPEG', 'WebP', 'GIF', 'MB'];

function assertLocalised(note: string | undefined, what: string): void {
  assert.ok(note?.includes('ж'), `${what}: the chip's note went through l10n (${note})`);
  let rest = note ?? '';
  for (const value of VALUES) rest = rest.split(value).join(' ');
  assert.deepEqual(rest.match(/[A-Za-z]{2,}/g) ?? [], [], `${what}: English left on the chip: "${note}"`);
}

const long = (chars: number) => 'x'.repeat(80).concat('\n').repeat(Math.ceil(chars / 81) + 10);

describe('mention chips under a pseudo-locale', () => {
  before(() => setLocalizer((message, ...args) => formatMessage(message.replace(/[A-Za-z]/g, 'ж'), args)));
  after(() => setLocalizer((message, ...args) => formatMessage(message, args)));

  test('a cap note: localised on the chip, English in what the model reads', () => {
    const cases: [string, Attachment, RegExp][] = [
      ['file', fileAttachment('notes.txt', long(MENTION_CAPS.fileChars)), /\(cut after \d+ of \d+ lines \([\d,]+ characters\); read the file for the rest\)/],
      ['folder', folderAttachment('src', ['a.ts'], true), /\(listing cut at 1 entries\)/],
      [
        'problems',
        problemsAttachment(Array.from({ length: MENTION_CAPS.problems + 2 }, (_, i) => ({ path: 'a.ts', line: i + 1, column: 1, severity: 'error' as const, message: 'm' }))),
        /\(2 more not listed\)/,
      ],
      ['terminal', terminalAttachment({ command: 'make', output: long(MENTION_CAPS.terminalChars) }), /\(only the last [\d,]+ characters of the output\)/],
      ['changes', changesAttachment(long(MENTION_CAPS.changesChars)), /\(diff cut at [\d,]+ characters; run git diff for the rest\)/],
      ['selection', selectionAttachment({ path: 'notes.txt', startLine: 1, endLine: 2, text: long(MENTION_CAPS.selectionChars) }), /\(selection cut at [\d,]+ characters\)/],
      ['url', urlAttachment('https://example.com', long(MENTION_CAPS.urlChars)), /\(page cut at [\d,]+ characters\)/],
    ];
    for (const [what, attachment, modelNote] of cases) {
      assertLocalised(attachment.chip.note, what);
      assert.match(attachment.text ?? '', modelNote, `${what}: the model reads the English note`);
    }
  });

  test('a mention that added nothing: the reason on the chip is localised, the model reads it in English', async () => {
    const sources: MentionSources = {
      paths: { kind: async () => 'file', readText: async () => Promise.reject(new Error('ENOENT')), listTree: async () => ({ entries: [], truncated: false }) },
      problems: async () => [],
      lastTerminalCommand: async () => undefined,
      uncommittedChanges: async () => undefined,
      selection: async () => undefined,
    };
    const signal = new AbortController().signal;
    const cases: [string, Attachment | undefined, RegExp][] = [
      ['terminal', await resolveMention({ kind: 'terminal' } as never, sources, signal), /no terminal command output is known/],
      ['changes', await resolveMention({ kind: 'changes' } as never, sources, signal), /no git repository was found for the workspace/],
      ['selection', await resolveMention({ kind: 'selection' } as never, sources, signal), /no text is selected in an editor/],
      ['url', await resolveMention({ kind: 'url', url: 'https://example.com' } as never, sources, signal), /fetching web pages is not available/],
      ['unreadable file', await resolveMention({ kind: 'path', path: 'notes.txt' } as never, sources, signal), /could not be read: ENOENT/],
    ];
    for (const [what, attachment, modelReason] of cases) {
      assert.ok(attachment, what);
      assert.equal(attachment.chip.error, true, what);
      assertLocalised(attachment.chip.note, what);
      assert.match(attachment.text ?? '', modelReason, `${what}: the model reads the English reason`);
    }
  });

  test('an image that cannot be attached says why on its chip', async () => {
    const sources = { paths: { kind: async () => undefined } } as unknown as MentionSources;
    const images = [{ name: 'photo.bmp', mediaType: 'image/bmp', data: 'AAAA' }];
    const built = await buildAttachments('look', images, sources, { supportsImages: true, signal: new AbortController().signal });
    const chip = built.chips.find((c) => c.kind === 'image');
    assert.ok(chip, JSON.stringify(built.chips));
    assertLocalised(chip.note, 'image');
  });
});
