// Snapshot files for unit tests: the text is compared with a committed file, and a mismatch fails with a unified
// diff (expected, then actual). RELAY_UPDATE_SNAPSHOTS=1 writes the files instead; a missing file fails unless so.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createTwoFilesPatch } from 'diff';

export const UPDATE_SNAPSHOTS = process.env.RELAY_UPDATE_SNAPSHOTS === '1';

export function matchSnapshot(file: string, actual: string): void {
  if (UPDATE_SNAPSHOTS) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) assert.fail(`No snapshot at ${file}. Run with RELAY_UPDATE_SNAPSHOTS=1 to write it, then review and commit it.`);
  const expected = readFileSync(file, 'utf8');
  if (expected === actual) return;
  const patch = createTwoFilesPatch(`${file} (committed)`, `${file} (now)`, expected, actual, '', '', { context: 3 });
  assert.fail(`The snapshot changed. If the change is intended, run with RELAY_UPDATE_SNAPSHOTS=1 and commit the file.\n${patch}`);
}
