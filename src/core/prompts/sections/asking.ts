// When to ask instead of assuming.
import { type PromptContext, section } from '../context';

export function asking(ctx: PromptContext): string {
  const how = ctx.role === 'sub-agent' ? 'report the question back instead of guessing' : 'ask with ask_followup_question, offering the concrete choices';
  return section('When to ask', [
    `When the request can be read in ways that lead to different results, or the next step is destructive or is a choice the user must own, ${how}.`,
    'Otherwise pick the most reasonable reading, say which in a sentence, and go on. Never ask for what a tool can tell you.',
  ]);
}
