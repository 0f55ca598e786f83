// How a turn ends: a plain final answer, or the completion tool (families.ts decides which).
import { type PromptContext, section } from '../context';

export function finishing(ctx: PromptContext): string {
  const reader = ctx.role === 'main' ? 'the user' : 'the agent that delegated to you';
  if (ctx.ending === 'answer') {
    return section('Ending your turn', [
      `A reply without a tool call ends your turn and hands the task back to ${reader}. So keep going until the task is done and checked: do not stop at a plan, a partial fix or "I will now ..."; do it.`,
      'End your turn when the work is done, when you need a decision only the user can make, or when you are blocked, and say which.',
      ctx.role === 'sub-agent' && 'Your final reply is all the delegating agent receives: put in it what it needs (findings with `path:line` references, or what you changed).',
    ]);
  }
  return section('Ending the task', [
    'Every reply must call a tool. When the task is done and checked, call attempt_completion with the result; a reply without a tool call does not end the task.',
    ctx.role === 'sub-agent' && 'The attempt_completion result is all the delegating agent receives: put in it what it needs (findings with `path:line` references, or what you changed).',
  ]);
}
