// The agent's instructions, per model family (families.ts): which sections each family reads, in order. The
// environment, the workspace rules and the text-protocol tools are added by src/core/agent/system-prompt.ts; the
// per-turn reminder rides with the latest user message (reminders.ts).
import type { PromptContext } from './context';
import { FAMILY_PROFILES, type PromptFamily, type TurnEnding } from './families';
import { anthropicAnswer, anthropicLongWork, anthropicParallel, anthropicScope, anthropicStopping, anthropicStyle } from './families/anthropic';
import { compactInstructions } from './families/default';
import { geminiAnswer, geminiDiligence, geminiPrecision, geminiStyle, geminiTools } from './families/gemini';
import { codexAgent, codexAnswer, codexPlanning, codexTools } from './families/openai/codex';
import { gpt4Agent, gpt4Answer, gpt4Patches, gpt4Planning, gpt4Style, gpt4Tools } from './families/openai/gpt-4';
import { gpt5Agent, gpt5Answer, gpt5Craft, gpt5Planning, gpt5Style } from './families/openai/gpt-5';
import { oSeriesAgent, oSeriesAnswer, oSeriesChecks, oSeriesPlanning, oSeriesStyle } from './families/openai/o-series';
import { patchEditing } from './families/openai/shared';
import { asking } from './sections/asking';
import { fileReferences } from './sections/file-references';
import { finishing } from './sections/finishing';
import { identity } from './sections/identity';
import { planning } from './sections/planning';
import { processes } from './sections/processes';
import { relayRuntime } from './sections/relay-runtime';
import { review } from './sections/review';
import { safety } from './sections/safety';
import { verifying } from './sections/verifying';
import { working } from './sections/working';

export { FAMILY_PROFILES, LEGACY_FAMILY_NAMES, OPENAI_FAMILIES, PROMPT_FAMILIES, promptFamilyOf, turnEndingFor, withheldToolsFor, type PromptFamily, type TurnEnding } from './families';
export { reminderFor } from './reminders';
export type { PromptContext } from './context';

type Part = (ctx: PromptContext) => string | undefined;

/** Relay's own rules, the same for every full family: how it checks, keeps secrets, treats denials and reviews. */
const RELAY_RULES: readonly Part[] = [processes, verifying, review, safety, relayRuntime, fileReferences];

/** OpenAI's generations: their own voice, plan and craft, apply_patch, then Relay's rules and their final answer. */
function openai(own: { agent: Part; style?: Part; plan: Part; craft: readonly Part[]; answer: Part }): Part[] {
  return [identity, own.agent, ...(own.style ? [own.style] : []), own.plan, working, patchEditing, ...own.craft, asking, ...RELAY_RULES, own.answer, finishing];
}

const FAMILY_PARTS: Readonly<Record<PromptFamily, readonly Part[]>> = {
  anthropic: [identity, anthropicStyle, anthropicParallel, planning, working, anthropicScope, anthropicStopping, anthropicLongWork, ...RELAY_RULES, anthropicAnswer, finishing],
  'gpt-4': openai({ agent: gpt4Agent, style: gpt4Style, plan: gpt4Planning, craft: [gpt4Patches, gpt4Tools], answer: gpt4Answer }),
  'o-series': openai({ agent: oSeriesAgent, style: oSeriesStyle, plan: oSeriesPlanning, craft: [oSeriesChecks], answer: oSeriesAnswer }),
  'gpt-5': openai({ agent: gpt5Agent, style: gpt5Style, plan: gpt5Planning, craft: [gpt5Craft], answer: gpt5Answer }),
  codex: openai({ agent: codexAgent, plan: codexPlanning, craft: [codexTools], answer: codexAnswer }),
  gemini: [identity, geminiTools, geminiStyle, planning, working, geminiPrecision, geminiDiligence, asking, ...RELAY_RULES, geminiAnswer, finishing],
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
