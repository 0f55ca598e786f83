// What a hook sees of one tool call. Most calls are one view: the tool under its own name. An apply_patch call
// is one view per file it touches, each shaped as the peer's tool for that change (an added file as Write, an
// update or a move as Edit, a deletion as MultiEdit), with `file_path`, so a hook written for `Edit|Write` (a
// formatter, a guard on generated files) sees every file of a patch and a deny on one file denies the patch.
// The matcher also matches the call's own name (`apply_patch`), once per file.
// A call's views are built once: the hook point asks for them before the call (PreToolUse, and again to tell a
// changed patch apart) and after it (PostToolUse, PostToolUseFailure), always with the same input object; a patch
// is parsed once per call, not once per question. Views are shared between those questions: never change one.
import { parsePatch, type PatchOperation } from '../../edit/patch-parser';

export interface HookToolView {
  /** The Relay tool whose peer name and field names this view takes (edit_file → Edit, write_file → Write). */
  name: string;
  input: Record<string, unknown>;
  /** The name of the tool actually called, when the view is one file of it. */
  callName?: string;
}

/** The views built for a call's input object, with the patch text they were built from (an input is not changed in place, but a changed text is never served old views). */
const built = new WeakMap<Record<string, unknown>, { patch: string; views: readonly HookToolView[] }>();

export function hookToolViews(toolName: string, input: Record<string, unknown>): readonly HookToolView[] {
  if (toolName !== 'apply_patch' || typeof input.patch !== 'string') return [{ name: toolName, input }];
  const known = built.get(input);
  if (known && known.patch === input.patch) return known.views;
  const parsed = parsePatch(input.patch);
  // A patch that does not parse is refused by the tool itself; its hooks see it whole.
  const views = !parsed.ok || parsed.operations.length === 0 ? [{ name: toolName, input }] : parsed.operations.map((operation) => ({ ...viewOf(operation), callName: toolName }));
  built.set(input, { patch: input.patch, views });
  return views;
}

function viewOf(operation: PatchOperation): Omit<HookToolView, 'callName'> {
  switch (operation.type) {
    case 'add':
      return { name: 'write_file', input: { path: operation.path, content: operation.content } };
    case 'delete':
      return { name: 'apply_patch', input: { path: operation.path, operation: 'delete', edits: [] } };
    case 'update': {
      const edits = operation.hunks.map((hunk) => ({
        old_text: hunk.lines.filter((line) => line.op !== '+').map((line) => line.text).join('\n'),
        new_text: hunk.lines.filter((line) => line.op !== '-').map((line) => line.text).join('\n'),
      }));
      return { name: 'edit_file', input: { path: operation.path, edits, ...(operation.moveTo ? { new_path: operation.moveTo } : {}) } };
    }
  }
}
