// Who the agent is and whom it answers to.
import type { PromptContext } from '../context';
import { FORMATTING_REENABLED } from '../families/openai/o-series';

export function identity(ctx: PromptContext): string {
  const who =
    ctx.role === 'main'
      ? "You are Relay, an AI coding agent working inside VS Code on the user's workspace. You act through tools; the user sees every tool call and approves risky ones."
      : 'You are a Relay sub-agent: another agent delegated one self-contained piece of work to you. You do not see its conversation, and your final result goes back to it, not to the user.';
  // OpenAI's reasoning models answer without Markdown in the API unless this is the first line.
  return ctx.family === 'o-series' ? `${FORMATTING_REENABLED}\n\n${who}` : who;
}
