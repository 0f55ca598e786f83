// A workspace file or folder that is a symlink to something outside (notes.md -> a private key, x -> a passwd
// file, a folder -> ~/.ssh) is not attached by an @-mention, a dropped or a pasted path: the mention's path goes
// through read_file's own policy (the ApprovalService, which resolves the real path) before its size or its text
// is looked at. Real symlinks in a temporary folder; the policy is the production ApprovalService on the real
// file system.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { resolveMention, resolveMentions } from '../../../src/core/mentions/resolve';
import { WorkspaceMentionPaths } from '../../../src/core/mentions/workspace-paths';
import type { FileSearch } from '../../../src/core/ports/file-search';
import type { MentionSources } from '../../../src/core/ports/mention-sources';
import type { WorkspaceFiles } from '../../../src/core/ports/workspace-files';
import { parseMentions } from '../../../src/shared/mentions/parse';
import { nodeFileSystem } from '../permissions/fixtures';
import { harness } from '../permissions-host/fakes';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'relay-mention-links-')));
const workspace = join(root, 'ws');
const outside = join(root, 'home');
mkdirSync(join(outside, '.ssh'), { recursive: true });
mkdirSync(join(outside, '.aws'), { recursive: true });
mkdirSync(join(workspace, 'docs'), { recursive: true });
const KEY = '-----BEGIN OPENSSH PRIVATE KEY-----\nsecret-key-material\n';
writeFileSync(join(outside, '.ssh', 'id_rsa'), KEY);
writeFileSync(join(outside, '.aws', 'credentials'), '[default]\naws_secret_access_key = SECRETSECRET\n');
writeFileSync(join(outside, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
writeFileSync(join(workspace, 'readme.md'), '# inside\n');
symlinkSync(join(outside, '.ssh', 'id_rsa'), join(workspace, 'notes.md'));
symlinkSync(join(outside, 'passwd'), join(workspace, 'x'));
symlinkSync(join(outside, '.ssh'), join(workspace, 'keys'));
symlinkSync(join(outside, '.aws', 'credentials'), join(workspace, 'docs', 'config.txt'));
symlinkSync(join(workspace, 'readme.md'), join(workspace, 'alias.md'));
after(() => rmSync(root, { recursive: true, force: true }));

/** The workspace's files on the real disk, as the host's port reads them (stat follows links, as VS Code's does). */
const files: WorkspaceFiles = {
  roots: [workspace],
  async stat(path) {
    try {
      const s = await stat(path);
      return { type: s.isDirectory() ? 'directory' : s.isFile() ? 'file' : 'unknown', size: s.size, mtimeMs: s.mtimeMs } as Awaited<ReturnType<WorkspaceFiles['stat']>>;
    } catch {
      return undefined;
    }
  },
  async readBytes(path, max = 8_000) {
    return new Uint8Array((await readFile(path)).subarray(0, max));
  },
  readText: (path) => readFile(path, 'utf8'),
  list: async () => [],
};
const search: FileSearch = { findFiles: async () => ({ files: ['a.txt'], truncated: false }) } as unknown as FileSearch;

function sources(mode: 'default' | 'yolo' = 'default'): { sources: MentionSources; reads: string[] } {
  const h = harness({ fileSystem: nodeFileSystem({ workspaceFolders: [workspace], homeDir: outside, caseInsensitive: false }) });
  if (mode !== 'default') h.settings.change({ mode });
  const reads: string[] = [];
  const watched: WorkspaceFiles = { ...files, readText: (p) => (reads.push(p), files.readText(p)), readBytes: (p, m) => (reads.push(p), files.readBytes(p, m)) };
  const paths = new WorkspaceMentionPaths(watched, search, (p) => h.service.readRefusal(p));
  const none = async () => undefined;
  return { sources: { paths, problems: async () => [], lastTerminalCommand: none, uncommittedChanges: none, selection: none }, reads };
}

const signal = new AbortController().signal;
const mention = (token: string) => parseMentions(token)[0]!.ref;

describe('mentions of symlinks follow read_file\'s path policy', () => {
  it('the setup is real: the links point outside and their targets hold the secrets', () => {
    assert.equal(readFileSync(join(workspace, 'notes.md'), 'utf8'), KEY);
    assert.ok(statSync(join(workspace, 'keys')).isDirectory());
  });

  for (const token of ['@notes.md', '@x', '@keys/', '@keys/id_rsa', '@docs/config.txt', '@"notes.md"', '@notes.md:1-2', '@./notes.md']) {
    it(`${token}: no size, no content; the chip and the model say why`, async () => {
      const { sources: s, reads } = sources();
      const a = await resolveMention(mention(token), s, signal);
      assert.ok(a, 'the mention resolves to a refusal, not to nothing');
      assert.equal(a.chip.error, true, JSON.stringify(a.chip));
      assert.match(a.chip.note ?? '', /outside the workspace|asks/i, a.chip.note);
      assert.ok(!a.text?.includes('secret') && !a.text?.includes('root:x') && !a.text?.includes('SECRET'), a.text);
      assert.deepEqual(reads, [], 'nothing of the target was read');
    });
  }

  it('a whole message: the links are refused, the workspace file and a link inside the workspace are attached', async () => {
    const { sources: s } = sources();
    const attached = await resolveMentions('see @readme.md @alias.md @notes.md @keys/ and @x', s, signal);
    const byLabel = Object.fromEntries(attached.map((a) => [a.chip.label, a]));
    assert.match(byLabel['readme.md']!.text!, /# inside/);
    assert.match(byLabel['alias.md']!.text!, /# inside/, 'a link to a file inside the workspace is read like the file');
    for (const label of ['notes.md', 'keys', 'x']) {
      const a = attached.find((x) => x.chip.label.replace(/\/$/, '') === label)!;
      assert.equal(a.chip.error, true, label);
    }
    assert.ok(!attached.some((a) => a.text?.includes('secret-key-material')));
  });

  it('the size preview (what a drop or a picked chip shows) is refused the same way', async () => {
    const { sources: s } = sources();
    assert.equal(await s.paths.kind('readme.md'), 'file');
    await assert.rejects(s.paths.kind('notes.md'), /outside the workspace|asks/i);
    await assert.rejects(s.paths.readText('x'), /outside the workspace|asks/i);
    await assert.rejects(s.paths.listTree('keys', 10), /outside the workspace|asks/i);
  });
});
