// Paths in reports and questions read from the workspace (or ~), not as the absolute /tmp/… path (issue 38).
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayPath, displayPathsIn } from '../../../src/core/text/display-path';

const one = [{ name: 'app', path: '/tmp/ws/app' }];
const two = [...one, { name: 'lib', path: '/tmp/ws/lib' }];

describe('displayPath', () => {
  it('a file of the workspace folder reads from it', () => {
    assert.equal(displayPath('/tmp/ws/app/.vscode/settings.json', one, '/home/me'), '.vscode/settings.json');
    assert.equal(displayPath('/tmp/ws/app/AGENTS.md', one, '/home/me'), 'AGENTS.md');
    assert.equal(displayPath('/tmp/ws/app', one, '/home/me'), '.');
  });

  it('with several folders, the folder is named first', () => {
    assert.equal(displayPath('/tmp/ws/lib/AGENTS.md', two, '/home/me'), 'lib/AGENTS.md');
    assert.equal(displayPath('/tmp/ws/app/a/b.md', two, '/home/me'), 'app/a/b.md');
  });

  it('a folder beside the workspace with a name that starts the same is not inside it', () => {
    assert.equal(displayPath('/tmp/ws/application/x.md', one, undefined), '/tmp/ws/application/x.md');
  });

  it('outside the workspace: from the home folder as ~, else whole', () => {
    assert.equal(displayPath('/home/me/.claude/CLAUDE.md', one, '/home/me'), '~/.claude/CLAUDE.md');
    assert.equal(displayPath('/home/me', one, '/home/me'), '~');
    assert.equal(displayPath('/home/meg/x.md', one, '/home/me'), '/home/meg/x.md');
    assert.equal(displayPath('/etc/relay.md', one, '/home/me'), '/etc/relay.md');
  });

  it('a workspace inside the home folder reads from the workspace, not from ~', () => {
    assert.equal(displayPath('/home/me/code/app/AGENTS.md', [{ name: 'app', path: '/home/me/code/app' }], '/home/me'), 'AGENTS.md');
  });
});

describe('displayPathsIn', () => {
  it('reads the workspace and home prefixes of the paths a sentence names', () => {
    assert.equal(
      displayPathsIn('Command: /review (Claude Code, /tmp/ws/app/.claude/commands/review.md); user rule /home/me/.claude/CLAUDE.md', one, '/home/me'),
      'Command: /review (Claude Code, .claude/commands/review.md); user rule ~/.claude/CLAUDE.md',
    );
    assert.equal(displayPathsIn('lib rule /tmp/ws/lib/AGENTS.md', two, undefined), 'lib rule lib/AGENTS.md');
    assert.equal(displayPathsIn('no path here', one, '/home/me'), 'no path here');
  });
});
