// Both FileSearch engines on one temporary directory with identical expectations: ripgrep (the binary VS Code
// ships, from the provisioned test server) and the JavaScript fallback.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FileSearch, SearchTextRequest } from '../../../src/core/ports/file-search';
import {
  createFileSearch,
  findRipgrep,
  JsFileSearch,
  ResilientFileSearch,
  RipgrepFileSearch,
  ripgrepCandidates,
} from '../../../src/host/file-search';
import { REPO_ROOT } from '../../support/vscode/server';

/** VS Code's app root inside the provisioned server (npm start / npm run test:integration provision it). */
const APP_ROOT = join(REPO_ROOT, '.vscode-test', 'server', 'node_modules', 'code-server', 'lib', 'vscode');
const RG = findRipgrep(APP_ROOT);
// `npm test` provisions the server before this level; on CI a missing ripgrep is a failure, never a skip.
if (!RG && process.env.CI) throw new Error(`VS Code's ripgrep was not found under ${APP_ROOT}, on CI: npm test provisions it first`);

const TREE: Record<string, string> = {
  '.gitignore': '*.log\nbuild/\n!keep.log\n',
  '.relayignore': 'secret/\n/private.txt\n',
  'a.ts': 'export const alpha = 1;\nconst beta = 2;\n',
  'a.log': 'alpha log\n',
  'keep.log': 'alpha keep\n',
  'private.txt': 'alpha private\n',
  'build/out.ts': 'alpha build\n',
  'secret/key.ts': 'alpha secret\n',
  'src/app.ts': 'one\nalpha two\nthree\nAlpha four\nfive\nsix\nalpha seven\n',
  'src/nested/deep.ts': 'deep alpha\n',
  'src/nested/.gitignore': 'gen/\n',
  'src/nested/gen/g.ts': 'alpha gen\n',
  'src/sub/private.txt': 'alpha sub private\n',
  'src/sub/x.log': 'alpha log below\n',
  'a-c/x.ts': 'x\n',
  'a/b.ts': 'b\n',
  '.hidden/h.ts': 'alpha hidden\n',
  '.git/config': 'alpha git\n',
  'bin.dat': 'alpha\0binary\n',
  'crlf.txt': 'first\r\nalpha crlf\r\nlast\r\n',
  'regex.txt': 'call foo(1)\nfoo bar\nfoobar\n',
};

const ALL_FILES = [
  '.gitignore',
  '.hidden/h.ts',
  '.relayignore',
  'a/b.ts',
  'a-c/x.ts',
  'a.ts',
  'bin.dat',
  'crlf.txt',
  'keep.log',
  'regex.txt',
  'src/app.ts',
  'src/nested/.gitignore',
  'src/nested/deep.ts',
  'src/sub/private.txt',
];

let root = '';
const signal = new AbortController().signal;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'relay-search-'));
  for (const [p, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  }
  symlinkSync(join(root, 'src'), join(root, 'link')); // neither engine follows links
});
after(() => rmSync(root, { recursive: true, force: true }));

const text = (request: Omit<SearchTextRequest, 'cwd' | 'regex' | 'caseSensitive' | 'contextLines' | 'maxMatches'> & Partial<SearchTextRequest>) => ({
  cwd: root,
  regex: false,
  caseSensitive: true,
  contextLines: 0,
  maxMatches: 100,
  ...request,
});

const engines: { name: string; create: () => FileSearch; skip?: string }[] = [
  { name: 'javascript', create: () => new JsFileSearch() },
  {
    name: 'ripgrep',
    create: () => new RipgrepFileSearch(RG!),
    ...(RG ? {} : { skip: `VS Code's ripgrep was not found under ${APP_ROOT}: run npm run vscode:setup to provision the test server` }),
  },
];

