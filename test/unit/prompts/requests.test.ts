// The whole first request of a task (system prompt, tools, first user message) for each prompt family and for the
// main settings, compared with committed snapshots so every change to the instructions shows up in review.
// Update: RELAY_UPDATE_SNAPSHOTS=1 npm run test:unit prompts/requests
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { modelInfoFor } from '../../../src/core/model/catalog';
import { FAMILY_PROFILES, reminderFor, turnEndingFor } from '../../../src/core/prompts';
import { CASES, firstRequest, MODEL_LINES, renderRequest } from '../../support/prompt-requests';
import { matchSnapshot } from '../../support/snapshots';

const SNAPSHOTS = join(__dirname, '__snapshots__');

describe('the first request of a task, per prompt family and setting (snapshots)', () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const request = await firstRequest(c);
      matchSnapshot(join(SNAPSHOTS, `${c.name}.md`), renderRequest(c.model, request));
    });
  }
});

test('each model line: its family, edit tool and patch form, way of ending and reminder (snapshot)', () => {
  const rows = MODEL_LINES.map((id) => {
    const model = modelInfoFor(id.includes(':') ? 'ollama' : id.startsWith('claude') ? 'anthropic' : id.startsWith('gemini') ? 'gemini' : 'openai', id);
    const family = model.promptFamily ?? 'default';
    const profile = FAMILY_PROFILES[family];
    const edit = profile.editTool === 'apply_patch' ? `apply_patch (${profile.patchForm})` : profile.editTool;
    const reminder = reminderFor(family, model.supportsNativeTools)?.split('\n').slice(1, -1).join(' ') ?? '-';
    return `| ${id} | ${family} | ${edit} | ${turnEndingFor(family, model.supportsNativeTools)} | ${reminder} |`;
  });
  matchSnapshot(join(SNAPSHOTS, 'model-lines.md'), ['| model line | family | edit tool (form) | turn ends with | per-turn reminder |', '|---|---|---|---|---|', ...rows, ''].join('\n'));
});

describe('the instructions do not repeat the tool descriptions', () => {
  for (const c of CASES.filter((c) => c.model.supportsNativeTools)) {
    test(c.name, async () => {
      const request = await firstRequest(c);
      const instructions = request.system.slice(0, request.system.indexOf('# Environment'));
      const descriptions = request.tools.map((tool) => tool.description.toLowerCase());
      // Sentences of some length, compared without case: the prompt says when and why, a tool's description how.
      const sentences = instructions.split(/(?<=[.:;])\s+|\n+/).map((s) => s.replace(/^- /, '').trim().toLowerCase()).filter((s) => s.length >= 30);
      const repeated = sentences.filter((sentence) => descriptions.some((d) => d.includes(sentence)));
      assert.deepEqual(repeated, []);
    });
  }
});
