// The words of an approval prompt, built from the request and the policy's decision: a one-line question
// and a detail with everything needed to decide (the full command line, working directory and the
// sub-command that asks; the file and its line counts; the real path of anything outside the workspace).
// Pure, so the wording is unit-tested; the modal only renders it.
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { l10n } from '../../core/l10n';
import type { AlwaysAllowSuggestion } from '../../core/permissions/answers';
import type { CheckSubject, Decision, PermissionCheck, PermissionRule } from '../../core/permissions/types';
import type { ApprovalPrompt, ApprovalRequest } from '../../core/ports/approval';

export interface PromptContext {
  request: ApprovalRequest;
  /** A decision whose action is `ask`. */
  decision: Decision;
  suggestion: AlwaysAllowSuggestion;
  /** Where an always-allow rule would be saved, for people. */
  saveTarget: string;
  workspaceFolders: readonly string[];
  /** Where the command runs when the request names no directory: the first folder, else home. */
  defaultCwd: string;
}

/** Commands longer than this stay out of the question line; the detail always has them whole. */
const MAX_INLINE_COMMAND = 60;
const MAX_OTHER_ASKS = 4;

type PathSubject = Extract<CheckSubject, { type: 'path' }>;

export function buildApprovalPrompt(ctx: PromptContext): ApprovalPrompt {
  const { request, suggestion } = ctx;
  const prompt: ApprovalPrompt = {
    callId: request.callId,
    toolName: request.toolName,
    ...(request.displayName ? { displayName: request.displayName } : {}),
    kind: request.kind,
    message: questionFor(ctx),
    detail: detailFor(ctx),
    offersDiff: request.diff !== undefined,
    offersReview: request.diff?.review !== undefined,
  };
  // Dangerous (README, "What Enter presses in a Relay modal"): no rule can allow it, or the tool says it destroys.
  if (!suggestion.available || request.destructive) prompt.denyByDefault = true;
  if (suggestion.available && suggestion.rules.length > 0) {
    prompt.alwaysAllow = { rules: suggestion.rules, target: ctx.saveTarget };
  }
  return prompt;
}

function questionFor(ctx: PromptContext): string {
  const { request, decision } = ctx;
  const loop = decision.audit.loop;
  if (decision.audit.basis === 'loop-guard' && loop) {
    return l10n.t('Relay has made the same {0} call {1} times in a row. Allow it again?', shownName(request) ?? request.toolName, loop.consecutive);
  }
  const command = request.targets.command;
  if (command !== undefined && decision.audit.basis === 'sandbox') {
    const oneLine = !command.includes('\n') && command.length <= MAX_INLINE_COMMAND;
    return oneLine ? l10n.t('Run "{0}" outside the sandbox?', command) : l10n.t('Run this command outside the sandbox?');
  }
  if (command !== undefined) {
    const oneLine = !command.includes('\n') && command.length <= MAX_INLINE_COMMAND;
    return oneLine ? l10n.t('Allow Relay to run "{0}"?', command) : l10n.t('Allow Relay to run this command?');
  }
  const url = request.targets.url;
  if (url !== undefined) {
    const host = decision.trigger?.type === 'domain' ? decision.trigger.host : url;
    return l10n.t('Allow Relay to fetch from {0}?', host);
  }
  if (request.diff) {
    // The action itself, with its size: "Create notes.txt (+1 line)?"; the tool's own summary names it.
    const action = actionSummary(ctx);
    if (action) return l10n.t('{0} ({1})?', action, lineCounts(request.diff.added, request.diff.removed));
    // A change across files (apply_patch, rename_symbol) names its count; the detail lists the files.
    const files = editedFiles(ctx);
    return files.length > 1 ? l10n.t('Allow Relay to edit {0} files?', files.length) : l10n.t('Allow Relay to edit {0}?', files[0]!);
  }
  const mcp = mcpName(request.toolName);
  if (mcp) return l10n.t('Call {0} on the MCP server {1}?', mcpTitle(request.displayName, mcp), mcp.server);
  const paths = request.targets.paths ?? [];
  const read = request.kind === 'readonly';
  if (paths.length === 1) {
    const path = displayPath(paths[0]!, ctx);
    return read ? l10n.t('Allow Relay to read {0}?', path) : l10n.t('Allow Relay to change {0}?', path);
  }
  if (paths.length > 1) return read ? l10n.t('Allow Relay to read {0} files?', paths.length) : l10n.t('Allow Relay to change {0} files?', paths.length);
  return l10n.t('Allow Relay to use {0}?', shownName(request) ?? request.toolName);
}

