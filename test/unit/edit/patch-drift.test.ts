// apply_patch places hunks with edit_file's cascade: every drift the edit corpus applies as a whole-line edit, a
// patch with the same old and new lines applies to the same file content, and every refusal stays a refusal.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdits } from '../../../src/core/edit/apply-edits';
import { applyPatch } from '../../../src/core/edit/patch-apply';
import { editCorpus } from './corpus/index';
import type { EditCase } from './corpus/case';

/** The edit as one hunk: the oldText's lines removed, the newText's added. */
export function asPatch(oldText: string, newText: string): string {
  const lines = (t: string) => (t === '' ? [] : t.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n'));
  return ['*** Begin Patch', '*** Update File: f', '@@', ...lines(oldText).map((l) => `-${l}`), ...lines(newText).map((l) => `+${l}`), '*** End Patch'].join('\n');
}

/**
 * Cases a hunk can express: one edit, not replaceAll, whose oldText is whole lines of the file. A one-line oldText
 * that is a fragment of a line (exact and escape-normalised match those) is no hunk: some line of the file must be
 * it, once trimmed, quotes folded and escapes undone.
 */
function expressible(c: EditCase): boolean {
  const edit = c.edits[0]!;
  if (c.edits.length !== 1 || edit.replaceAll || edit.oldText.trim() === '') return false;
  const oldLines = edit.oldText.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  if (oldLines.length > 1) return true;
  const norm = (l: string) => l.replace(/^\uFEFF/, '').trim().replace(/\\(["'\\])/g, '$1').replace(/[\u201C\u201D]/g, '"').replace(/[\u2018\u2019]/g, "'");
  return c.file.split(/\r?\n/).some((l) => norm(l) === norm(oldLines[0]!));
}

const cases = editCorpus.filter(expressible);

test('most of the edit corpus is expressible as a patch', () => {
  assert.ok(cases.length >= 80, `only ${cases.length} of ${editCorpus.length}`);
});

for (const c of cases) {
  test(`patch: ${c.name}`, () => {
    const edit = applyEdits(c.file, c.edits);
    const patch = applyPatch(asPatch(c.edits[0]!.oldText, c.edits[0]!.newText), (p) => (p === 'f' ? c.file : undefined));
    if (!edit.ok) {
      assert.equal(patch.ok, false, patch.ok ? `edit_file refused (${edit.failure.kind}) but the patch applied: ${patch.message}` : '');
      return;
    }
    assert.ok(patch.ok, patch.ok ? '' : patch.error.message);
    if (!patch.ok) return;
    assert.equal(patch.changes[0]!.newContent, edit.content);
    // The same strategy, except where a hunk's whole lines need a looser one than edit_file's exact substring (a
    // last line without a line break, a BOM the model quoted).
    if (edit.applied[0]!.strategy !== 'exact') assert.ok(patch.message.includes(edit.applied[0]!.note.split(' at ')[0]!), `${patch.message}\nvs ${edit.applied[0]!.note}`);
  });
}
