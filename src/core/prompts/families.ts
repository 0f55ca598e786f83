// The prompt families: which instructions, which edit tool (and in which form) and which way of ending a turn each
// line of models gets. A model's family comes from its catalog id (or the user's `relay.models` entry), never from
// the provider that serves it: Claude through VS Code's models or a router is still Claude.
import { ATTEMPT_COMPLETION } from '../tools/system-tools';

/**
 * The lines of models Relay writes its instructions for. OpenAI's models come in four generations that respond to
 * different instructions (Copilot Chat keeps a prompt file per line, Codex one per model): GPT-4.1/4o, the o-series
 * reasoning models, GPT-5.x and the Codex models. `default` is the compact prompt for every other model.
 */
export const PROMPT_FAMILIES = ['anthropic', 'gpt-4', 'o-series', 'gpt-5', 'codex', 'gemini', 'default'] as const;
export type PromptFamily = (typeof PROMPT_FAMILIES)[number];

/** The OpenAI generations, for what they share (apply_patch, the review stance, the final-answer tiers). */
export const OPENAI_FAMILIES: readonly PromptFamily[] = ['gpt-4', 'o-series', 'gpt-5', 'codex'];

/** Names `relay.models` accepted before the OpenAI split, and the family each now means. */
export const LEGACY_FAMILY_NAMES: Readonly<Record<string, PromptFamily>> = { openai: 'gpt-5' };

/** How a task ends: a reply without a tool call, or only the `attempt_completion` tool. */
export type TurnEnding = 'answer' | 'completion-tool';

export interface FamilyProfile {
  family: PromptFamily;
  /** The tool the instructions name for changing files: the one the family was trained on. */
  editTool: 'edit_file' | 'apply_patch';
  /**
   * apply_patch as the family was trained on it: `freeform`, the patch as the call's raw input under Codex's
   * grammar (a custom tool; only where the API has them, the Responses API), else a JSON string argument.
   */
  patchForm: 'freeform' | 'json';
  /** Tools not offered to this family (they still run if the model calls them, e.g. from an older turn). */
  withheldTools: readonly string[];
  /** With native tool calling; the text protocol always keeps the completion tool (see turnEndingFor). */
  ending: TurnEnding;
}

// The edit tools' names as they register them (src/tools, which core cannot import).
const APPLY_PATCH = 'apply_patch';
const EDIT_FILE = 'edit_file';

const OPENAI = { editTool: APPLY_PATCH, withheldTools: [EDIT_FILE, ATTEMPT_COMPLETION], ending: 'answer' } as const;
const EDITING = { editTool: EDIT_FILE, patchForm: 'json', withheldTools: [APPLY_PATCH, ATTEMPT_COMPLETION], ending: 'answer' } as const;

/**
 * Why each family gets what it gets is in the README ("The agent's instructions"). The patch forms follow Codex's
 * models.json (`apply_patch_tool_type`): freeform for GPT-5.x and the Codex models, a function for GPT-4.1 and o3/o4-mini.
 */
export const FAMILY_PROFILES: Readonly<Record<PromptFamily, FamilyProfile>> = {
  anthropic: { family: 'anthropic', ...EDITING },
  'gpt-4': { family: 'gpt-4', ...OPENAI, patchForm: 'json' },
  'o-series': { family: 'o-series', ...OPENAI, patchForm: 'json' },
  'gpt-5': { family: 'gpt-5', ...OPENAI, patchForm: 'freeform' },
  codex: { family: 'codex', ...OPENAI, patchForm: 'freeform' },
  gemini: { family: 'gemini', ...EDITING },
  default: { family: 'default', editTool: EDIT_FILE, patchForm: 'json', withheldTools: [APPLY_PATCH], ending: 'completion-tool' },
};

/** The family of a model id as a catalog knows it ("anthropic/claude-x", "openai/gpt-5.1" and dated snapshots included). */
export function promptFamilyOf(id: string): PromptFamily {
  const bare = id.slice(id.lastIndexOf('/') + 1).toLowerCase();
  if (bare.startsWith('claude')) return 'anthropic';
  if (bare.startsWith('gemini')) return 'gemini';
  // gpt-5-codex, gpt-5.1-codex-max, gpt-5.2-codex, codex-mini-latest: before GPT-5, which they also start with.
  if (/^(gpt-[5-9][\w.]*-)?codex/.test(bare)) return 'codex';
  if (/^gpt-[5-9]/.test(bare)) return 'gpt-5';
  if (/^o\d/.test(bare)) return 'o-series';
  if (/^(chatgpt-)?gpt-4/.test(bare)) return 'gpt-4';
  return 'default';
}

/**
 * How a task ends for this family. A model on the text protocol keeps the completion tool whatever its family:
 * a call it wrote in the wrong shape reads as plain text, and that must not end the task.
 */
export function turnEndingFor(family: PromptFamily, nativeTools: boolean): TurnEnding {
  return nativeTools ? FAMILY_PROFILES[family].ending : 'completion-tool';
}

/** The tools this model is not offered: its family's, and the completion tool only when a plain answer ends the task. */
export function withheldToolsFor(family: PromptFamily, nativeTools: boolean): ReadonlySet<string> {
  const withheld = new Set(FAMILY_PROFILES[family].withheldTools);
  if (turnEndingFor(family, nativeTools) === 'completion-tool') withheld.delete(ATTEMPT_COMPLETION);
  return withheld;
}
