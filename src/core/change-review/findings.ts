// The review's answer, validated: like Codex's review mode, the review agent ends with one JSON object
// ({"findings": [...]}) that is checked with zod, finding by finding, against the change it reviewed. A finding on a
// file the change does not touch, or a line outside it, is set aside with the reason (never placed on a guessed
// line); a malformed answer is an error that says what was wrong, and loses nothing already shown.
import { z } from 'zod';
import { type ChangedFile, touches } from './changed-lines';

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

const findingSchema = z
  .object({
    path: z.string().min(1).max(1000),
    line: z.number().int().min(1),
    endLine: z.number().int().min(1).optional(),
    severity: z.enum(SEVERITIES),
    title: z.string().trim().min(1).max(200),
    reason: z.string().trim().min(1).max(4000),
  })
  .refine((f) => f.endLine === undefined || f.endLine >= f.line, { message: 'endLine is before line', path: ['endLine'] });

const answerSchema = z.object({ findings: z.array(z.unknown()).max(200) });

export interface Finding {
  path: string;
  line: number;
  endLine?: number;
  severity: Severity;
  title: string;
  reason: string;
}

export interface ReviewAnswer {
  findings: Finding[];
  /** Findings that could not be placed, each with why (shown in the log and the summary). */
  rejected: string[];
}

export class ReviewAnswerError extends Error {}

/** The JSON object of the agent's final answer: the whole text, or its last ```json fenced block. */
function jsonOf(text: string): unknown {
  const trimmed = text.trim();
  const candidates = [trimmed];
  const fences = [...trimmed.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());
  candidates.push(...fences.reverse());
  const first = trimmed.indexOf('{');
  const last = trimmed.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(trimmed.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      // the next candidate
    }
  }
  throw new ReviewAnswerError('The review did not end with a JSON object {"findings": [...]}.');
}

function normalPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\.\//, '').replace(/^b\//, '');
}

/** Validates the final answer against the reviewed change. */
export function parseReviewAnswer(text: string, files: readonly ChangedFile[]): ReviewAnswer {
  const parsed = answerSchema.safeParse(jsonOf(text));
  if (!parsed.success) throw new ReviewAnswerError(`The review's answer is not {"findings": [...]}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const byPath = new Map(files.map((f) => [f.path, f]));
  const findings: Finding[] = [];
  const rejected: string[] = [];
  parsed.data.findings.forEach((raw, index) => {
    const one = findingSchema.safeParse(raw);
    if (!one.success) {
      rejected.push(`finding ${index + 1}: ${one.error.issues.map((i) => `${i.path.join('.') || 'finding'}: ${i.message}`).join('; ')}`);
      return;
    }
    const finding: Finding = { ...one.data, path: normalPath(one.data.path) };
    const file = byPath.get(finding.path);
    if (!file) {
      rejected.push(`finding ${index + 1}: ${finding.path} is not part of the reviewed change`);
      return;
    }
    if (!touches(file, finding.line)) {
      rejected.push(`finding ${index + 1}: ${finding.path}:${finding.line} is outside the changed lines`);
      return;
    }
    findings.push(finding);
  });
  return { findings, rejected };
}

/** A stable identity of a finding, to keep a thread a re-run reports again unchanged. */
export function findingKey(f: Finding): string {
  return JSON.stringify([f.path, f.line, f.endLine ?? f.line, f.severity, f.title, f.reason]);
}
