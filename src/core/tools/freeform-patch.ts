// apply_patch in the form GPT-5.x and the Codex models were trained on: a freeform (custom) tool whose whole input is
// the patch, constrained by a Lark grammar, instead of a JSON object with the patch in a string (no escaping of
// every quote and newline). Offered so where the API has custom tools (the Responses API); elsewhere the tool stays a
// function with its JSON schema, and a provider that does not know `freeform` ignores it.
import type { ModelToolSpec } from './model-description';

/**
 * The patch grammar, as Codex sends it to the Responses API (openai/codex, codex-rs/core/src/tools/handlers/
 * apply_patch.lark, Apache-2.0): the API constrains the model's input to it.
 */
export const APPLY_PATCH_LARK_GRAMMAR = `start: begin_patch hunk+ end_patch
begin_patch: "*** Begin Patch" LF
end_patch: "*** End Patch" LF?

hunk: add_hunk | delete_hunk | update_hunk
add_hunk: "*** Add File: " filename LF add_line+
delete_hunk: "*** Delete File: " filename LF
update_hunk: "*** Update File: " filename LF change_move? change?

filename: /(.+)/
add_line: "+" /(.*)/ LF -> line

change_move: "*** Move to: " filename LF
change: (change_context | change_line)+ eof_line?
change_context: ("@@" | "@@ " /(.+)/) LF
change_line: ("+" | "-" | " ") /(.*)/ LF
eof_line: "*** End of File" LF

%import common.LF
`;

/** apply_patch's spec with its freeform form; other specs unchanged. */
export function withFreeformPatch(spec: ModelToolSpec): ModelToolSpec {
  if (spec.name !== 'apply_patch') return spec;
  // The function form's description with its JSON examples cut: the freeform input is the patch itself.
  const examples = spec.description.indexOf('\n\nExamples:');
  const body = examples < 0 ? spec.description : spec.description.slice(0, examples);
  return {
    ...spec,
    freeform: {
      grammar: { syntax: 'lark', definition: APPLY_PATCH_LARK_GRAMMAR },
      argument: 'patch',
      description: `${body}\n\nThis is a FREEFORM tool: its input is the patch text itself, from "*** Begin Patch" to "*** End Patch", not JSON.`,
    },
  };
}
