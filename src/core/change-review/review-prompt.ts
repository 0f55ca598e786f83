// What the review agent is asked, and what a finding's Fix asks of a task.
import type { ChangedFile } from './changed-lines';
import type { Finding } from './findings';

/** How much of the diff goes into the prompt; the agent reads the rest of the files with its read-only tools. */
export const MAX_DIFF_CHARS = 60_000;

export interface ReviewSubject {
  /** "the working tree's changes" or "the branch feature against main". */
  description: string;
  diff: string;
  files: readonly ChangedFile[];
}

export function reviewPrompt(subject: ReviewSubject): string {
  const diff = subject.diff.length > MAX_DIFF_CHARS ? `${subject.diff.slice(0, MAX_DIFF_CHARS)}\n[diff truncated: read the files for the rest]` : subject.diff;
  const list = subject.files.map((f) => `- ${f.path}`).join('\n');
  return [
    `Review ${subject.description} as a careful code reviewer. You can only read; change nothing.`,
    'Look for bugs, security problems, missed cases, broken error handling and clear maintainability problems introduced by the change. Do not report style nits or praise.',
    `Files changed:\n${list}`,
    `The diff:\n\`\`\`diff\n${diff}\n\`\`\``,
    'When done, answer with ONLY one JSON object, no other text (as your final answer, or as the attempt_completion result where you end tasks with it):',
    '{"findings": [{"path": "<file as listed above>", "line": <line in the new version>, "endLine": <optional last line>, "severity": "error" | "warning" | "info", "title": "<short title>", "reason": "<why it is a problem and how to fix it>"}]}',
    'Each finding must be on a changed line of a listed file. Answer {"findings": []} when you find nothing worth reporting.',
  ].join('\n\n');
}

/** The task a finding's Fix starts. */
export function fixPrompt(finding: Finding): string {
  const lines = finding.endLine && finding.endLine !== finding.line ? `${finding.line}-${finding.endLine}` : `${finding.line}`;
  return `Fix this review finding in ${finding.path}:${lines} (${finding.severity}): ${finding.title}\n\n${finding.reason}`;
}
