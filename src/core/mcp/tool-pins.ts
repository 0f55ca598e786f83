// Pinned tool definitions: what a server's tools looked like when the user confirmed the server (or last accepted
// a change). A server may change a tool's description or schema after approval (a "rug pull") or add tools; such
// a change is shown as a diff of the definitions and held back from the model until the user accepts it.
// Definitions are compared by a hash of their canonical JSON (keys sorted at every depth), so key order and
// spacing mean nothing and any other change, hidden characters included, counts.
import { createHash } from 'node:crypto';
import { structuredPatch } from 'diff';
import { canonicalJson } from '../permissions/loop-guard';
import type { McpToolInfo } from '../ports/mcp';
import { showHidden } from './hidden-text';

/** The parts of a tool the model reads (and the approval looks at). */
export interface ToolDefinition {
  name: string;
  title?: unknown;
  description?: unknown;
  inputSchema: unknown;
  annotations?: unknown;
}

export interface PinnedTool {
  hash: string;
  definition: ToolDefinition;
}

/** By the name the server gives the tool. */
export type ToolPins = Record<string, PinnedTool>;

export interface ToolChange {
  name: string;
  before?: ToolDefinition;
  after: ToolDefinition;
}

export interface ToolChanges {
  changed: ToolChange[];
  added: ToolChange[];
  removed: string[];
  /** Names whose definition matches its pin. */
  unchanged: string[];
}

export function definitionOf(info: McpToolInfo): ToolDefinition {
  const definition: ToolDefinition = { name: info.name, inputSchema: info.inputSchema };
  if (info.title !== undefined) definition.title = info.title;
  if (info.description !== undefined) definition.description = info.description;
  if (info.annotations !== undefined) definition.annotations = info.annotations;
  return definition;
}

export function definitionHash(definition: ToolDefinition): string {
  return createHash('sha256').update(canonicalJson(definition)).digest('hex');
}

/** Pins for a tool list as it is (the first list after the user confirmed the server, or an accepted change). */
export function pinTools(tools: readonly McpToolInfo[]): ToolPins {
  const pins: ToolPins = Object.create(null) as ToolPins;
  for (const info of tools) {
    // A name listed twice: the first definition is the one offered (the catalog leaves the second out), so it is
    // the one pinned; pinning the unseen second would let it reach the model later without a question.
    if (typeof info?.name !== 'string' || Object.hasOwn(pins, info.name)) continue;
    const definition = definitionOf(info);
    pins[info.name] = { hash: definitionHash(definition), definition };
  }
  return pins;
}

export function compareWithPins(pins: ToolPins, tools: readonly McpToolInfo[]): ToolChanges {
  const changes: ToolChanges = { changed: [], added: [], removed: [], unchanged: [] };
  const listed = new Set<string>();
  for (const info of tools) {
    if (typeof info?.name !== 'string' || listed.has(info.name)) continue;
    listed.add(info.name);
    const after = definitionOf(info);
    const pin = Object.hasOwn(pins, info.name) ? pins[info.name] : undefined;
    if (!pin) changes.added.push({ name: info.name, after });
    else if (pin.hash !== definitionHash(after)) changes.changed.push({ name: info.name, before: pin.definition, after });
    else changes.unchanged.push(info.name);
  }
  for (const name of Object.keys(pins)) if (!listed.has(name)) changes.removed.push(name);
  return changes;
}

/** Whether anything would reach the model that the user has not seen: a changed or a new tool. */
export function needsReview(changes: ToolChanges): boolean {
  return changes.changed.length > 0 || changes.added.length > 0;
}

/** A definition as people read it: keys in a stable order, two-space indent, hidden characters made visible. */
export function prettyDefinition(definition: ToolDefinition): string {
  return showHidden(JSON.stringify(JSON.parse(canonicalJson(definition)), null, 2));
}

/** The definitions of every changed, new and removed tool, before and after, for a side-by-side diff. */
export function definitionsForDiff(changes: ToolChanges, pins: ToolPins): { before: string; after: string } {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const change of [...changes.changed, ...changes.added].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (change.before) before[change.name] = change.before;
    after[change.name] = change.after;
  }
  for (const name of changes.removed) before[name] = pins[name]?.definition;
  const show = (value: Record<string, unknown>) => showHidden(JSON.stringify(JSON.parse(canonicalJson(value)), null, 2));
  return { before: show(before), after: show(after) };
}

/**
 * A concise unified diff of the definitions for a modal: each changed tool's changed lines with one line of
 * context, each new tool whole, each removed tool by name; at most `maxLines` lines, then how many more.
 */
export function describeChanges(changes: ToolChanges, maxLines = 40): string {
  const lines: string[] = [];
  for (const change of changes.changed) {
    lines.push(`~ ${showHidden(change.name)}`);
    const patch = structuredPatch('before', 'after', prettyDefinition(change.before!), prettyDefinition(change.after), '', '', { context: 1 });
    for (const hunk of patch.hunks) lines.push(...hunk.lines.filter((l) => !l.startsWith('\\')).map((l) => `  ${l}`));
  }
  for (const change of changes.added) {
    lines.push(`+ ${showHidden(change.name)}`);
    lines.push(...prettyDefinition(change.after).split('\n').map((l) => `  +${l}`));
  }
  for (const name of changes.removed) lines.push(`- ${showHidden(name)}`);
  if (lines.length <= maxLines) return lines.join('\n');
  return [...lines.slice(0, maxLines), `… (${lines.length - maxLines} more lines)`].join('\n');
}
