// Peer tool names and groups onto Relay's tools. Each peer's names (Claude's `Read`, `Bash`; Copilot's `editFiles`,
// `runCommands`, `server/*`; Roo's groups; OpenCode's permission keys) mean a category or an exact tool; categories
// cover Relay's tools by name and, for tools added later, by kind. An unknown name in an allow-list is ignored
// with a warning; in a deny-list it denies the nearest category, so a typo never widens what an agent may do.
import { distance } from 'fastest-levenshtein';
import { l10n } from '../../l10n';

export type ToolCategory = 'read' | 'edit' | 'command' | 'web' | 'mcp' | 'delegate';

/** Tools every agent keeps: ending the task, asking the user, its plan, loading deferred tools. */
export const ALWAYS_OFFERED: ReadonlySet<string> = new Set(['attempt_completion', 'ask_followup_question', 'todo_write', 'search_tools']);

const CATEGORY_TOOLS: Record<Exclude<ToolCategory, 'mcp'>, readonly string[]> = {
  read: ['read_file', 'list_files', 'find_files', 'search_text', 'get_diagnostics', 'find_symbol', 'document_outline', 'go_to_definition', 'find_references', 'hover_info', 'call_hierarchy'],
  edit: ['edit_file', 'write_file', 'apply_patch', 'rename_symbol'],
  command: ['run_command', 'read_output', 'send_input', 'stop_process', 'list_processes'],
  web: ['web_fetch', 'check_page'],
  delegate: ['new_task'],
};

/** A peer's name, lower-cased: a category or Relay tools. */
const PEER_NAMES: Record<string, ToolCategory | readonly string[]> = {
  // Claude Code
  read: ['read_file'],
  write: ['write_file'],
  edit: 'edit',
  multiedit: ['edit_file'],
  notebookedit: ['edit_file'],
  glob: ['find_files', 'list_files'],
  grep: ['search_text'],
  ls: ['list_files'],
  bash: 'command',
  bashoutput: ['read_output'],
  killshell: ['stop_process'],
  killbash: ['stop_process'],
  webfetch: ['web_fetch'],
  websearch: 'web',
  task: 'delegate',
  agent: 'delegate',
  todowrite: ['todo_write'],
  askuserquestion: ['ask_followup_question'],
  // Copilot (VS Code) tools and tool sets
  editfiles: 'edit',
  createfile: ['write_file'],
  search: 'read',
  codebase: 'read',
  readfile: ['read_file'],
  usages: ['find_references'],
  problems: ['get_diagnostics'],
  changes: 'read',
  runcommands: 'command',
  runincommand: 'command',
  runinterminal: 'command',
  terminallastcommand: ['read_output'],
  execute: 'command',
  fetch: ['web_fetch'],
  web: 'web',
  runsubagent: 'delegate',
  todos: ['todo_write'],
  // Copilot's aliases from the custom agents specification, and tools named inside its tool sets
  shell: 'command',
  todo: ['todo_write'],
  'custom-agent': 'delegate',
  runtasks: 'command',
  runtests: 'command',
  textsearch: ['search_text'],
  filesearch: ['find_files'],
  listdirectory: ['list_files'],
  terminalselection: ['read_output'],
  getterminaloutput: ['read_output'],
  opensimplebrowser: 'web',
  // Roo / Kilo groups
  browser: 'web',
  command: 'command',
  mcp: 'mcp',
  // OpenCode permission keys
  list: ['list_files'],
  lsp: ['find_symbol', 'document_outline', 'go_to_definition', 'find_references', 'hover_info', 'call_hierarchy'],
};

/** A whole category, as a reader writes it when its format names groups (Roo's `read` is every reading tool, Claude's `Read` one tool). */
export const GROUP_PREFIX = 'group:';
const GROUPS: ReadonlySet<string> = new Set<ToolCategory>(['read', 'edit', 'command', 'web', 'mcp', 'delegate']);

export interface ToolResolution {
  /** Relay tool names, or `mcp__<server>__*` / `mcp__*` prefixes ending in `*`. */
  names: string[];
  warnings: string[];
  /** Of the warnings, those the person should see in the chat too: an MCP server the list names that gives no tool here. */
  notices: string[];
}

/** What a peer name covers among `available` (Relay's tool names with their kinds). */
function namesFor(entry: ToolCategory | readonly string[], available: ReadonlyMap<string, string>): string[] {
  if (typeof entry !== 'string') return [...entry];
  if (entry === 'mcp') return ['mcp__*'];
  const named = CATEGORY_TOOLS[entry];
  const known = new Set(Object.values(CATEGORY_TOOLS).flat());
  // Tools this table does not name (added by a later feature) join the category of their kind.
  const byKind = [...available].filter(([name, kind]) => !known.has(name) && !name.startsWith('mcp__') && !ALWAYS_OFFERED.has(name) && categoryOfKind(kind) === entry).map(([name]) => name);
  return [...named.filter((name) => available.has(name)), ...byKind];
}

function categoryOfKind(kind: string): ToolCategory {
  return kind === 'execute' ? 'command' : kind === 'write' ? 'edit' : 'read';
}

/**
 * Copilot's built-in tool sets, written before a `/` to name one of their tools (`search/codebase`, `web/fetch`,
 * `edit/editFiles`): not MCP servers, unless an MCP server of that name is connected.
 */
