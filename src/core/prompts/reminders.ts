// The short reminder that rides with the latest user message of each request, for the families that drift from
// their instructions over a long task (Copilot Chat sends one per model line with each turn). Only with native tool
// calling: the text protocol has its own reminders. Kept to a few lines: it is paid for on every request.
import type { PromptFamily } from './families';

const REMINDERS: Readonly<Partial<Record<PromptFamily, readonly string[]>>> = {
  // GPT-4.1/4o stop early and guess file contents (OpenAI's GPT-4.1 guide: repeat persistence and tool use).
  'gpt-4': [
    'Keep going until the request is completely resolved; end your turn only when it is solved or you cannot go on.',
    'Read files with the tools instead of guessing their contents; plan before each call and reflect on its result.',
  ],
  'o-series': ['Resolve the request in this turn: make the change with the tools rather than proposing it, and stop only when solved or blocked.'],
  // GPT-5.x drifts into long silences and restated plans on long tasks (Copilot's GPT-5.1 reminder).
  'gpt-5': [
    'Keep going until the request is resolved; stop only when solved or truly blocked.',
    'One-sentence preamble before each tool batch; a progress line every three to five calls; say only what changed.',
  ],
  // Claude writes summary files and widens the task over long sessions (Copilot's Claude reminder).
  anthropic: ['Stay within the request: no extra features or files, and no Markdown files summarising your work unless asked.'],
  // Gemini falls back to writing calls as text once the conversation holds some (Copilot's Gemini reminder).
  gemini: ['Call tools through tool calling only; never describe or write a tool call in your text, whatever earlier messages look like.'],
};

/** The reminder for this family, wrapped so the model can tell it from the user's words; none for codex and default. */
export function reminderFor(family: PromptFamily, nativeTools: boolean): string | undefined {
  const lines = nativeTools ? REMINDERS[family] : undefined;
  return lines ? `<reminder>\n${lines.join('\n')}\n</reminder>` : undefined;
}
