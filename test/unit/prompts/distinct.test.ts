// No two families may be mostly the same text (issue 39: the three full families were about 90 % identical word for
// word, each with some 500 characters of its own).
//
// The threshold, 0.8: Relay's own rules (safety, secrets, prompt injection, denials, partly rejected diffs,
// checkpoints, processes, checks, reviews, file links, about 6,000 characters) are the same words in every family on
// purpose: they describe Relay, not the model, and one wording means one place to fix. Everything else is the
// family's. The smallest family, Codex (kept short, as Codex keeps its own prompt for those models), has about a fifth
// of its own on top of the rules and measures 0.78; the other pairs 0.63-0.75. So 0.8 holds each family to at least a
// fifth of text of its own, and fails the moment one family falls back to another's sections.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildInstructions, PROMPT_FAMILIES, type PromptFamily } from '../../../src/core/prompts';

const THRESHOLD = 0.8;

/** The instruction lines (headings left out), as the model reads them. */
function lines(family: PromptFamily): string[] {
  const text = buildInstructions({ family, role: 'main', ending: 'answer', canChange: true });
  return text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
}

/** The share of a's characters in lines that b has word for word. */
export function identicalShare(a: readonly string[], b: readonly string[]): number {
  const other = new Set(b);
  const total = a.reduce((sum, line) => sum + line.length, 0);
  const same = a.filter((line) => other.has(line)).reduce((sum, line) => sum + line.length, 0);
  return total === 0 ? 0 : same / total;
}

describe('the families are not copies of each other', () => {
  const full = PROMPT_FAMILIES.filter((family) => family !== 'default');
  for (let i = 0; i < full.length; i++) {
    for (let j = i + 1; j < full.length; j++) {
      const [a, b] = [full[i]!, full[j]!];
      test(`${a} and ${b}: at most ${THRESHOLD * 100} % identical`, () => {
        const share = Math.max(identicalShare(lines(a), lines(b)), identicalShare(lines(b), lines(a)));
        assert.ok(share <= THRESHOLD, `${a} and ${b} are ${(share * 100).toFixed(0)} % identical (limit ${THRESHOLD * 100} %)`);
      });
    }
  }

  test('the measure sees a family that reuses another one', () => {
    assert.equal(identicalShare(lines('gemini'), lines('gemini')), 1);
    assert.ok(identicalShare(['a rule', 'own line'], ['a rule']) > 0.4);
  });
});
