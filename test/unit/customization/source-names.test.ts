// The names of the formats customizations are read from are shown to people in their language (the `/` list, the
// agent picker, Show Customizations), and the model and the tables keep the English: every format of every kind is
// listed, so a new one cannot be left in English; a file's own name reads the same in every language.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { formatMessage, setLocalizer } from '../../../src/core/l10n';
import { AGENT_FORMATS } from '../../../src/core/customization/agents/agent-sources';
import { BUILTIN_AGENTS } from '../../../src/core/customization/agents/builtin-agents';
import { COMMAND_FORMATS } from '../../../src/core/customization/commands/command-sources';
import { HOOK_SOURCES } from '../../../src/core/customization/hooks/hooks-kind';
import { RULE_FORMATS } from '../../../src/core/customization/rules/rule-sources';
import { shownSource, SOURCE_NAMES } from '../../../src/core/customization/source-names';

const FILE_NAMES = new Set(['CLAUDE.md', 'AGENTS.md']);

describe('customization source names', () => {
  after(() => setLocalizer((message, ...args) => formatMessage(message, args)));

  test('every format of every kind is listed, or is a file name', () => {
    const sources = [...AGENT_FORMATS, ...COMMAND_FORMATS, ...RULE_FORMATS, ...HOOK_SOURCES, ...BUILTIN_AGENTS].map((f) => f.source);
    const missing = sources.filter((s) => !SOURCE_NAMES.includes(s) && !FILE_NAMES.has(s));
    assert.deepEqual(missing, []);
  });

  test('a listed name is shown translated; a file name or a path as it is', () => {
    const zh = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'l10n', 'bundle.l10n.zh-cn.json'), 'utf8')) as Record<string, string>;
    setLocalizer((message, ...args) => formatMessage(zh[message] ?? message, args));
    assert.equal(shownSource('Claude Code command'), 'Claude Code 命令');
    assert.equal(shownSource('Cline workflow'), 'Cline 工作流');
    assert.equal(shownSource('CLAUDE.md'), 'CLAUDE.md');
    assert.equal(shownSource('.clinerules/hooks/x.sh'), '.clinerules/hooks/x.sh');
    for (const name of SOURCE_NAMES) assert.ok(zh[name], `the zh-cn bundle names ${name}`);
  });
});
