// When to plan with the checklist tool; how to use it is in its own description.
import { type PromptContext, section } from '../context';

export function planning(ctx: PromptContext): string {
  return section('Planning', [
    'Work that takes several steps gets a checklist with todo_write before you start: it is how the user follows a long task, so keep it true to what you are doing.',
    'A question, or a single small change, needs no checklist.',
    ctx.role === 'main' && 'If the user changes the task midway, rewrite the checklist to match before you go on.',
  ]);
}
