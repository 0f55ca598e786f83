// Tool names every provider accepts (`^[a-zA-Z0-9_-]{1,64}$`): `mcp__<server>__<tool>`, other characters
// replaced by `_`, shortened with a hash of the original pair when longer, and never equal to a name in use.
import { createHash } from 'node:crypto';

export const MAX_TOOL_NAME = 64;
const VALID_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export function isValidToolName(name: string): boolean {
  return VALID_NAME.test(name);
}

export function sanitizeNamePart(part: string): string {
  const clean = part.replace(/[^a-zA-Z0-9_-]/g, '_');
  return clean === '' ? '_' : clean;
}

/** Eight base-36 characters from SHA-256: stable across runs and machines. */
export function shortHash(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex').slice(0, 12);
  return parseInt(hex, 16).toString(36).padStart(8, '0').slice(-8);
}

/** `prefix + parts` joined by `__`, sanitised, cut to 64 with a hash of `identity` when too long. */
export function composeToolName(parts: readonly string[], identity: string): string {
  const raw = parts.map(sanitizeNamePart).join('__');
  if (raw.length <= MAX_TOOL_NAME) return raw;
  return withHash(raw, identity);
}

function withHash(base: string, identity: string, salt = ''): string {
  const hash = shortHash(identity + salt);
  return `${base.slice(0, MAX_TOOL_NAME - hash.length - 1)}_${hash}`;
}

export function mcpToolName(server: string, tool: string): string {
  return composeToolName(['mcp', server, tool], `${server}\u0000${tool}`);
}

export interface NameRequest {
  /** What uniquely identifies the tool, e.g. `server\0tool`. */
  identity: string;
  /** The preferred name (already valid). */
  preferred: string;
}

/**
 * Final names for a group of tools: preferred names first, in identity order so the outcome does not depend on
 * the order a server listed them; a collision (with `taken` or inside the group) gets a hashed name instead.
 */
export function assignToolNames(requests: readonly NameRequest[], taken: ReadonlySet<string>): Map<string, string> {
  const used = new Set(taken);
  const result = new Map<string, string>();
  const sorted = [...requests].sort((a, b) => (a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0));
  for (const request of sorted) {
    let name = request.preferred;
    for (let salt = 0; used.has(name); salt++) name = withHash(request.preferred, request.identity, salt === 0 ? '' : `#${salt}`);
    used.add(name);
    result.set(request.identity, name);
  }
  return result;
}
