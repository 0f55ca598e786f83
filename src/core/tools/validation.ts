// Argument validation (behaviours 16, 17): zod first; on failure, repair boolean strings where they failed and
// retry; still invalid gives one issue per bad path with what was expected. Never throws.
import type { z } from 'zod';
import { booleanFailurePaths, formatPath, type IssueLike, repairBooleanStrings } from './repair';
import type { ParamIssue, ValidationResult } from './types';

export async function validateParams<P>(schema: z.ZodType<P>, raw: unknown): Promise<ValidationResult<P>> {
  try {
    const first = await schema.safeParseAsync(raw);
    if (first.success) return { ok: true, params: first.data, repairedPaths: [] };
    const firstIssues = first.error.issues as unknown as IssueLike[];
    const { value, repaired } = repairBooleanStrings(raw, booleanFailurePaths(firstIssues));
    if (repaired.length === 0) return invalid(firstIssues);
    const second = await schema.safeParseAsync(value);
    if (second.success) return { ok: true, params: second.data, repairedPaths: repaired.map(formatPath) };
    return invalid(second.error.issues as unknown as IssueLike[]);
  } catch (error) {
    // A throwing refinement is the tool's bug, but it still must not escape into the loop.
    const message = error instanceof Error ? error.message : String(error);
    return invalid([{ code: 'custom', path: [], message: `Validation failed: ${message}` }]);
  }
}

function invalid(issues: readonly IssueLike[]): ValidationResult<never> {
  const described = issues.map(describeIssue);
  const lines = described.map((issue) => `- ${issue.path}: ${issue.message}`);
  return { ok: false, issues: described, message: `Invalid arguments:\n${lines.join('\n')}` };
}

export function describeIssue(issue: IssueLike): ParamIssue {
  const expected = expectedOf(issue);
  const message =
    issue.code === 'invalid_union' && issue.message === 'Invalid input' ? `Invalid input: expected ${expected}` : issue.message;
  return { path: formatPath(issue.path), expected, message };
}

function expectedOf(issue: IssueLike): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected ?? 'a different type';
    case 'invalid_value':
      return `one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(' | ')}`;
    case 'invalid_union': {
      const options = (issue.errors ?? []).map((branch) => (branch[0] ? expectedOf(branch[0]) : 'another shape'));
      return [...new Set(options)].join(' or ') || 'one of the allowed shapes';
    }
    case 'unrecognized_keys':
      return 'no extra keys';
    default:
      return issue.message.replace(/^[^:]*:\s*/, '');
  }
}
