// Relay's tools under the names other agents' hooks match on, and their input under those agents' field names,
// so a hook written for Claude Code (`"matcher": "Bash"`, `tool_input.file_path`) works unchanged here.

const CLAUDE_NAMES: Record<string, string> = {
  run_command: 'Bash',
  edit_file: 'Edit',
  apply_patch: 'MultiEdit',
  write_file: 'Write',
  read_file: 'Read',
  search_text: 'Grep',
  find_files: 'Glob',
  list_files: 'LS',
  web_fetch: 'WebFetch',
  todo_write: 'TodoWrite',
  new_task: 'Task',
};

/** Cline's tool names, for its hook scripts. */
const CLINE_NAMES: Record<string, string> = {
  run_command: 'execute_command',
  edit_file: 'replace_in_file',
  write_file: 'write_to_file',
  read_file: 'read_file',
  search_text: 'search_files',
  list_files: 'list_files',
  web_fetch: 'web_fetch',
  new_task: 'new_task',
  attempt_completion: 'attempt_completion',
};

export function claudeToolName(relayName: string): string {
  return CLAUDE_NAMES[relayName] ?? relayName;
}

export function clineToolName(relayName: string): string {
  return CLINE_NAMES[relayName] ?? relayName;
}

/**
 * The input with Claude's field names added beside Relay's: `path` is also `file_path`; edit_file's replacements
 * also carry `old_string` / `new_string` (and, for a single one, at the top level as Claude's Edit has them);
 * search_text's `include` is also `glob`; new_task's `agent` is also `subagent_type`.
 */
export function claudeToolInput(relayName: string, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  if (typeof input.path === 'string' && out.file_path === undefined) out.file_path = input.path;
  if (relayName === 'edit_file' && Array.isArray(input.edits)) {
    const edits = input.edits.map((edit: unknown) => (isRecord(edit) ? { ...edit, old_string: edit.old_text, new_string: edit.new_text } : edit));
    out.edits = edits;
    const only = edits.length === 1 && isRecord(edits[0]) ? edits[0] : undefined;
    if (only) Object.assign(out, { old_string: only.old_text, new_string: only.new_text, replace_all: only.replace_all ?? false });
  }
  if (relayName === 'search_text' && input.include !== undefined) out.glob = input.include;
  if (relayName === 'new_task' && typeof input.agent === 'string') out.subagent_type = input.agent;
  return out;
}

/**
 * A hook's replacement input onto Relay's field names (the reverse of `claudeToolInput`): `file_path` becomes
 * `path`, Edit's `old_string` / `new_string` / `replace_all` the single replacement's, `glob` `include`,
 * `subagent_type` `agent`; other fields are taken as they are. Fields the hook left out keep their value.
 */
export function toRelayInput(relayName: string, original: Record<string, unknown>, updated: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...original };
  const single: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(updated)) {
    if (key === 'file_path' && 'path' in original) out.path = value;
    else if (relayName === 'edit_file' && (key === 'old_string' || key === 'new_string' || key === 'replace_all')) single[key] = value;
    else if (relayName === 'edit_file' && key === 'edits' && Array.isArray(value)) out.edits = value.map(relayEdit);
    else if (relayName === 'search_text' && key === 'glob') out.include = value;
    else if (relayName === 'new_task' && key === 'subagent_type') out.agent = value;
    else out[key] = value;
  }
  // Claude's top-level Edit fields change the one replacement there is (they are only sent when there is one).
  const edits = Array.isArray(out.edits) ? out.edits : undefined;
  if (Object.keys(single).length > 0 && edits?.length === 1 && isRecord(edits[0])) {
    const edit = relayEdit(edits[0]);
    const changed = { ...edit };
    if (single.old_string !== undefined && single.old_string !== edit.old_text) changed.old_text = single.old_string;
    if (single.new_string !== undefined && single.new_string !== edit.new_text) changed.new_text = single.new_string;
    if (typeof single.replace_all === 'boolean') changed.replace_all = single.replace_all;
    out.edits = [changed];
  }
  return out;
}

/** One replacement in Relay's names; Claude's names, when the hook changed them, win. */
function relayEdit(edit: unknown): Record<string, unknown> {
  if (!isRecord(edit)) return {};
  const { old_string, new_string, ...rest } = edit;
  const out: Record<string, unknown> = { ...rest };
  if (old_string !== undefined && old_string !== edit.old_text) out.old_text = old_string;
  if (new_string !== undefined && new_string !== edit.new_text) out.new_text = new_string;
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