for (const engine of engines) {
  describe(`FileSearch contract: ${engine.name} engine`, { skip: engine.skip }, () => {
    const search = () => engine.create();

    it('lists every file .gitignore and .relayignore leave, hidden files included, .git and symlinks excluded, in path order', async () => {
      assert.deepEqual(await search().findFiles({ cwd: root, glob: '**/*', limit: 100 }, signal), { files: ALL_FILES, truncated: false });
    });

    it('matches globs against the whole relative path, starting the walk at their literal base', async () => {
      assert.deepEqual((await search().findFiles({ cwd: root, glob: '*.ts', limit: 100 }, signal)).files, ['a.ts']);
      assert.deepEqual((await search().findFiles({ cwd: root, glob: 'src/**/*.ts', limit: 100 }, signal)).files, ['src/app.ts', 'src/nested/deep.ts']);
      assert.deepEqual((await search().findFiles({ cwd: root, glob: './{a,a-c}/*.ts', limit: 100 }, signal)).files, ['a/b.ts', 'a-c/x.ts']);
      assert.deepEqual((await search().findFiles({ cwd: root, glob: 'missing/**', limit: 100 }, signal)).files, []);
    });

    it('includes git-ignored files on request, but never .relayignore-d ones', async () => {
      const { files } = await search().findFiles({ cwd: root, glob: '**/*', limit: 100, includeIgnored: true }, signal);
      for (const p of ['a.log', 'build/out.ts', 'src/nested/gen/g.ts', 'src/sub/x.log']) assert.ok(files.includes(p), p);
      for (const p of ['secret/key.ts', 'private.txt', '.git/config']) assert.ok(!files.includes(p), p);
    });

    it('stops at the limit and says there is more', async () => {
      assert.deepEqual(await search().findFiles({ cwd: root, glob: '**/*', limit: 3 }, signal), { files: ALL_FILES.slice(0, 3), truncated: true });
      assert.deepEqual(await search().findFiles({ cwd: root, glob: '**/*', limit: ALL_FILES.length }, signal), { files: ALL_FILES, truncated: false });
    });

    it('applies the ignore files of the directories above the one searched', async () => {
      const { files } = await search().findFiles({ cwd: join(root, 'src'), glob: '**/*', limit: 100 }, signal);
      assert.deepEqual(files, ['app.ts', 'nested/.gitignore', 'nested/deep.ts', 'sub/private.txt']);
    });

    it('lists a git-ignored directory asked for by name, but not a .relayignore-d one', async () => {
      assert.deepEqual((await search().findFiles({ cwd: join(root, 'build'), glob: '**/*', limit: 100 }, signal)).files, ['out.ts']);
      assert.deepEqual((await search().findFiles({ cwd: join(root, 'secret'), glob: '**/*', limit: 100 }, signal)).files, []);
    });

    it('searches literal text in the same files, skipping binary ones, with CRLF lines clean', async () => {
      const result = await search().searchText(text({ pattern: 'alpha' }), signal);
      assert.deepEqual(
        result.matches.map((m) => `${m.path}:${m.line}:${m.text}`),
        [
          '.hidden/h.ts:1:alpha hidden',
          'a.ts:1:export const alpha = 1;',
          'crlf.txt:2:alpha crlf',
          'keep.log:1:alpha keep',
          'src/app.ts:2:alpha two',
          'src/app.ts:7:alpha seven',
          'src/nested/deep.ts:1:deep alpha',
          'src/sub/private.txt:1:alpha sub private',
        ],
      );
      assert.equal(result.truncated, false);
      assert.equal(result.engine, engine.name);
    });

    it('ignores case on request and gives context lines before and after, overlapping ones to both matches', async () => {
      const result = await search().searchText(text({ pattern: 'ALPHA', include: ['src/app.ts'], contextLines: 2, caseSensitive: false }), signal);
      assert.deepEqual(result.matches, [
        { path: 'src/app.ts', line: 2, text: 'alpha two', before: ['one'], after: ['three', 'Alpha four'] },
        { path: 'src/app.ts', line: 4, text: 'Alpha four', before: ['alpha two', 'three'], after: ['five', 'six'] },
        { path: 'src/app.ts', line: 7, text: 'alpha seven', before: ['five', 'six'], after: [] },
      ]);
    });

    it('treats the pattern as a regular expression or as literal text', async () => {
      const regex = await search().searchText(text({ pattern: 'foo\\b', regex: true, include: ['regex.txt'] }), signal);
      assert.deepEqual(regex.matches.map((m) => m.line), [1, 2]);
      const literal = await search().searchText(text({ pattern: 'foo(1)', include: ['regex.txt'] }), signal);
      assert.deepEqual(literal.matches.map((m) => m.text), ['call foo(1)']);
    });

    it('include globs: a name matches at any depth, a path from the searched directory, "!" excludes', async () => {
      const paths = async (include: string[]) => [...new Set((await search().searchText(text({ pattern: 'alpha', include }), signal)).matches.map((m) => m.path))];
      assert.deepEqual(await paths(['*.ts']), ['.hidden/h.ts', 'a.ts', 'src/app.ts', 'src/nested/deep.ts']);
      assert.deepEqual(await paths(['src/**']), ['src/app.ts', 'src/nested/deep.ts', 'src/sub/private.txt']);
      assert.deepEqual(await paths(['!src/**', '!*.txt']), ['.hidden/h.ts', 'a.ts', 'keep.log']);
    });

    it('stops at maxMatches with the last match context complete, and says there is more', async () => {
      const result = await search().searchText(text({ pattern: 'alpha', include: ['src/app.ts'], caseSensitive: false, maxMatches: 2, contextLines: 1 }), signal);
      assert.equal(result.truncated, true);
      assert.deepEqual(result.matches.map((m) => [m.line, m.after]), [[2, ['three']], [4, ['five']]]);
      const exact = await search().searchText(text({ pattern: 'alpha', include: ['src/app.ts'], caseSensitive: false, maxMatches: 3 }), signal);
      assert.equal(exact.truncated, false, 'exactly maxMatches is not truncated');
    });

    it('rejects an invalid regular expression with a SearchPatternError', async () => {
      await assert.rejects(search().searchText(text({ pattern: 'foo(', regex: true }), signal), { name: 'SearchPatternError' });
    });

    it('rejects when the signal is already aborted', async () => {
      const aborted = AbortSignal.abort();
      await assert.rejects(search().findFiles({ cwd: root, glob: '**/*', limit: 100 }, aborted), { name: 'AbortError' });
    });
  });
}

