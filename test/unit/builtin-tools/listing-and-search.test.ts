import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolErrorType } from '../../../src/core/tools';
import { expectFailure, expectSuccess, ToolHarness } from './harness';

const project = () =>
  new ToolHarness({
    files: {
      '.gitignore': 'node_modules/\ndist/\n*.log\n',
      '.relayignore': 'secrets/\n',
      'package.json': '{}\n',
      'debug.log': 'x\n',
      'node_modules/lib/index.js': 'module.exports = 1;\n',
      'dist/app.js': 'compiled\n',
      'secrets/token.txt': 'hunter2\n',
      'src/app.ts': 'import { greet } from "./greet";\nexport function main() {\n  greet("world");\n}\n',
      'src/greet.ts': 'export function greet(name: string) {\n  console.log(`Hello ${name}`);\n}\n',
      'src/util/format.ts': 'export const format = (s: string) => s.trim();\n',
      'test/app.test.ts': 'import { main } from "../src/app";\nmain();\n',
    },
  });

describe('list_files', () => {
  it('lists one level, directories first, and names what .gitignore and .relayignore hide', async () => {
    const h = project();
    h.host.files.write('.git/HEAD', 'ref: refs/heads/main\n'); // never listed, not even as ignored
    const outcome = await h.call('list_files', {});
    assert.deepEqual(outcome.preparation?.targets.paths, ['/workspace']);
    assert.equal(
      expectSuccess(outcome),
      [
        './ (5 entries)',
        '  src/',
        '  test/',
        '  .gitignore',
        '  .relayignore',
        '  package.json',
        '(4 ignored entries not shown, by .gitignore or .relayignore: dist/, node_modules/, secrets/, debug.log)',
      ].join('\n'),
    );
    const block = outcome.final?.options.blocks?.[0];
    assert.deepEqual(block, { type: 'file_list', files: ['src/', 'test/', '.gitignore', '.relayignore', 'package.json'], truncated: false });
  });

  it('lists every file below a directory when recursive, as workspace paths', async () => {
    const text = expectSuccess(await project().call('list_files', { path: 'src', recursive: true }));
    assert.equal(text, ['3 files under src/:', 'src/app.ts', 'src/greet.ts', 'src/util/format.ts'].join('\n'));
  });

  it('caps a recursive listing and says there is more', async () => {
    const outcome = await project().call('list_files', { recursive: true, limit: 2 });
    assert.match(expectSuccess(outcome), /^The first 2 files under \.\/ \(there are more;/);
    assert.equal((outcome.final?.options.blocks?.[0] as { truncated?: boolean }).truncated, true);
  });

  it('refuses a missing directory (with suggestions) and a file', async () => {
    const h = project();
    assert.match(expectFailure(await h.call('list_files', { path: 'srcs' }), ToolErrorType.FILE_NOT_FOUND), /Directory not found: srcs\. Did you mean "src"/);
    assert.match(expectFailure(await h.call('list_files', { path: 'src/app.ts' }), ToolErrorType.INVALID_PARAMS), /is a file, not a directory/);
  });
});

describe('find_files', () => {
  it('finds files by glob, leaving ignored ones out', async () => {
    const outcome = await project().call('find_files', { pattern: '**/*.ts' });
    assert.equal(
      expectSuccess(outcome),
      ['4 files matching "**/*.ts" in .:', 'src/app.ts', 'src/greet.ts', 'src/util/format.ts', 'test/app.test.ts'].join('\n'),
    );
  });

  it('searches below path and answers with workspace paths; absolute patterns inside it work too', async () => {
    const h = project();
    assert.equal(expectSuccess(await h.call('find_files', { pattern: '*.ts', path: 'src' })), '2 files matching "*.ts" in src:\nsrc/app.ts\nsrc/greet.ts');
    assert.match(expectSuccess(await h.call('find_files', { pattern: '/workspace/src/util/*.ts', path: 'src' })), /src\/util\/format\.ts$/);
    assert.match(
      expectFailure(await h.call('find_files', { pattern: '/elsewhere/*.ts', path: 'src' }), ToolErrorType.INVALID_PARAMS),
      /outside the directory searched/,
    );
  });

  it('includes git-ignored files on request, never .relayignore-d ones', async () => {
    const text = expectSuccess(await project().call('find_files', { pattern: '**/*.{js,txt}', include_ignored: true }));
    assert.match(text, /dist\/app\.js/);
    assert.match(text, /node_modules\/lib\/index\.js/);
    assert.doesNotMatch(text, /secrets/);
  });

  it('says when nothing matches and when the list is cut', async () => {
    const h = project();
    assert.match(expectSuccess(await h.call('find_files', { pattern: '**/*.py' })), /^No files match "\*\*\/\*\.py" in \.\. Ignored files were not searched/);
    assert.match(expectSuccess(await h.call('find_files', { pattern: '**/*', limit: 1 })), /^The first 1 file matching/);
  });
});

describe('search_text', () => {
  it('groups matches by file with line numbers', async () => {
    const outcome = await project().call('search_text', { pattern: 'greet' });
    assert.equal(
      expectSuccess(outcome),
      [
        '3 matches in 2 files for "greet" (regex, case-sensitive):',
        '',
        'src/app.ts\n  1: import { greet } from "./greet";\n  3:   greet("world");',
        '',
        'src/greet.ts\n  1: export function greet(name: string) {',
      ].join('\n'),
    );
    assert.deepEqual(outcome.final?.options.blocks, [{ type: 'file_list', files: ['src/app.ts', 'src/greet.ts'], truncated: false }]);
  });

  it('shows context lines grep-style, with -- between separate stretches', async () => {
    const text = expectSuccess(await project().call('search_text', { pattern: 'greet', path: 'src/app.ts', context_lines: 1 }));
    assert.equal(text.split('\n\n')[1], 'src/app.ts\n  1: import { greet } from "./greet";\n  2- export function main() {\n  3:   greet("world");\n  4- }');
  });

  it('searches a single file given as path, not same-named files below its folder', async () => {
    const h = project();
    h.host.files.write('src/util/app.ts', 'greet here too\n');
    const text = expectSuccess(await h.call('search_text', { pattern: 'greet', path: 'src/app.ts' }));
    assert.doesNotMatch(text, /util/);
  });

  it('searches a single file whose name looks like a glob', async () => {
    const h = project();
    h.host.files.write('pages/[id].tsx', 'export default function Page() { greet(); }\n');
    h.host.files.write('pages/i.tsx', 'greet();\n');
    const text = expectSuccess(await h.call('search_text', { pattern: 'greet', path: 'pages/[id].tsx' }));
    assert.equal(text, '1 match in 1 file for "greet" (regex, case-sensitive):\n\npages/[id].tsx\n  1: export default function Page() { greet(); }');
  });

  it('literal text, case-insensitive, filtered by include globs', async () => {
    const h = project();
    const text = expectSuccess(await h.call('search_text', { pattern: 'HELLO ${', regex: false, case_sensitive: false, include: '*.ts' }));
    assert.match(text, /^1 match in 1 file for "HELLO \$\{" \(literal, ignoring case\):/);
    assert.match(text, /src\/greet\.ts\n {2}2: {3}console\.log/);
    const excluded = expectSuccess(await h.call('search_text', { pattern: 'main', include: ['!test/**'] }));
    assert.doesNotMatch(excluded, /test\/app/);
  });

  it('does not search ignored files', async () => {
    const text = expectSuccess(await project().call('search_text', { pattern: 'hunter2|compiled|module\\.exports' }));
    assert.match(text, /^No matches for/);
  });

  it('leaves out the lines of secret files when searching a folder, and names them; a search of the file alone is the ask', async () => {
    const h = project();
    h.host.files.write('.env', 'API_TOKEN=canary-env-9f2\n');
    h.host.files.write('config/master.key', 'canary-key-9f2\n');
    h.host.files.write('.env.example', 'API_TOKEN=canary-example-9f2\n');
    const text = expectSuccess(await h.call('search_text', { pattern: 'canary' }));
    assert.doesNotMatch(text, /canary-env|canary-key/);
    assert.match(text, /canary-example-9f2/);
    assert.match(text, /Left out: matches in 2 secret files \(.*\.env.*config\/master\.key.*\)/);
    const none = expectSuccess(await h.call('search_text', { pattern: 'canary-env' }));
    assert.match(none, /^No matches for/);
    assert.match(none, /Left out: matches in 1 secret file/);
  });

  it('caps the results and says how to narrow them', async () => {
    const text = expectSuccess(await project().call('search_text', { pattern: 'e', max_results: 2 }));
    assert.match(text, /^The first 2 matches in \d files? for "e" \(regex, case-sensitive\); there are more: narrow path or include, or raise max_results/);
  });

  it('explains an invalid regular expression', async () => {
    const message = expectFailure(await project().call('search_text', { pattern: 'greet(' }), ToolErrorType.INVALID_PARAMS);
    assert.match(message, /not a valid regular expression: regex parse error.*\nEscape special characters, or set regex to false/);
  });

  it('refuses a missing path with suggestions', async () => {
    assert.match(expectFailure(await project().call('search_text', { pattern: 'x', path: 'scr' }), ToolErrorType.FILE_NOT_FOUND), /Did you mean "src"/);
  });
});
