// The system prompt: the instructions of the model's family (src/core/prompts), where it runs, the workspace's own
// rules and (for models without native tool calling) the tools in Markdown. Tool guidance is deliberately absent
// (behaviour 28: it rides with results); the tools themselves go through `ModelRequest.tools` when the model
// supports it.
import type { ApprovalMode } from '../permissions/types';
import { buildInstructions, buildRuntimeInstructions, type PromptFamily, type TurnEnding } from '../prompts';

/** Where the agent runs; the host fills it from VS Code and Node. */
export interface AgentEnvironment {
  /** Absolute paths of the workspace folders; the first is where relative paths start. */
  workspaceRoots: readonly string[];
  /** e.g. "linux", "darwin", "win32" (process.platform), or a friendlier name. */
  os: string;
  /** The shell commands run in, e.g. "/bin/bash" or "pwsh". */
  shell: string;
  /** A parallel task in its own git worktree: its branch and the block of ports reserved for its servers. */
  parallelTask?: { branch?: string; ports?: { first: number; size: number } };
  /** The IANA time zone of the user's machine, e.g. "Europe/Paris" (what "today" and "tonight" mean). */
  timeZone?: string;
  /** The approval mode and the sandbox as they are now; read before each request (the user may switch them). */
  conditions?: () => RunConditions | Promise<RunConditions>;
}

/** What the model's calls meet: who approves them, and whether commands run in the OS sandbox. */
export interface RunConditions {
  approvalMode: ApprovalMode;
  sandbox: CommandSandboxState;
}

/** on: commands run in the OS sandbox (these domains reachable); off: switched off by the user; unavailable: not here. */
export type CommandSandboxState = { state: 'on'; allowedDomains: readonly string[] } | { state: 'off' } | { state: 'unavailable'; reason?: string };

/** Instructions the user keeps in the workspace (AGENTS.md or similar); the caller reads the files. */
export interface WorkspaceRules {
  /** Where they came from, e.g. "AGENTS.md". */
  source: string;
  text: string;
}

/** A rule the model may read when relevant (model-requested: a description, no globs). */
export interface RuleCatalogueEntry {
  name: string;
  description: string;
  /** Where to read it, as shown to the model (workspace-relative). */
  path: string;
}

/** The rules of one turn, chosen by the host from the workspace's customisation files. */
export interface TurnRules {
  rules: WorkspaceRules[];
  catalogue: RuleCatalogueEntry[];
}

/** The selected agent's own instructions (src/core/customization/agents), placed as its source places them. */
export interface AgentPrompt {
  name: string;
  text: string;
  /**
   * - first: opens the system prompt, before Relay's instructions (Relay agents, Roo's roleDefinition, a Claude or
   *   OpenCode agent picked for the user's task).
   * - whole: is the system prompt; Relay adds only its runtime, safety and ending notes, the environment, the rules
   *   and the tools (a Claude Code or OpenCode sub-agent the model delegated to).
   * - user: rides with each message the person (or the delegating agent) sends (Copilot custom agents, chat modes).
   * - last: after the rules, at the end of the system prompt.
   */
  position: 'first' | 'whole' | 'user' | 'last';
  /** Instructions after the workspace rules (Roo's customInstructions). */
  after?: string;
}

/** The text an agent with position `user` adds to each message sent to it. */
export function agentUserText(agent: AgentPrompt): string | undefined {
  if (agent.position !== 'user' || !agent.text.trim()) return undefined;
  return `<agent_instructions agent="${agent.name}">\n${agent.text.trim()}\n</agent_instructions>`;
}

export interface SystemPromptInput {
  environment: AgentEnvironment;
  agent?: AgentPrompt;
  rules?: readonly WorkspaceRules[];
  ruleCatalogue?: readonly RuleCatalogueEntry[];
  /** Workspace agents new_task can delegate to by name (only when new_task is offered). */
  delegates?: readonly { name: string; description?: string }[];
  /** The Markdown tools prompt (describeToolsMarkdown); only in text-protocol mode. */
  toolsMarkdown?: string;
  /** Today's date; from the session's injected clock. */
  date: Date;
  /** A sub-agent works for another agent and reports back to it, not to the user. */
  role: 'main' | 'sub-agent';
  /** Whose instructions: the model's family (default: the compact prompt). */
  family?: PromptFamily;
  /** How the task ends (default: the completion tool). */
  ending?: TurnEnding;
  /** Whether any offered tool changes files or runs commands (default: true). */
  canChange?: boolean;
  /** environment.conditions() as read for this request. */
  conditions?: RunConditions;
}

/** Rules beyond this size are cut so a huge AGENTS.md cannot crowd out the conversation. */
export const MAX_RULES_CHARS = 20_000;

