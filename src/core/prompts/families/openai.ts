// GPT-5 and OpenAI's reasoning models: trained on apply_patch, inclined to stop at a proposal; finish the work.
import { section } from '../context';

export function openaiNotes(): string {
  return section('Autonomy and final answers', [
    'Unless the user asked only for a plan, an explanation or a review, carry the task through in this turn: make the change, check it and report. Proposing a change in text is not doing it.',
    'Do not read a file again just to confirm an apply_patch: its result says what was applied and which errors it introduced.',
    'Final answer: lead with the outcome. Use a few bullets, or short sections under bold titles when the answer has parts. Do not list every file you read; cite the ones that matter as `path:line`.',
  ]);
}
