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
