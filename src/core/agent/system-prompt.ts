// The system prompt: who the agent is, how to work, where it runs, the workspace's own rules and (for models
// without native tool calling) the tools in Markdown. Tool guidance is deliberately absent (behaviour 28:
// it rides with results); the tools themselves go through `ModelRequest.tools` when the model supports it.

/** Where the agent runs; the host fills it from VS Code and Node. */
export interface AgentEnvironment {
  /** Absolute paths of the workspace folders; the first is where relative paths start. */
  workspaceRoots: readonly string[];
  /** e.g. "linux", "darwin", "win32" (process.platform), or a friendlier name. */
  os: string;
  /** The shell commands run in, e.g. "/bin/bash" or "pwsh". */
  shell: string;
}

/** Instructions the user keeps in the workspace (AGENTS.md or similar); the caller reads the files. */
export interface WorkspaceRules {
  /** Where they came from, e.g. "AGENTS.md". */
  source: string;
  text: string;
}

export interface SystemPromptInput {
  environment: AgentEnvironment;
  rules?: readonly WorkspaceRules[];
  /** The Markdown tools prompt (describeToolsMarkdown); only in text-protocol mode. */
  toolsMarkdown?: string;
  /** Today's date; from the session's injected clock. */
  date: Date;
  /** A sub-agent works for another agent and reports back to it, not to the user. */
  role: 'main' | 'sub-agent';
}

/** Rules beyond this size are cut so a huge AGENTS.md cannot crowd out the conversation. */
export const MAX_RULES_CHARS = 20_000;

const IDENTITY = {
  main: 'You are Relay, an AI coding agent working inside VS Code on the user\'s workspace. You act through tools; the user sees every tool call and approves risky ones.',
  'sub-agent':
    'You are a Relay sub-agent: another agent delegated one self-contained piece of work to you. You do not see its conversation, and your final result goes back to it, not to the user.',
};

const HOW_TO_WORK = [
  'Work step by step: decide what you need, call the tool for it, read the result, then decide the next step.',
  'Read a file (or the relevant part of it) before you edit it, and edit with the smallest change that does the job.',
  'Prefer the dedicated tools over shell commands for reading, searching and editing files.',
  'Check your work where you can (build, tests, the errors an edit reports) before you finish.',
  'If a tool call fails, read the error and change the approach; do not repeat the same call unchanged.',
  'Paths are relative to the first workspace root unless absolute. Stay inside the workspace unless asked otherwise.',
  'When the task is done, call attempt_completion with the result. Every reply must either call a tool or call attempt_completion.',
];

export function buildSystemPrompt(input: SystemPromptInput): string {
  const sections = [IDENTITY[input.role], `# How to work\n\n${HOW_TO_WORK.map((line) => `- ${line}`).join('\n')}`, environmentSection(input)];
  const rules = rulesSection(input.rules ?? []);
  if (rules) sections.push(rules);
  if (input.toolsMarkdown?.trim()) sections.push(input.toolsMarkdown.trim());
  return sections.join('\n\n');
}

function environmentSection({ environment, date }: SystemPromptInput): string {
  const roots = environment.workspaceRoots.length > 0 ? environment.workspaceRoots.join(', ') : '(no folder open)';
  return [
    '# Environment',
    '',
    `- Workspace root(s): ${roots}`,
    `- Operating system: ${environment.os}`,
    `- Shell: ${environment.shell}`,
    `- Today's date: ${date.toISOString().slice(0, 10)}`,
  ].join('\n');
}

function rulesSection(rules: readonly WorkspaceRules[]): string | undefined {
  const present = rules.filter((rule) => rule.text.trim() !== '');
  if (present.length === 0) return undefined;
  const parts = present.map((rule) => {
    const text = rule.text.trim();
    const cut = text.length > MAX_RULES_CHARS ? `${text.slice(0, MAX_RULES_CHARS)}\n[... ${rule.source} was cut here: it is too long]` : text;
    return `## ${rule.source}\n\n${cut}`;
  });
  return ['# Workspace rules', '', 'The user keeps these instructions in the workspace. Follow them; they override the defaults above.', '', ...parts].join('\n');
}