/** The tool's name for people (its display name as the scheduler gives it). */
function shownName(request: ApprovalRequest): string | undefined {
  return request.displayName?.trim() || undefined;
}

/** An MCP tool's own title ("Write File") from its display name ("Write File (files)"); its name when it has none. */
function mcpTitle(displayName: string | undefined, mcp: { server: string; tool: string }): string {
  const suffix = ` (${mcp.server})`;
  return displayName?.endsWith(suffix) ? displayName.slice(0, -suffix.length) : mcp.tool;
}

function detailFor(ctx: PromptContext): string {
  const { request, decision } = ctx;
  const sections: string[][] = [];
  const command = request.targets.command;
  // Each fact once: a summary that only restates the command line ("Run `x` in .") adds nothing to its lines,
  // and one the question already says ("Create notes.txt (+1 line)?") is not said again.
  const summary = request.summary?.trim();
  const url = request.targets.url;
  const action = actionSummary(ctx);
  const restates = (command !== undefined && summary?.includes(command.trim())) || (url !== undefined && summary?.includes(url)) || action !== undefined;
  if (summary && !restates) sections.push([summary]);

  const what: string[] = [];
  if (command !== undefined) {
    what.push(l10n.t('Command: {0}', command), l10n.t('Working directory: {0}', workingDirectory(ctx)));
  }
  if (url !== undefined) what.push(l10n.t('URL: {0}', url));
  const files = editedFiles(ctx);
  // The question names a single file and its size already.
  if (files.length === 1 && !(action && action.includes(files[0]!))) what.push(l10n.t('File: {0}', files[0]!));
  else if (files.length > 1) what.push(l10n.t('Files:'), ...files.map((f) => `  ${f}`));
  if (request.diff && !action) what.push(l10n.t('Changes: +{0} \u2212{1} lines', request.diff.added, request.diff.removed));
  what.push(...outsideWorkspaceLines(decision));
  if (what.length) sections.push(what);

  const why: string[] = [];
  // This call's own reason (not allow-listed, runs code, what a flag does) where the policy's is the mode's sentence.
  const reason = withoutAskPrefix(quotingOnce(decision.uiWhy ?? decision.uiReason, command));
  const trigger = triggerLine(decision.trigger, command, reason);
  if (trigger) why.push(trigger);
  why.push(l10n.t('Why: {0}', reason));
  const others = otherAsks(decision);
  if (others.length) {
    why.push(l10n.t('Also needs approval:'), ...others.slice(0, MAX_OTHER_ASKS).map((c) => `  ${c.uiWhy ?? c.uiReason}`));
    if (others.length > MAX_OTHER_ASKS) why.push(`  ${l10n.t('and {0} more', others.length - MAX_OTHER_ASKS)}`);
  }
  sections.push(why);

  // The tool by its name for people, at the end of the details; its internal name (write_file,
  // mcp__files__write_file) is not in the modal (issue 38).
  const footer = summaryNamesTool(summary) ? [] : [toolLine(request)];
  if (!ctx.suggestion.available) footer.push(l10n.t('This always asks: no rule can allow it.'));
  if (footer.length) sections.push(footer);
  return sections.map((lines) => lines.join('\n')).join('\n\n');
}

/**
 * The tool's one-line summary of an edit ("Create notes.txt", "Edit src/a.ts"), usable as the question when it is
 * one short line; a multi-line or long one stays in the detail.
 */
function actionSummary(ctx: PromptContext): string | undefined {
  const summary = ctx.request.summary?.trim();
  if (!ctx.request.diff || !summary || summary.includes('\n') || summary.length > 80) return undefined;
  return summary;
}

