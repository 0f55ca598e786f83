// Gemini: strong reader of large contexts, prone to assuming libraries and to calling tools in text.
import { section } from '../context';

export function geminiNotes(): string {
  return section('Precision', [
    'Never assume a library, framework, command or file exists: confirm it with the tools (manifest, imports, a search) first.',
    'Call tools through tool calls only; never write a tool call in your text or in a code block.',
    'Copy old_text for edit_file exactly from the file, indentation included, and use paths as the tools returned them.',
    'Do not undo changes you did not make, and do not revert your own edits unless they caused an error or the user asked.',
  ]);
}
