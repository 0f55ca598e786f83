// apply_patch against edit_file on the benchmark's drift cases: each scenario's oldText/newText sent as one patch
// hunk (old lines removed, new lines added) must apply the same cases to the same file, and both must refuse where
// the region is in the file twice. Timed alike (median of a few runs: the hit path is measured in edit-hit-path.ts).

import { applyEdits } from '../src/core/edit/apply-edits';
import { applyPatch } from '../src/core/edit/patch-apply';
import type { EditFixture, Scenario } from './edit-fixture';

const RUNS = 7;

/**
 * The edit as one hunk: the oldText's lines removed, the newText's added. A final line break is dropped only when
 * both end with one (a newText ending in an empty line where the oldText ends in spaces keeps that line).
 */
export function asPatch(oldText: string, newText: string): string {
  const both = oldText.endsWith('\n') && newText.endsWith('\n');
  const lines = (t: string) => (both ? t.slice(0, -1) : t).split('\n');
  return ['*** Begin Patch', '*** Update File: f', '@@', ...lines(oldText).map((l) => `-${l}`), ...lines(newText).map((l) => `+${l}`), '*** End Patch'].join('\n');
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}

export interface ParityRow {
  drift: string;
  edit: string;
  patch: string;
  editMs: number;
  patchMs: number;
  agree: boolean;
}

function outcomes(content: string, s: Scenario, expected: string | undefined): ParityRow {
  const editTimes: number[] = [];
  const patchTimes: number[] = [];
  let edit: ReturnType<typeof applyEdits> | undefined;
  let patch: ReturnType<typeof applyPatch> | undefined;
  const patchText = asPatch(s.oldText, s.newText);
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    edit = applyEdits(content, [{ oldText: s.oldText, newText: s.newText }]);
    const t1 = performance.now();
    patch = applyPatch(patchText, (p) => (p === 'f' ? content : undefined));
    patchTimes.push(performance.now() - t1);
    editTimes.push(t1 - t0);
  }
  const editOut = edit!.ok ? (edit!.content === expected ? `${edit!.applied[0]!.strategy}, intended file` : `${edit!.applied[0]!.strategy}, WRONG FILE`) : `refused (${edit!.failure.kind})`;
  const patchOut = patch!.ok
    ? patch!.changes[0]!.newContent === expected
      ? `${/matched [^,;]*?(?= at )|applied by similarity|matched by its first and last lines only/.exec(patch!.message)?.[0] ?? 'applied'}, intended file`
      : 'applied, WRONG FILE'
    : /occur \d+ times/.test(patch!.error.message)
      ? 'refused (occurs more than once)'
      : 'refused (not found)';
  const agree = expected === undefined ? !edit!.ok && !patch!.ok : edit!.ok && patch!.ok && edit!.content === expected && patch!.changes[0]!.newContent === expected;
  return { drift: s.drift, edit: editOut, patch: patchOut, editMs: median(editTimes), patchMs: median(patchTimes), agree };
}

/** Every scenario once, then each drift with the region in the file twice (both tools must refuse). */
export function patchParity(fixture: EditFixture, region: { start: number; lines: number }): ParityRow[] {
  const rows = fixture.scenarios.map((s) => outcomes(fixture.content, s, fixture.expected));
  const lines = fixture.content.split('\n');
  const twice = [...lines.slice(0, region.start + region.lines), '', ...lines.slice(region.start, region.start + region.lines), ...lines.slice(region.start + region.lines)].join('\n');
  for (const s of fixture.scenarios) rows.push(outcomes(twice, { ...s, drift: `${s.drift}, region twice` }, undefined));
  return rows;
}
