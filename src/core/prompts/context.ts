// What a section of the instructions may depend on: the model's family, who the agent works for, how its turn
// ends and which tool it edits with.
import type { PromptFamily, TurnEnding } from './families';

export interface PromptContext {
  family: PromptFamily;
  role: 'main' | 'sub-agent';
  ending: TurnEnding;
  editTool: 'edit_file' | 'apply_patch';
  /** False when no offered tool changes files or runs commands (Restricted Mode, a read-only sub-agent). */
  canChange: boolean;
}

/** A section: a Markdown heading and its lines, or nothing when it does not apply. */
export type Section = (ctx: PromptContext) => string | undefined;

export function section(title: string, lines: readonly (string | false | undefined)[]): string {
  return `# ${title}\n\n${lines.filter((line): line is string => typeof line === 'string').map((line) => `- ${line}`).join('\n')}`;
}
