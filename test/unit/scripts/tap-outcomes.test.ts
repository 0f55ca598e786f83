// The soak's per-test outcomes from Node's TAP report: leaf tests titled with their suites, suites left out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tapOutcomes } from '../../../scripts/test-report';

test('leaf tests with their suite titles; suites, YAML blocks and plans ignored; skips and failures kept', () => {
  const report = [
    'TAP version 13',
    '# Subtest: suite A',
    '    # Subtest: test one',
    '    ok 1 - test one',
    '      ---',
    '      duration_ms: 1',
    '      ...',
    '    # Subtest: test two',
    '    not ok 2 - test two',
    '    # Subtest: skipped',
    '    ok 3 - skipped # SKIP no ripgrep',
    '    # Subtest: inner',
    '        # Subtest: deep',
    '        ok 1 - deep',
    '        1..1',
    '    ok 4 - inner',
    '    1..4',
    'not ok 1 - suite A',
    '# Subtest: top leaf',
    'ok 2 - top leaf',
    '1..2',
    '# pass 3',
  ].join('\n');
  assert.deepEqual(tapOutcomes(report), [
    { title: 'suite A › test one', state: 'passed' },
    { title: 'suite A › test two', state: 'failed' },
    { title: 'suite A › skipped', state: 'skipped' },
    { title: 'suite A › inner › deep', state: 'passed' },
    { title: 'top leaf', state: 'passed' },
  ]);
});
