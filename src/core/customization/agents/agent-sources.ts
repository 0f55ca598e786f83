// Where each peer keeps its agents and how a file of that format becomes an AgentDefinition
// (../shared/docs/customization-formats.md). Markdown agents have YAML frontmatter; Roo/Kilo modes are YAML or JSON
// (`customModes:`); OpenCode's opencode.json has an `agent` map (JSONC).
import { basename } from 'node:path';
import { parse as parseJsonc, type ParseError, printParseErrorCode } from 'jsonc-parser';
import { l10n } from '../../l10n';
import { booleanField, type FieldProblems, type FrontmatterProblem, listField, parseYamlMapping, splitFrontmatter, stringField } from '../frontmatter';
import type { AgentDefinition, FileRestriction, Handoff } from './agent';
import { GROUP_PREFIX, type ToolCategory } from './tool-names';

export interface AgentFormat {
  source: string;
  patterns: readonly string[];
  read(path: string, relative: string, text: string, problems: FrontmatterProblem[]): AgentDefinition[];
}

const MODES = new Set(['default', 'auto-edit', 'yolo', 'plan']);
/** Claude's permissionMode onto Relay's approval modes. */
const CLAUDE_MODES: Record<string, AgentDefinition['approvalMode']> = { default: 'default', acceptEdits: 'auto-edit', bypassPermissions: 'yolo', plan: 'plan' };

function warner(problems: FrontmatterProblem[], line = 1): FieldProblems {
  return { warn: (message) => problems.push({ line, message }) };
}

function fileName(relative: string, suffix: string): string {
  const name = basename(relative);
  return name.endsWith(suffix) ? name.slice(0, -suffix.length) : name;
}

function base(path: string, source: string, id: string, name: string, prompt: string): AgentDefinition {
  return { id, name, source, path, prompt: prompt.trim(), placement: 'system', deny: [], models: [], handoffs: [], modelInvocable: true, userInvocable: true };
}

function markdownAgent(source: string, suffix: string, fill: (agent: AgentDefinition, data: Record<string, unknown>, warn: FieldProblems) => void): AgentFormat['read'] {
  return (path, relative, text, problems) => {
    const split = splitFrontmatter(text);
    problems.push(...split.problems);
    const warn = warner(problems);
    const id = stringField(split.data, 'name', warn) ?? fileName(relative, suffix);
    const agent = base(path, source, id, id, split.body);
    const description = stringField(split.data, 'description', warn);
    if (description) agent.description = description;
    fill(agent, split.data, warn);
    return [agent];
  };
}

/** A model field: one id, or an ordered fallback list (Copilot). `inherit` means none of its own. */
function models(data: Record<string, unknown>, warn: FieldProblems): string[] {
  return (listField(data, 'model', warn) ?? []).filter((model) => model !== 'inherit');
}

function handoffs(data: Record<string, unknown>, warn: FieldProblems): Handoff[] {
  const value = data.handoffs;
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    warn.warn(l10n.t('"{0}" should be a list; it is ignored.', 'handoffs'));
    return [];
  }
  const out: Handoff[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as Record<string, unknown>;
    const label = stringField(entry, 'label', warn);
    const agent = stringField(entry, 'agent', warn);
    if (!label || !agent) {
      warn.warn(l10n.t('A handoff needs "label" and "agent"; one is skipped.'));
      continue;
    }
    const prompt = stringField(entry, 'prompt', warn);
    out.push({ label, agent, ...(prompt ? { prompt } : {}), ...(booleanField(entry, 'send', warn) ? { send: true } : {}) });
  }
  return out;
}

const relayAgent = markdownAgent('Relay agent', '.md', (agent, data, warn) => {
  const allow = listField(data, 'tools', warn);
  if (allow) agent.allow = allow;
  agent.deny = listField(data, 'disallowedTools', warn) ?? listField(data, 'deny', warn) ?? [];
  agent.models = models(data, warn);
  const mode = stringField(data, 'approvalMode', warn);
  if (mode && MODES.has(mode)) agent.approvalMode = mode as AgentDefinition['approvalMode'];
  else if (mode) warn.warn(l10n.t('"{0}" is not an approval mode (default, auto-edit, yolo, plan); it is ignored.', mode));
  const files = listField(data, 'files', warn);
  if (files) agent.files = { patterns: files.map((glob) => ({ glob, action: 'allow' as const })) };
  agent.handoffs = handoffs(data, warn);
  if (booleanField(data, 'disable-model-invocation', warn) === true) agent.modelInvocable = false;
});

