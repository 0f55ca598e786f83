// An agent's restrictions as the tool layer enforces them: the allow- and deny-lists become the task's exact tool
// lists (a denied tool is not offered, a call to it is refused, sub-agents inherit both), and a file restriction
// becomes a call guard that refuses an edit outside it. Nothing here relies on the prompt.
import { isAbsolute, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { l10n, type Said } from '../../l10n';
import { parsePatch } from '../../edit/patch-parser';
import type { ToolCallGuard } from '../../tools';
import type { AgentDefinition, FileRestriction } from './agent';
import { ALWAYS_OFFERED, covers, resolveToolNames } from './tool-names';

export interface AgentRestrictions {
  /** Undefined: every tool (less the denied). */
  allowedTools?: string[];
  disallowedTools: string[];
  callGuards: ToolCallGuard[];
  warnings: string[];
  /** Of the warnings, those the chat says too (an MCP server the allow-list names that gives no tool). */
  notices: string[];
}

/** `available`: the task's tool names with their kinds (built-in, system, MCP and discovered). */
export function restrictionsFor(agent: AgentDefinition, available: ReadonlyMap<string, string>, root: string | undefined): AgentRestrictions {
  const warnings: string[] = [];
  const notices: string[] = [];
  let allowedTools: string[] | undefined;
  if (agent.allow) {
    const allowed = resolveToolNames(agent.allow, available, 'allow');
    warnings.push(...allowed.warnings);
    notices.push(...allowed.notices);
    allowedTools = [...available.keys()].filter((name) => ALWAYS_OFFERED.has(name) || covers(allowed.names, name));
  }
  const denied = resolveToolNames(agent.deny, available, 'deny');
  warnings.push(...denied.warnings);
  const disallowedTools = [...available.keys()].filter((name) => !ALWAYS_OFFERED.has(name) && covers(denied.names, name));
  const callGuards = agent.files ? [fileGuard(agent.name, agent.files, root)] : [];
  return { ...(allowedTools ? { allowedTools } : {}), disallowedTools, callGuards, warnings, notices };
}

const PATCH_HEADERS = ['*** Update File:', '*** Add File:', '*** Delete File:', '*** Move to:'];

/**
 * The files a write call names: `path` arguments and every file of an apply_patch (read with the tool's own
 * parser, so what it tolerates, such as a header with spaces around it, is never a way past a file restriction;
 * a patch it cannot read fails anyway, and its header-like lines are named, spaces trimmed).
 */
export function writtenPaths(params: unknown): string[] {
  if (typeof params !== 'object' || params === null) return [];
  const record = params as Record<string, unknown>;
  const paths: string[] = [];
  for (const key of ['path', 'file', 'file_path', 'filePath']) if (typeof record[key] === 'string') paths.push(record[key]);
  if (typeof record.patch === 'string') {
    const parsed = parsePatch(record.patch);
    if (parsed.ok) for (const operation of parsed.operations) paths.push(operation.path, ...(operation.type === 'update' && operation.moveTo ? [operation.moveTo] : []));
    else for (const line of record.patch.split('\n')) {
      const trimmed = line.trim();
      const header = PATCH_HEADERS.find((prefix) => trimmed.startsWith(prefix));
      if (header) paths.push(trimmed.slice(header.length).trim());
    }
  }
  return [...new Set(paths)];
}

function fileGuard(agentName: string, files: FileRestriction, root: string | undefined): ToolCallGuard {
  // Roo tests its fileRegex against the workspace-relative path; an invalid one allows nothing rather than everything.
  let regex: RegExp | undefined;
  let badRegex = false;
  if (files.regex !== undefined) {
    try {
      regex = new RegExp(files.regex);
    } catch {
      badRegex = true;
    }
  }
  const patterns = (files.patterns ?? []).map((entry) => ({ ...entry, isMatch: picomatch(entry.glob, { dot: true }) }));
  const allows = (path: string): boolean => {
    if (badRegex) return false;
    if (regex && !regex.test(path)) return false;
    if (patterns.length > 0) {
      let action: string | undefined;
      for (const pattern of patterns) if (pattern.isMatch(path)) action = pattern.action; // the last match wins
      if (action === undefined ? !patterns.every((p) => p.action === 'deny') : action === 'deny') return false;
    }
    return true;
  };
  return ({ name, kind, params }): Said | undefined => {
    if (kind !== 'write') return undefined;
    // A rename reaches every file that uses the symbol: it cannot be checked against the restriction beforehand.
    if (name === 'rename_symbol') return l10n.both('The agent "{0}" may only edit some files, and a rename may reach any file: use edit tools instead.', agentName);
    for (const path of writtenPaths(params)) {
      const rel = toRelative(path, root);
      if (!allows(rel)) {
        const rule = files.description ?? files.regex ?? (files.patterns ?? []).map((p) => `${p.glob}: ${p.action}`).join(', ');
        return l10n.both('The agent "{0}" may not edit {1}: it may only edit files matching {2}.', agentName, rel, rule);
      }
    }
    return undefined;
  };
}

function toRelative(path: string, root: string | undefined): string {
  if (!root || !isAbsolute(path)) return path.replace(/^\.\//, '');
  const rel = relative(root, path);
  return rel.split(sep).join('/');
}