export function buildSystemPrompt(input: SystemPromptInput): string {
  const conduct = { family: input.family ?? 'default', role: input.role, ending: input.ending ?? 'completion-tool', canChange: input.canChange ?? true } as const;
  const position = input.agent?.position;
  const agent = input.agent?.text.trim() && position !== 'user' ? `# Agent: ${input.agent.name}\n\n${input.agent.text.trim()}` : undefined;
  const sections =
    agent && position === 'whole'
      ? [input.agent!.text.trim(), buildRuntimeInstructions(conduct), environmentSection(input)]
      : agent && position === 'first'
        ? [agent, buildInstructions(conduct), environmentSection(input)]
        : [buildInstructions(conduct), environmentSection(input)];
  const rules = rulesSection(input.rules ?? []);
  if (rules) sections.push(rules);
  const catalogue = catalogueSection(input.ruleCatalogue ?? []);
  if (catalogue) sections.push(catalogue);
  if (input.delegates && input.delegates.length > 0) {
    sections.push(['# Agents you can delegate to', '', 'Pass one of these names as `agent` to new_task when the work fits it; it runs with its own tools and instructions.', '', ...input.delegates.map((agent) => `- ${agent.name}${agent.description ? `: ${agent.description.replace(/\s+/g, ' ')}` : ''}`)].join('\n'));
  }
  if (agent && position === 'last') sections.push(agent);
  if (input.agent?.after?.trim()) sections.push(`# Agent: ${input.agent.name} (more instructions)\n\n${input.agent.after.trim()}`);
  if (input.toolsMarkdown?.trim()) sections.push(input.toolsMarkdown.trim());
  return sections.join('\n\n');
}

function environmentSection({ environment, date, conditions }: SystemPromptInput): string {
  const roots = environment.workspaceRoots.length > 0 ? environment.workspaceRoots.join(', ') : '(no folder open)';
  return [
    '# Environment',
    '',
    `- Workspace root(s): ${roots}`,
    `- Operating system: ${environment.os}`,
    `- Shell: ${environment.shell}`,
    `- Today's date: ${date.toISOString().slice(0, 10)}`,
    ...(environment.timeZone ? [`- Time zone: ${environment.timeZone}`] : []),
    ...(conditions ? conditionLines(conditions) : []),
    ...parallelTaskLines(environment.parallelTask),
  ].join('\n');
}

/** What each approval mode means for the model's calls (the modes as src/host/permissions/approval-modes.ts shows them). */
const MODE_LINES: Record<ApprovalMode, string> = {
  default: 'default: each file change and each command waits for the user to approve it, so keep them purposeful.',
  'auto-edit': 'auto-edit: file changes inside the workspace apply without asking; commands wait for the user to approve them.',
  yolo: 'yolo: calls run without asking (except what a rule denies or asks for, files outside the workspace and sensitive files): nobody checks a command before it runs, so be as careful as if they did.',
  plan: 'plan: only read-only tools run; file changes and commands are refused. Investigate and present a plan the user can approve.',
};

function conditionLines({ approvalMode, sandbox }: RunConditions): string[] {
  const lines = [`- Approval mode: ${MODE_LINES[approvalMode]}`];
  if (sandbox.state === 'on') {
    const domains = sandbox.allowedDomains.length > 0 ? `only ${sandbox.allowedDomains.slice(0, 4).join(', ')}${sandbox.allowedDomains.length > 4 ? ` (and ${sandbox.allowedDomains.length - 4} other package registries)` : ''}` : 'none';
    lines.push(
      `- Commands run in an OS sandbox: they may write only inside the workspace (and build tool caches), cannot read credential folders (~/.ssh, cloud keys), and reach the network at ${domains}. A command the sandbox blocked says so in its result; only then, and only if the task needs it, run it again outside the sandbox (the user is asked).`,
    );
  } else if (sandbox.state === 'off') {
    lines.push('- Commands run without a sandbox (the user switched it off): they can write anywhere the user can and reach any network.');
  } else {
    lines.push(`- Commands run without a sandbox: this machine cannot sandbox them${sandbox.reason ? ` (${sandbox.reason.replace(/\s+/g, ' ')})` : ''}. They can write anywhere the user can and reach any network.`);
  }
  return lines;
}

function parallelTaskLines(task: AgentEnvironment['parallelTask']): string[] {
  if (!task) return [];
  const lines = [`- This task runs in its own git worktree${task.branch ? ` on branch ${task.branch}` : ''}, apart from the user's checkout; the user reviews its changes before they are applied there.`];
  if (task.ports) {
    const last = task.ports.first + task.ports.size - 1;
    lines.push(`- Ports ${task.ports.first}-${last} are reserved for this task, and $RELAY_PORT holds the first: start dev servers and other listeners on them (e.g. PORT=$RELAY_PORT), since other tasks run at the same time.`);
  }
  return lines;
}

function rulesSection(rules: readonly WorkspaceRules[]): string | undefined {
  const present = rules.filter((rule) => rule.text.trim() !== '');
  if (present.length === 0) return undefined;
  const parts = present.map((rule) => {
    const text = rule.text.trim();
    const cut = text.length > MAX_RULES_CHARS ? `${text.slice(0, MAX_RULES_CHARS)}\n[... ${rule.source} was cut here: it is too long]` : text;
    return `## ${rule.source}\n\n${cut}`;
  });
  return [
    '# Workspace rules',
    '',
    'The user keeps these instructions in the workspace. Follow them; they override the defaults above. Where two disagree, the one closer to the files concerned (listed later) wins.',
    '',
    ...parts,
  ].join('\n');
}

function catalogueSection(entries: readonly RuleCatalogueEntry[]): string | undefined {
  if (entries.length === 0) return undefined;
  return [
    '# More workspace rules',
    '',
    'Read one of these with read_file when its description fits the task; it then applies like the rules above.',
    '',
    ...entries.map((entry) => `- ${entry.name} (${entry.path}): ${entry.description.replace(/\s+/g, ' ')}`),
  ].join('\n');
}