const COPILOT_TOOL_SETS: Record<string, ToolCategory | readonly string[]> = {
  edit: 'edit',
  execute: 'command',
  read: 'read',
  search: 'read',
  web: 'web',
  agent: 'delegate',
  todo: ['todo_write'],
  runcommands: 'command',
  runtasks: 'command',
  runnotebooks: 'edit',
};

/** `set/tool` inside a Copilot tool set: the tool's own meaning when known, else the set's. */
function copilotSetTool(name: string, available: ReadonlyMap<string, string>): ToolCategory | readonly string[] | undefined {
  const slash = name.indexOf('/');
  if (slash <= 0) return undefined;
  const set = name.slice(0, slash).toLowerCase();
  const tool = name.slice(slash + 1).toLowerCase();
  const entry = COPILOT_TOOL_SETS[set];
  if (!entry) return undefined;
  const server = `mcp__${name.slice(0, slash).replace(/[^a-zA-Z0-9_-]/g, '_')}__`;
  if ([...available.keys()].some((known) => known.startsWith(server))) return undefined;
  return (tool !== '*' && PEER_NAMES[tool]) || entry;
}

/** `server/*`, `server/tool` (Copilot), `mcp__server`, `mcp__server__tool` (Claude) and Relay's own names. */
function mcpName(name: string): string | undefined {
  if (name.startsWith('mcp__')) return name.split('__').length === 2 ? `${name}__*` : name;
  const slash = name.indexOf('/');
  if (slash > 0) {
    const server = name.slice(0, slash).replace(/[^a-zA-Z0-9_-]/g, '_');
    const tool = name.slice(slash + 1);
    return tool === '*' || tool === '' ? `mcp__${server}__*` : `mcp__${server}__${tool.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  }
  return undefined;
}

export function resolveToolNames(peerNames: readonly string[], available: ReadonlyMap<string, string>, list: 'allow' | 'deny'): ToolResolution {
  const names: string[] = [];
  const warnings: string[] = [];
  const notices: string[] = [];
  for (const raw of peerNames) {
    const name = raw.trim().replace(/\(.*\)$/, ''); // Claude's `Bash(git *)` narrows a tool; the tool itself is what is listed
    if (name === '') continue;
    if (name === '*') {
      names.push(...available.keys(), 'mcp__*');
      continue;
    }
    if (available.has(name)) {
      names.push(name);
      continue;
    }
    if (name.startsWith(GROUP_PREFIX) && GROUPS.has(name.slice(GROUP_PREFIX.length))) {
      names.push(...namesFor(name.slice(GROUP_PREFIX.length) as ToolCategory, available));
      continue;
    }
    const inSet = copilotSetTool(name, available);
    if (inSet) {
      names.push(...namesFor(inSet, available));
      continue;
    }
    const mcp = mcpName(name);
    if (mcp) {
      names.push(mcp);
      const server = mcp.split('__')[1]!;
      if (list === 'allow' && server !== '*' && ![...available.keys()].some((tool) => tool.startsWith(`mcp__${server}__`))) {
        // `github/*` with no server "github" running: the agent silently loses what its author gave it.
        const notice = l10n.t('"{0}" names the MCP server "{1}", which is not configured or not running here: the agent gets none of its tools.', name, server);
        warnings.push(notice);
        notices.push(notice);
      }
      continue;
    }
    const entry = PEER_NAMES[name.toLowerCase()] ?? (CATEGORY_TOOLS[name.toLowerCase() as keyof typeof CATEGORY_TOOLS] ? (name.toLowerCase() as ToolCategory) : undefined);
    if (entry) {
      names.push(...namesFor(entry, available));
      continue;
    }
    if (list === 'allow') {
      warnings.push(l10n.t('Unknown tool "{0}" in the allow-list is ignored.', name));
      continue;
    }
    const nearest = nearestCategory(name);
    warnings.push(l10n.t('Unknown tool "{0}" in the deny-list denies the nearest category: {1}.', name, nearest));
    names.push(...namesFor(nearest, available));
  }
  return { names: [...new Set(names)], warnings, notices: [...new Set(notices)] };
}

/** The category of the closest known peer or Relay name. */
function nearestCategory(name: string): ToolCategory {
  const lower = name.toLowerCase();
  let best: { category: ToolCategory; score: number } = { category: 'command', score: Infinity };
  const consider = (known: string, category: ToolCategory) => {
    const score = distance(lower, known) / Math.max(lower.length, known.length);
    if (score < best.score) best = { category, score };
  };
  for (const [known, entry] of Object.entries(PEER_NAMES)) consider(known, typeof entry === 'string' ? entry : categoryOfTool(entry[0]!));
  for (const [category, tools] of Object.entries(CATEGORY_TOOLS)) for (const tool of tools) consider(tool, category as ToolCategory);
  return best.category;
}

function categoryOfTool(tool: string): ToolCategory {
  for (const [category, tools] of Object.entries(CATEGORY_TOOLS)) if (tools.includes(tool)) return category as ToolCategory;
  return 'read';
}

/** Whether `tool` is covered by resolved names (exact, or a `*` prefix). */
export function covers(names: readonly string[], tool: string): boolean {
  return names.some((name) => (name.endsWith('*') ? tool.startsWith(name.slice(0, -1)) : name === tool));
}
