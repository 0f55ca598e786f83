import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PathIndex } from '../../../src/shared/mentions/path-index';
import { buildAttachments } from '../../../src/core/mentions/message';
import { suggestMentions } from '../../../src/core/mentions/suggest';
import { withFolders } from '../../../src/shared/mentions/rank';
import { treeOrder } from '../../../src/core/mentions/workspace-paths';
import { toAnthropicMessages } from '../../../src/core/model/anthropic-request';
import { toGeminiContents } from '../../../src/core/model/gemini-request';
import { toOpenAIMessages } from '../../../src/core/model/openai-request';
import { toResponsesInput } from '../../../src/core/model/openai-responses-request';
import type { MentionSources } from '../../../src/core/ports/mention-sources';

const index = new PathIndex(withFolders(['src/app.ts', 'src/problems/list.ts', 'README.md']));

describe('mention suggestions', () => {
  test('the empty query lists the keywords, then open editors, then files', () => {
    const items = suggestMentions('', { index, openEditors: ['README.md'] });
    assert.deepEqual(
      items.slice(0, 5).map((i) => i.token),
      ['@problems', '@terminal', '@changes', '@selection', '@README.md'],
    );
    assert.equal(items[4]!.detail, 'open editor');
  });

  test('a keyword the query begins leads; files follow with their folder as detail and matches', () => {
    const items = suggestMentions('prob', { index, openEditors: [] });
    assert.equal(items[0]!.token, '@problems');
    assert.deepEqual(items[1], { kind: 'folder', label: 'src/problems/', token: '@src/problems/', detail: 'src', matches: [4, 5, 6, 7] });
  });

  test('a URL query offers the URL', () => {
    assert.deepEqual(suggestMentions('https://docs.python.org/3/', { index, openEditors: [] }), [
      { kind: 'url', label: 'https://docs.python.org/3/', token: '@https://docs.python.org/3/', detail: 'Fetch this page and attach it as Markdown' },
    ]);
  });

  test('folders come from the files; a tree lists each folder before its contents', () => {
    assert.deepEqual(withFolders(['a/b/c.ts']), ['a/', 'a/b/', 'a/b/c.ts']);
    // Every parent of every file, each once, in the order first met: files sharing a folder, a folder met
    // deep before its sibling, top-level files.
    const files = ['a/b/c.ts', 'a/b/d.ts', 'x.ts', 'a/e/f/g.ts', 'a/e/h.ts', 'a/b/i/j.ts', 'k/l.ts'];
    assert.deepEqual(withFolders(files), ['a/', 'a/b/', 'a/e/', 'a/e/f/', 'a/b/i/', 'k/', ...files]);
    assert.deepEqual(treeOrder(['b.ts', 'a/z.ts', 'a-b.ts', 'a/c/d.ts']), ['a/', 'a/c/', 'a/c/d.ts', 'a/z.ts', 'a-b.ts', 'b.ts']);
  });
});

const noSources: MentionSources = {
  paths: { kind: async () => undefined, readText: async () => '', listTree: async () => ({ entries: [], truncated: false }) },
  problems: async () => [],
  lastTerminalCommand: async () => undefined,
  uncommittedChanges: async () => undefined,
  selection: async () => undefined,
};
const png = { name: 'shot.png', mediaType: 'image/png', data: Buffer.from('fake png bytes').toString('base64') };

describe('image attachments', () => {
  const signal = new AbortController().signal;

  test('an image becomes an image part and a chip with its bytes', async () => {
    const built = await buildAttachments('look', [png], noSources, { supportsImages: true, signal });
    assert.deepEqual(built.parts, [{ type: 'image', mediaType: 'image/png', data: png.data }]);
    assert.deepEqual(built.chips, [{ kind: 'image', label: 'shot.png', chars: 14, tokens: 1600 }]);
  });

  test('a model without images gets none, and the chip says why; a bad type is refused', async () => {
    const off = await buildAttachments('look', [png], noSources, { supportsImages: false, signal });
    assert.deepEqual(off.parts, []);
    assert.equal(off.chips[0]!.note, 'the selected model does not take images');
    const bmp = await buildAttachments('look', [{ ...png, mediaType: 'image/bmp' }], noSources, { supportsImages: true, signal });
    assert.deepEqual(bmp.parts, []);
    assert.match(bmp.chips[0]!.note!, /only PNG, JPEG, WebP and GIF/);
  });

  test('Anthropic gets an image block after the text; OpenAI a content array with a data URL', () => {
    const messages = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'look' }, { type: 'image' as const, mediaType: 'image/png' as const, data: 'AAAA' }] }];
    assert.deepEqual(toAnthropicMessages(messages), [
      { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } }] },
    ]);
    assert.deepEqual(toOpenAIMessages(messages), [
      { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
    ]);
    // Without images, OpenAI content stays a plain string (what every compatible server reads).
    assert.deepEqual(toOpenAIMessages([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]), [{ role: 'user', content: 'hi' }]);
  });

  test('Gemini gets inlineData after the text; the Responses API (and Azure with it) an input_image with a data URL', () => {
    const messages = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'look' }, { type: 'image' as const, mediaType: 'image/webp' as const, data: 'BBBB' }] }];
    assert.deepEqual(toGeminiContents(messages), [{ role: 'user', parts: [{ text: 'look' }, { inlineData: { mimeType: 'image/webp', data: 'BBBB' } }] }]);
    assert.deepEqual(toResponsesInput(messages), [
      { role: 'user', content: [{ type: 'input_text', text: 'look' }, { type: 'input_image', detail: 'auto', image_url: 'data:image/webp;base64,BBBB' }] },
    ]);
    assert.deepEqual(toResponsesInput([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]), [{ role: 'user', content: 'hi' }]);
  });
});