const claudeAgent = markdownAgent('Claude Code sub-agent', '.md', (agent, data, warn) => {
  const allow = listField(data, 'tools', warn);
  if (allow) agent.allow = allow;
  agent.deny = listField(data, 'disallowedTools', warn) ?? [];
  agent.models = models(data, warn);
  const mode = stringField(data, 'permissionMode', warn);
  if (mode && CLAUDE_MODES[mode]) agent.approvalMode = CLAUDE_MODES[mode];
  if (!stringField(data, 'description')) warn.warn(l10n.t('"description" is required for a Claude Code sub-agent.'));
});

function copilotAgent(source: string, suffix: string): AgentFormat['read'] {
  return markdownAgent(source, suffix, (agent, data, warn) => {
    agent.placement = 'user';
    const allow = listField(data, 'tools', warn);
    if (allow) agent.allow = allow;
    agent.models = models(data, warn);
    agent.handoffs = handoffs(data, warn);
    if (booleanField(data, 'disable-model-invocation', warn) === true || booleanField(data, 'infer', warn) === false) agent.modelInvocable = false;
    if (booleanField(data, 'user-invocable', warn) === false) agent.userInvocable = false;
    // `agents`: which sub-agents it may call; an empty list forbids delegation.
    const agents = listField(data, 'agents', warn);
    if (agents && agents.length === 0) agent.deny.push('agent');
  });
}

/** OpenCode `permission`: a key per tool, `allow`/`ask`/`deny` or a pattern map (the last match wins). */
function openCodePermissions(agent: AgentDefinition, permission: unknown, warn: FieldProblems): void {
  if (permission === undefined) return;
  if (typeof permission !== 'object' || permission === null) {
    warn.warn(l10n.t('"{0}" should be a map of tool to allow, ask or deny; it is ignored.', 'permission'));
    return;
  }
  for (const [key, value] of Object.entries(permission as Record<string, unknown>)) {
    if (value === 'deny') agent.deny.push(key);
    else if (value === 'ask') {
      // Relay's approval mode and rules decide when it asks; an agent cannot make them stricter per tool: said, never silent.
      warn.warn(l10n.t('"permission.{0}: ask" is not applied: your approval mode and rules decide when Relay asks.', key));
    } else if (typeof value === 'object' && value !== null && key !== 'edit') {
      const strict = Object.entries(value as Record<string, unknown>).filter(([, action]) => action === 'ask' || action === 'deny').map(([pattern, action]) => `${pattern}: ${String(action)}`);
      if (strict.length > 0) warn.warn(l10n.t('The patterns of "permission.{0}" are not applied ({1}): your approval mode and rules decide these calls; deny the whole tool with "{0}: deny".', key, strict.join(', ')));
    } else if (typeof value === 'object' && value !== null && key === 'edit') {
      const patterns: NonNullable<FileRestriction['patterns']> = [];
      for (const [glob, action] of Object.entries(value as Record<string, unknown>)) {
        if (action === 'allow' || action === 'ask' || action === 'deny') patterns.push({ glob, action });
      }
      agent.files = { patterns };
    }
  }
}

function openCodeFill(agent: AgentDefinition, data: Record<string, unknown>, warn: FieldProblems): void {
  const model = stringField(data, 'model', warn);
  if (model) agent.models = [model];
  const mode = stringField(data, 'mode', warn);
  if (mode === 'subagent') agent.userInvocable = false;
  if (mode === 'primary') agent.modelInvocable = false;
  const tools = data.tools;
  if (typeof tools === 'object' && tools !== null) for (const [key, on] of Object.entries(tools as Record<string, unknown>)) if (on === false) agent.deny.push(key);
  openCodePermissions(agent, data.permission, warn);
  const prompt = stringField(data, 'prompt', warn);
  if (prompt && agent.prompt === '') agent.prompt = prompt;
}

const openCodeAgent = markdownAgent('OpenCode agent', '.md', openCodeFill);

function openCodeJson(path: string, _relative: string, text: string, problems: FrontmatterProblem[]): AgentDefinition[] {
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: true }) as unknown;
  for (const error of errors) problems.push({ line: lineAt(text, error.offset), message: printParseErrorCode(error.error) });
  const agents = (value as { agent?: unknown } | undefined)?.agent;
  if (typeof agents !== 'object' || agents === null) return [];
  const out: AgentDefinition[] = [];
  for (const [id, config] of Object.entries(agents as Record<string, unknown>)) {
    if (typeof config !== 'object' || config === null) continue;
    const data = config as Record<string, unknown>;
    const warn = warner(problems, lineAt(text, text.indexOf(`"${id}"`)));
    if (booleanField(data, 'disable', warn) === true) continue;
    const agent = base(path, 'OpenCode agent (opencode.json)', id, id, '');
    const description = stringField(data, 'description', warn);
    if (description) agent.description = description;
    openCodeFill(agent, data, warn);
    out.push(agent);
  }
  return out;
}

