// The agent's instructions, per model family (families.ts): which sections each family reads, in order. The
// environment, the workspace rules and the text-protocol tools are added by src/core/agent/system-prompt.ts.
import type { PromptContext } from './context';
import { FAMILY_PROFILES, type PromptFamily, type TurnEnding } from './families';
import { anthropicNotes } from './families/anthropic';
import { compactInstructions } from './families/default';
import { geminiNotes } from './families/gemini';
import { openaiNotes } from './families/openai';
import { asking } from './sections/asking';
import { communication } from './sections/communication';
import { fileReferences } from './sections/file-references';
import { finishing } from './sections/finishing';
import { identity } from './sections/identity';
import { planning } from './sections/planning';
import { relayRuntime } from './sections/relay-runtime';
import { safety } from './sections/safety';
import { verifying } from './sections/verifying';
import { working } from './sections/working';

export { FAMILY_PROFILES, PROMPT_FAMILIES, promptFamilyOf, turnEndingFor, withheldToolsFor, type PromptFamily, type TurnEnding } from './families';
export type { PromptContext } from './context';

type Part = (ctx: PromptContext) => string | undefined;

/** The full families share the sections; each adds its own notes after "Working on code". */
function full(notes: Part): Part[] {
  return [identity, communication, planning, working, notes, verifying, asking, safety, relayRuntime, fileReferences, finishing];
}

const FAMILY_PARTS: Readonly<Record<PromptFamily, readonly Part[]>> = {
  anthropic: full(anthropicNotes),
  openai: full(openaiNotes),
  gemini: full(geminiNotes),
  default: [identity, compactInstructions],
};

/**
 * Only what Relay must say whoever wrote the rest: how the user's approvals and reviews work, safety, and how a turn
 * ends. For an agent whose own prompt is the whole system prompt (a Claude Code or OpenCode sub-agent).
 */
export function buildRuntimeInstructions(input: { family: PromptFamily; role: 'main' | 'sub-agent'; ending: TurnEnding; canChange: boolean }): string {
  const ctx: PromptContext = { ...input, editTool: FAMILY_PROFILES[input.family].editTool };
  return [relayRuntime, safety, finishing]
    .map((part) => part(ctx))
    .filter((text): text is string => text !== undefined)
    .join('\n\n');
}

/** The instructions for one request: the family's sections joined, before the environment and rules. */
export function buildInstructions(input: { family: PromptFamily; role: 'main' | 'sub-agent'; ending: TurnEnding; canChange: boolean }): string {
  const ctx: PromptContext = { ...input, editTool: FAMILY_PROFILES[input.family].editTool };
  return FAMILY_PARTS[input.family]
    .map((part) => part(ctx))
    .filter((text): text is string => text !== undefined)
    .join('\n\n');
}
