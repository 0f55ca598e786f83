// A path on a card reads file name first, its folder after it (issue 38: a narrow card cut the file name off).
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitPath } from '../../../webview/render/path-label';

describe('webview path labels', () => {
  it('splits a path into the file name and its folder', () => {
    assert.deepEqual(splitPath('src/components/forms/Button.tsx'), { name: 'Button.tsx', folder: 'src/components/forms' });
    assert.deepEqual(splitPath('README.md'), { name: 'README.md', folder: '' });
    assert.deepEqual(splitPath('/etc/hosts'), { name: 'hosts', folder: '/etc' });
    assert.deepEqual(splitPath('/hosts'), { name: 'hosts', folder: '/' });
    assert.deepEqual(splitPath('src\\win\\main.ts'), { name: 'main.ts', folder: 'src\\win' });
    assert.deepEqual(splitPath('src/generated/'), { name: 'generated', folder: 'src' });
  });
});