/** Roo / Kilo `customModes`: YAML or JSON (YAML reads both), `groups` as the allow-list with `fileRegex` on edit. */
function rooModes(source: string): AgentFormat['read'] {
  return (path, _relative, text, problems) => {
    const parsed = parseYamlMapping(text);
    problems.push(...parsed.problems);
    const modes = parsed.data.customModes;
    if (modes === undefined) return [];
    if (!Array.isArray(modes)) {
      problems.push({ line: 1, message: l10n.t('"{0}" should be a list; it is ignored.', 'customModes') });
      return [];
    }
    const out: AgentDefinition[] = [];
    for (const item of modes) {
      if (typeof item !== 'object' || item === null) continue;
      const data = item as Record<string, unknown>;
      const slug = stringField(data, 'slug');
      const line = lineAt(text, slug ? text.indexOf(slug) : 0);
      const warn = warner(problems, line);
      if (!slug || !/^[a-zA-Z0-9-]+$/.test(slug)) {
        warn.warn(l10n.t('A mode needs a "slug" of letters, digits and "-"; one is skipped.'));
        continue;
      }
      const agent = base(path, source, slug, stringField(data, 'name', warn) ?? slug, stringField(data, 'roleDefinition', warn) ?? '');
      agent.placement = 'role-first';
      // Roo and Kilo: `whenToUse` is what the orchestrator reads to pick a mode, `description` what people read.
      const whenToUse = stringField(data, 'whenToUse', warn);
      const description = stringField(data, 'description', warn) ?? whenToUse;
      if (description) agent.description = description;
      if (whenToUse) agent.whenToUse = whenToUse;
      const instructions = stringField(data, 'customInstructions', warn);
      if (instructions) agent.instructions = instructions;
      agent.allow = [];
      // Roo's groups are categories: `read` also lists and searches files, `browser` is the web.
      const group = (name: string) => (ROO_GROUPS[name] ? `${GROUP_PREFIX}${ROO_GROUPS[name]}` : name);
      const groups = Array.isArray(data.groups) ? data.groups : [];
      for (const entry of groups) {
        if (typeof entry === 'string') agent.allow.push(group(entry));
        else if (Array.isArray(entry) && typeof entry[0] === 'string') {
          agent.allow.push(group(entry[0]));
          const options = entry[1] as { fileRegex?: unknown; description?: unknown } | undefined;
          if (entry[0] === 'edit' && typeof options?.fileRegex === 'string') {
            agent.files = { regex: options.fileRegex, ...(typeof options.description === 'string' ? { description: options.description } : {}) };
          }
        }
      }
      out.push(agent);
    }
    return out;
  };
}

const ROO_GROUPS: Record<string, ToolCategory> = { read: 'read', edit: 'edit', command: 'command', browser: 'web', mcp: 'mcp' };

function lineAt(text: string, offset: number): number {
  if (offset <= 0) return 1;
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

export const AGENT_FORMATS: readonly AgentFormat[] = [
  { source: 'Relay agent', patterns: ['.relay/agents/*.md'], read: relayAgent },
  { source: 'Claude Code sub-agent', patterns: ['.claude/agents/**/*.md'], read: claudeAgent },
  { source: 'Copilot custom agent', patterns: ['.github/agents/*.agent.md'], read: copilotAgent('Copilot custom agent', '.agent.md') },
  { source: 'Copilot chat mode', patterns: ['.github/chatmodes/*.chatmode.md'], read: copilotAgent('Copilot chat mode', '.chatmode.md') },
  { source: 'Roo mode', patterns: ['.roomodes'], read: rooModes('Roo mode') },
  { source: 'Kilo Code mode', patterns: ['.kilocodemodes'], read: rooModes('Kilo Code mode') },
  { source: 'OpenCode agent', patterns: ['.opencode/agent/*.md', '.opencode/agents/*.md'], read: openCodeAgent },
  { source: 'OpenCode agent (opencode.json)', patterns: ['opencode.json', 'opencode.jsonc'], read: openCodeJson },
];