/** "+1 line", "+3 −2 lines", "−4 lines". */
function lineCounts(added: number, removed: number): string {
  if (removed === 0) return added === 1 ? l10n.t('+1 line') : l10n.t('+{0} lines', added);
  if (added === 0) return removed === 1 ? l10n.t('\u22121 line') : l10n.t('\u2212{0} lines', removed);
  return l10n.t('+{0} \u2212{1} lines', added, removed);
}

/** `mcp__<server>__<tool>`, the name MCP tools get (README, MCP servers). */
function mcpName(toolName: string): { server: string; tool: string } | undefined {
  const match = /^mcp__(.+?)__(.+)$/.exec(toolName);
  return match ? { server: match[1]!, tool: match[2]! } : undefined;
}

/** "Tool: Run Command": the name people know; the internal one (run_command, mcp__files__write_file) is the model's. */
function toolLine(request: ApprovalRequest): string {
  const mcp = mcpName(request.toolName);
  return l10n.t('Tool: {0}', shownName(request) ?? (mcp ? `${mcp.tool} (${mcp.server})` : request.toolName));
}

function summaryNamesTool(summary: string | undefined): boolean {
  const [prefix] = l10n.t('Tool: {0}', '\u0000').split('\u0000');
  return !!prefix && !!summary && summary.split('\n').some((line) => line.startsWith(prefix));
}

/** Relative to its workspace folder when inside one ("packages/app", "the workspace folder"); else absolute. */
function workingDirectory(ctx: PromptContext): string {
  const cwd = ctx.request.targets.cwd;
  const absolute = cwd === undefined ? ctx.defaultCwd : isAbsolute(cwd) ? cwd : resolve(ctx.defaultCwd, cwd);
  for (const folder of ctx.workspaceFolders) {
    const rel = relative(folder, absolute);
    if (rel === '') return ctx.workspaceFolders.length > 1 ? l10n.t('the workspace folder {0}', basename(folder)) : l10n.t('the workspace folder');
    if (!rel.startsWith('..') && !isAbsolute(rel)) return ctx.workspaceFolders.length > 1 ? `${basename(folder)}/${rel}` : rel;
  }
  return absolute;
}

/**
 * The reason (in the display language) without a third copy of the command line: a trailing quote of the whole
 * line is dropped ("Default mode asks before running commands."), any other quote of it reads "the command".
 */
function quotingOnce(reason: string, command: string | undefined): string {
  const line = command?.trim();
  if (!line) return reason;
  const quoted = `"${line}"`;
  let trimmed = reason;
  for (const [tail, stop] of [[`: ${quoted}.`, '.'], [`：${quoted}。`, '。']] as const) {
    if (trimmed.endsWith(tail)) trimmed = `${trimmed.slice(0, -tail.length)}${stop}`;
  }
  const named = trimmed.split(quoted).join(l10n.t('the command'));
  return named.startsWith('the command') ? `T${named.slice(1)}` : named;
}

/** The files the tool itself writes or reads (not those a command names), as the user knows them. */
function editedFiles(ctx: PromptContext): string[] {
  const paths = [...(ctx.request.targets.paths ?? [])];
  const diffPath = ctx.request.diff?.path;
  if (diffPath !== undefined && !paths.some((p) => samePlace(p, diffPath, ctx))) paths.unshift(diffPath);
  return paths.map((p) => displayPath(p, ctx));
}

/** Workspace-relative when inside a folder (as the policy resolved it), otherwise the path as given. */
function displayPath(path: string, ctx: PromptContext): string {
  const subject = toolPathSubjects(ctx.decision).find((s) => s.path === path || s.resolved === path);
  if (subject?.workspacePath !== undefined) return subject.workspacePath || '.';
  if (subject) return subject.path;
  for (const folder of ctx.workspaceFolders) {
    const rel = relative(folder, path);
    if (isAbsolute(path) && rel && !rel.startsWith('..') && !isAbsolute(rel)) return rel;
  }
  return path;
}

function samePlace(a: string, b: string, ctx: PromptContext): boolean {
  return a === b || displayPath(a, ctx) === displayPath(b, ctx);
}

