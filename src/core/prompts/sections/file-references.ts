// File references the chat turns into links (src/shared/file-references.ts finds them).
import { section } from '../context';

export function fileReferences(): string {
  return section('Pointing at code', [
    'Cite workspace files as `path:line` or `path:start-end`, the path relative to the workspace root, e.g. `src/app.ts:42`. The chat shows them as links that open the file at that line.',
    'Cite lines you have seen in this task; never guess a line number. Do not write workspace files as URLs or Markdown links.',
  ]);
}