describe('finding and falling back from ripgrep', () => {
  it("looks in both VS Code layouts, desktop (asar.unpacked) and server, old and universal packages", () => {
    const candidates = ripgrepCandidates('/app', 'linux', 'x64');
    assert.deepEqual(candidates, [
      '/app/node_modules/@vscode/ripgrep/bin/rg',
      '/app/node_modules/@vscode/ripgrep-universal/bin/linux-x64/rg',
      '/app/node_modules.asar.unpacked/@vscode/ripgrep/bin/rg',
      '/app/node_modules.asar.unpacked/@vscode/ripgrep-universal/bin/linux-x64/rg',
    ]);
    assert.equal(ripgrepCandidates('C:\\app', 'win32', 'x64')[0]!.endsWith('rg.exe'), true);
    assert.equal(findRipgrep('/nonexistent/app-root'), undefined);
  });

  it('uses the JavaScript engine when no ripgrep is found', () => {
    assert.ok(createFileSearch('/nonexistent/app-root') instanceof JsFileSearch);
    assert.ok(createFileSearch(undefined) instanceof JsFileSearch);
  });

  it('switches to the JavaScript engine for good when ripgrep cannot start', async () => {
    const fake = join(root, 'not-executable-rg');
    writeFileSync(fake, '');
    chmodSync(fake, 0o644);
    const warnings: string[] = [];
    const search = new ResilientFileSearch(new RipgrepFileSearch(fake), new JsFileSearch(), { warn: (m) => warnings.push(m) });
    const first = await search.searchText(text({ pattern: 'alpha', include: ['a.ts'] }), signal);
    assert.equal(first.engine, 'javascript');
    assert.equal(first.matches.length, 1);
    assert.deepEqual((await search.findFiles({ cwd: root, glob: '*.ts', limit: 10 }, signal)).files, ['a.ts']);
    assert.equal(warnings.length, 1, 'said once');
  });

  it('hands a look-around pattern ripgrep refuses to the JavaScript engine', { skip: RG ? false : 'ripgrep not found' }, async () => {
    const search = new ResilientFileSearch(new RipgrepFileSearch(RG!), new JsFileSearch());
    const result = await search.searchText(text({ pattern: 'foo(?=bar)', regex: true, include: ['regex.txt'] }), signal);
    assert.equal(result.engine, 'javascript');
    assert.deepEqual(result.matches.map((m) => m.text), ['foobar']);
    await assert.rejects(search.searchText(text({ pattern: 'foo(', regex: true }), signal), { name: 'SearchPatternError' });
  });
});