function toolPathSubjects(decision: Decision): PathSubject[] {
  return pathSubjects(decision).filter((s) => s.command === undefined);
}

function pathSubjects(decision: Decision): PathSubject[] {
  return decision.audit.checks.map((c) => c.subject).filter((s): s is PathSubject => s.type === 'path');
}

/** Every path outside the workspace, with the real path it resolved to (symlinks and `..` followed). */
function outsideWorkspaceLines(decision: Decision): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const check of decision.audit.checks) {
    if (check.basis !== 'outside-workspace' || check.subject.type !== 'path' || seen.has(check.subject.resolved)) continue;
    seen.add(check.subject.resolved);
    const { path, resolved } = check.subject;
    lines.push(path === resolved ? l10n.t('Outside the workspace: {0}', resolved) : l10n.t('Outside the workspace: {0} (real path {1})', path, resolved));
  }
  return lines;
}

/**
 * "Why: Needs approval: …" says it twice (the question already asks): the reason loses its "Needs approval:"
 * opening, found through the same message in the display language.
 */
function withoutAskPrefix(reason: string): string {
  const [prefix] = l10n.t('Needs approval: {0}.', '\u0000').split('\u0000');
  if (!prefix || !reason.startsWith(prefix) || reason.length === prefix.length) return reason;
  const rest = reason.slice(prefix.length);
  return rest.charAt(0).toLocaleUpperCase() + rest.slice(1);
}

/**
 * The part of the command that made it ask, unless the reason already names it (each fact once): the flag or
 * environment variable (`-delete`, `LD_PRELOAD`), the sub-command of a longer line, the file a command touches.
 */
function triggerLine(trigger: CheckSubject | undefined, commandLine: string | undefined, reason: string): string | undefined {
  if (!trigger || trigger.type === 'call' || trigger.type === 'domain') return undefined;
  if (trigger.type === 'command') {
    const named = (text: string | undefined) => text === undefined || mentions(reason, text);
    if (named(trigger.cause) && (trigger.text === commandLine?.trim() || named(trigger.text))) return undefined;
    if (trigger.text === commandLine?.trim()) return l10n.t('Asks because of: "{0}"', trigger.cause!);
    return trigger.cause === undefined ? l10n.t('Asks because of: {0}', trigger.text) : l10n.t('Asks because of: "{0}" in {1}', trigger.cause, trigger.text);
  }
  if (trigger.command === undefined) return undefined; // the file line above already names it
  return trigger.access === 'write'
    ? l10n.t('Asks because of: {0} (writes {1})', trigger.command, trigger.path)
    : l10n.t('Asks because of: {0} (reads {1})', trigger.command, trigger.path);
}

/** The other checks that ask, once each, so one prompt shows all that this answer decides. */
function otherAsks(decision: Decision): PermissionCheck[] {
  const seen = new Set([decision.uiReason]);
  return decision.audit.checks.filter((c) => {
    if (c.action !== 'ask' || seen.has(c.uiReason)) return false;
    seen.add(c.uiReason);
    return true;
  });
}

/** A rule as people read it: `run_command: npm test (commands)`. */
export function describeRuleToSave(rule: PermissionRule): string {
  const tool = rule.tool === '*' ? l10n.t('any tool') : rule.tool;
  const scope =
    rule.subject === 'command' ? l10n.t(' (commands)') : rule.subject === 'path' ? l10n.t(' (paths)') : rule.subject === 'domain' ? l10n.t(' (web domain)') : '';
  return `${tool}: ${rule.pattern}${scope}`;
}

/** Whether `text` stands in `sentence` as a whole (so "-f" is not found in "rm -rf"). */
function mentions(sentence: string, text: string): boolean {
  const part = /[\w-]/;
  for (let at = sentence.indexOf(text); at >= 0; at = sentence.indexOf(text, at + 1)) {
    const before = sentence[at - 1];
    const after = sentence[at + text.length];
    if ((before === undefined || !part.test(before)) && (after === undefined || !part.test(after))) return true;
  }
  return false;
}
