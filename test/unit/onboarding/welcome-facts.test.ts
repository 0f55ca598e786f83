// The welcome's facts: example tasks drawn from a workspace's scripts, build files, README and languages, and the
// shortcuts read from the extension's own contributions.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { countLanguages, exampleTasks, sampleFileOf } from '../../../src/core/onboarding/example-tasks';
import { COMPOSER_SHORTCUTS, formatKeys, shortcutsFrom } from '../../../src/core/onboarding/shortcuts';
import { localizedManifest } from '../../support/l10n-messages';

describe('example tasks', () => {
  test('a Node project: its test and lint scripts first, with the package manager its lockfile names', () => {
    const tasks = exampleTasks({
      scripts: { test: 'vitest', lint: 'eslint .', build: 'tsc' },
      packageManager: 'pnpm',
      buildFiles: [],
      readme: 'README.md',
      languages: { TypeScript: 40, JavaScript: 2 },
      sampleFile: 'src/index.ts',
    });
    assert.deepEqual(tasks, ['Run `pnpm test` and fix any failing tests', 'Run `pnpm lint` and fix the problems it reports', 'Explain what src/index.ts does and suggest one improvement']);
  });

  test('npm\'s placeholder test script is not a test suite', () => {
    const tasks = exampleTasks({ scripts: { test: 'echo "Error: no test specified" && exit 1', build: 'tsc' }, packageManager: 'npm', buildFiles: [], languages: { TypeScript: 3 }, sampleFile: 'src/a.ts' });
    assert.equal(tasks[0], 'Run `npm run build` and fix any build errors');
    assert.ok(tasks.includes('Find TypeScript code without tests and add tests for it'));
  });

  test('Rust, Go and Python projects get their own test commands', () => {
    assert.equal(exampleTasks({ buildFiles: ['Cargo.toml'], languages: { Rust: 9 } })[0], 'Run `cargo test` and fix any failing tests');
    assert.equal(exampleTasks({ buildFiles: ['go.mod'], languages: { Go: 9 } })[0], 'Run `go test ./...` and fix any failing tests');
    assert.equal(exampleTasks({ buildFiles: ['pyproject.toml'], languages: { Python: 9 } })[0], 'Run the Python tests with `pytest` and fix any failures');
  });

  test('the sample workspace (README, one TypeScript file, no scripts) and an empty folder', () => {
    assert.deepEqual(exampleTasks({ buildFiles: [], readme: 'README.md', languages: { TypeScript: 1 }, sampleFile: 'src/greet.ts' }), [
      'Explain what src/greet.ts does and suggest one improvement',
      'Find TypeScript code without tests and add tests for it',
      'Read README.md and check that its setup steps still match the code',
    ]);
    const empty = exampleTasks({ buildFiles: [], languages: {} });
    assert.equal(empty.length, 3);
    assert.equal(empty[0], 'Create a small README.md describing this workspace');
    assert.equal(new Set(empty).size, 3);
  });

  test('languages are counted by extension; the sample file is a source file of the main language, not a test', () => {
    const paths = ['vite.config.ts', 'src/app/main.ts', 'src/index.ts', 'src/index.test.ts', 'types/x.d.ts', 'scripts/a.py', 'README.md'];
    assert.deepEqual(countLanguages(paths), { TypeScript: 5, Python: 1 });
    assert.equal(sampleFileOf(paths, 'TypeScript'), 'src/index.ts');
    assert.equal(sampleFileOf(paths, undefined), undefined);
  });
});

describe('shortcuts', () => {
  test('from the keybindings and command titles Relay contributes, per platform, then the chat box keys', () => {
    const pkg = localizedManifest() as { contributes: Parameters<typeof shortcutsFrom>[0] };
    const linux = shortcutsFrom(pkg.contributes, 'linux');
    assert.deepEqual(linux[0], { keys: 'Ctrl+Alt+R', action: 'Focus Chat' });
    assert.deepEqual(linux.slice(-2), [...COMPOSER_SHORTCUTS]);
    assert.deepEqual(shortcutsFrom(pkg.contributes, 'darwin')[0], { keys: '⌘⌥R', action: 'Focus Chat' });
    assert.equal(formatKeys('ctrl+k ctrl+s', 'win32'), 'Ctrl+K Ctrl+S');
    assert.deepEqual(shortcutsFrom(undefined, 'linux'), [...COMPOSER_SHORTCUTS]);
  });

  test('each command once, by the key that applies in the most places; keys that work only inside a Relay state are left out', () => {
    const pkg = localizedManifest() as { contributes: Parameters<typeof shortcutsFrom>[0] };
    const rows = shortcutsFrom(pkg.contributes, 'linux');
    const actions = rows.map((r) => r.action);
    assert.equal(new Set(actions).size, actions.length, `one row per command: ${actions.join(', ')}`);
    // Seen in the zh-cn E2E screenshot: Ctrl+I and Ctrl+Alt+E for Edit Inline, and again for Refine.
    const inline = rows.filter((r) => /Inline Edit|Edit Inline/i.test(r.action));
    assert.deepEqual(inline, [{ keys: 'Ctrl+Alt+E', action: 'Edit Inline…' }], JSON.stringify(rows));
    const contributes = {
      keybindings: [
        { command: 'relay.a', key: 'ctrl+i', when: 'editorTextFocus && !someAgent' },
        { command: 'relay.a', key: 'ctrl+alt+e', when: 'editorTextFocus' },
        { command: 'relay.b', key: 'escape', when: '(relay.reviewing || relay.running) && editorTextFocus' },
        { command: 'relay.c', key: 'ctrl+k', when: '!relay.reviewing' },
      ],
      commands: [
        { command: 'relay.a', title: 'A' },
        { command: 'relay.b', title: 'B' },
        { command: 'relay.c', title: 'C' },
      ],
    };
    assert.deepEqual(shortcutsFrom(contributes, 'linux').slice(0, -2), [
      { keys: 'Ctrl+Alt+E', action: 'A' },
      { keys: 'Ctrl+K', action: 'C' },
    ]);
  });

  test('with a language pack the titles are { value, original } (as VS Code localises packageJSON): the translation is shown', () => {
    // Seen in the zh-cn E2E: the welcome listed "Ctrl+Alt+R [object Object]".
    const contributes = {
      keybindings: [{ command: 'relay.focusChat', key: 'ctrl+alt+r' }],
      commands: [{ command: 'relay.focusChat', title: { value: '聚焦对话', original: 'Focus Chat' } }],
    };
    assert.deepEqual(shortcutsFrom(contributes, 'linux')[0], { keys: 'Ctrl+Alt+R', action: '聚焦对话' });
  });
});
