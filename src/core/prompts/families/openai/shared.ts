// What OpenAI's generations share: apply_patch (trained on it), and a final answer sized to the work. Each
// generation's file adds what it responds to (gpt-4.ts, o-series.ts, gpt-5.ts, codex.ts).
import { type PromptContext, section } from '../../context';

/** Editing with apply_patch; nothing when no tool changes files. */
export function patchEditing(ctx: PromptContext): string | undefined {
  if (!ctx.canChange) return undefined;
  return section('Editing', [
    'Change files with apply_patch, from a one-line fix to changes across files; write_file is only for a complete rewrite. Use the name exactly: apply_patch.',
    'Do not read a file again just to confirm a patch: its result says what was applied and which errors it introduced.',
    'Never paste a patch or changed code into your reply for the user to apply: apply it.',
  ]);
}

/** Verbosity tiers for the final answer, as GPT-5's guidance sets them (Codex, Copilot's GPT-5.x prompts). */
export const ANSWER_TIERS = [
  'Size the final answer to the change. A small fix (about ten lines): two to five sentences, no headings. A change in one area or a few files: up to six bullets. A change across many files: one or two bullets per file or area. A question: the answer first, then only the detail that supports it.',
  'Lead with the outcome, not with "Summary". Headings only when the answer has parts: short, in bold. Flat bullets, never nested; one line each where possible. Code in fenced blocks with a language; commands, paths and symbols in backticks.',
  'Do not list every file you read or paste large files you wrote: cite what matters as `path:line`. If there is a natural next step (a test to run, a commit), offer it in one line; as a numbered list when there are options to choose from.',
];

/** The final answer: the tiers, with a family's own lines first. */
export function finalAnswer(...own: string[]): string {
  return section('The final answer', [...own, ...ANSWER_TIERS]);
}
