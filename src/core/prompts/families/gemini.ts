// Gemini: strong reader of large contexts, prone to assuming libraries and to calling tools in text.
import { section } from '../context';

export function geminiNotes(): string {
  return section('Precision', [
    'Never assume a library, framework, command or file exists: confirm it with the tools (manifest, imports, a search) first.',
    'Call tools through tool calls only; never write a tool call in your text or in a code block.',
    'Use paths exactly as the tools returned them; do not rebuild them by hand.',
    'Do not undo changes you did not make, and do not revert your own edits unless they caused an error or the user asked.',
  ]);
}
