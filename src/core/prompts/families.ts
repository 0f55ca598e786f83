// The prompt families: which instructions, which edit tool and which way of ending a turn each line of models
// gets. A model's family comes from its catalog id (or the user's `relay.models` entry), never from the provider
// that serves it: Claude through VS Code's models or a router is still Claude.
import { ATTEMPT_COMPLETION } from '../tools/system-tools';

/** The lines of models Relay writes its instructions for; `default` is the compact prompt for every other model. */
export const PROMPT_FAMILIES = ['anthropic', 'openai', 'gemini', 'default'] as const;
export type PromptFamily = (typeof PROMPT_FAMILIES)[number];

/** How a task ends: a reply without a tool call, or only the `attempt_completion` tool. */
export type TurnEnding = 'answer' | 'completion-tool';

export interface FamilyProfile {
  family: PromptFamily;
  /** The tool the instructions name for changing files: the one the family was trained on. */
  editTool: 'edit_file' | 'apply_patch';
  /** Tools not offered to this family (they still run if the model calls them, e.g. from an older turn). */
  withheldTools: readonly string[];
  /** With native tool calling; the text protocol always keeps the completion tool (see turnEndingFor). */
  ending: TurnEnding;
}

// The edit tools' names as they register them (src/tools, which core cannot import).
const APPLY_PATCH = 'apply_patch';
const EDIT_FILE = 'edit_file';

/** Why each family gets what it gets is in the README ("The agent's instructions"). */
export const FAMILY_PROFILES: Readonly<Record<PromptFamily, FamilyProfile>> = {
  anthropic: { family: 'anthropic', editTool: EDIT_FILE, withheldTools: [APPLY_PATCH, ATTEMPT_COMPLETION], ending: 'answer' },
  openai: { family: 'openai', editTool: APPLY_PATCH, withheldTools: [EDIT_FILE, ATTEMPT_COMPLETION], ending: 'answer' },
  gemini: { family: 'gemini', editTool: EDIT_FILE, withheldTools: [APPLY_PATCH, ATTEMPT_COMPLETION], ending: 'answer' },
  default: { family: 'default', editTool: EDIT_FILE, withheldTools: [APPLY_PATCH], ending: 'completion-tool' },
};

/** OpenAI's GPT-5 line and its reasoning models (o1, o3, o4-mini, Codex). GPT-4.x and GPT-4o get the default. */
const OPENAI_FAMILY = /^(o\d|gpt-[5-9]|codex)/;

/** The family of a model id as a catalog knows it ("anthropic/claude-x" and dated snapshots included). */
export function promptFamilyOf(id: string): PromptFamily {
  const bare = id.slice(id.lastIndexOf('/') + 1).toLowerCase();
  if (bare.startsWith('claude')) return 'anthropic';
  if (bare.startsWith('gemini')) return 'gemini';
  return OPENAI_FAMILY.test(bare) ? 'openai' : 'default';
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
