// The service loads a kind on first use only, keeps it until a change, and reports what each kind found.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { CustomizationKind } from '../../../src/core/customization/registry';
import { CustomizationService } from '../../../src/host/customization/customization-service';
import { NodeCustomizationFiles } from '../../../src/host/customization/node-files';

const root = mkdtempSync(join(tmpdir(), 'relay-custom-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('customisation service', () => {
  test('finds a kind\'s files by pattern (dot folders, nested, skipped folders), loads on first get, again after a change', async () => {
    mkdirSync(join(root, '.things', 'deep'), { recursive: true });
    mkdirSync(join(root, 'pkg', 'node_modules', 'x'), { recursive: true });
    writeFileSync(join(root, '.things', 'a.md'), 'A');
    writeFileSync(join(root, '.things', 'deep', 'b.md'), 'B');
    writeFileSync(join(root, 'pkg', 'THING.md'), 'P');
    writeFileSync(join(root, 'pkg', 'node_modules', 'x', 'THING.md'), 'dependency');
    let loads = 0;
    let changed: () => void = () => {};
    const files = new NodeCustomizationFiles([root]);
    files.watch = (_p, _u, onChange) => ((changed = onChange), { dispose: () => {} });
    const kind: CustomizationKind<string> = {
      id: 'things',
      title: 'Things',
      patterns: ['.things/**/*.md', '**/THING.md'],
      async load(found, reader) {
        loads++;
        const entries = await Promise.all(found.map(async (file) => `${file.relative}=${await reader.read(file.path)}`));
        return { entries, files: found.map((file) => ({ path: file.path, source: 'test', problems: [] })) };
      },
    };
    const service = new CustomizationService(files);
    service.register(kind);
    assert.equal(loads, 0, 'nothing is read at registration');
    assert.deepEqual((await service.get<string>('things')).entries, ['.things/a.md=A', '.things/deep/b.md=B', 'pkg/THING.md=P']);
    await service.get('things');
    assert.equal(loads, 1);
    writeFileSync(join(root, '.things', 'a.md'), 'A2');
    changed();
    assert.deepEqual((await service.get<string>('things')).entries[0], '.things/a.md=A2');
    assert.equal(loads, 2);
    assert.deepEqual((await service.sections()).map((s) => [s.id, s.loaded.files.length]), [['things', 3]]);
    assert.throws(() => service.register(kind), /already registered/);
    assert.deepEqual(await service.get('unknown'), { entries: [], files: [] });
  });
});

describe('customisation service without watcher events', () => {
  // Watchers miss events (a flood of changes, inotify limits, network file systems): the stamp of the fixed folders
  // still shows a file added, written or removed there, at the next get.
  test('a file added, rewritten or removed in a fixed folder is seen at the next get, with no event', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'relay-custom-stamp-'));
    try {
      mkdirSync(join(folder, '.relay', 'agents'), { recursive: true });
      writeFileSync(join(folder, '.relay', 'agents', 'one.md'), 'one');
      const files = new NodeCustomizationFiles([folder]); // its watch() never calls back
      let loads = 0;
      const kind: CustomizationKind<string> = {
        id: 'agents-like',
        title: 'Agents',
        patterns: ['.relay/agents/*.md', '.clinerules'],
        async load(found, reader) {
          loads++;
          const entries = await Promise.all(found.map(async (file) => `${file.relative}=${await reader.read(file.path)}`));
          return { entries, files: [] };
        },
      };
      const service = new CustomizationService(files, 0); // stamped at every get
      service.register(kind);
      assert.deepEqual((await service.get<string>('agents-like')).entries, ['.relay/agents/one.md=one']);
      await service.get('agents-like');
      assert.equal(loads, 1, 'nothing changed: not read again');
      writeFileSync(join(folder, '.relay', 'agents', 'two.md'), 'two');
      assert.deepEqual((await service.get<string>('agents-like')).entries, ['.relay/agents/one.md=one', '.relay/agents/two.md=two']);
      writeFileSync(join(folder, '.relay', 'agents', 'one.md'), 'one, longer');
      assert.deepEqual((await service.get<string>('agents-like')).entries[0], '.relay/agents/one.md=one, longer');
      writeFileSync(join(folder, '.clinerules'), 'rules');
      assert.ok((await service.get<string>('agents-like')).entries.includes('.clinerules=rules'), 'a single-file pattern');
      rmSync(join(folder, '.relay', 'agents', 'two.md'));
      assert.deepEqual((await service.get<string>('agents-like')).entries, ['.clinerules=rules', '.relay/agents/one.md=one, longer']);
      const before = loads;
      await service.get('agents-like');
      assert.equal(loads, before, 'stable again');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('root-wide patterns without an extension are found (.roorules-<mode>)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'relay-custom-root-'));
    try {
      writeFileSync(join(folder, '.roorules-code'), 'code rules');
      const files = new NodeCustomizationFiles([folder]);
      const found = await files.find(['.roorules-*', '**/AGENTS.md'], []);
      assert.deepEqual(found.map((file) => file.relative), ['.roorules-code']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
