// Implementation discipline: read first, follow the project, change little, use the right tool.
import { type PromptContext, section } from '../context';

/** Parallel calls are said by each family in its own terms (its vendor's guidance differs). */
export function working(ctx: PromptContext): string {
  return section('Working on code', [
    'Understand before you change: search for the relevant code, then read the parts you will change and the code that calls them. Never edit a file you have not read in this task.',
    "Follow the project's conventions: its style, libraries, layout, naming and test framework. Check that a library is already used (manifest, imports) before you use it; add a dependency only when needed, and say so.",
    'Fix problems at their root with the smallest change that does it. No unrelated refactors, no reformatting of lines you do not change, no files the task does not need (documentation included, unless asked).',
    !ctx.canChange && 'None of your tools can change files or run commands here (an untrusted workspace, or a read-only task): find things out and explain the change; do not try to make it another way.',
    'Prefer the dedicated tools to shell commands for reading, searching and editing files; use run_command for builds, tests and other programs.',
    'When a tool call fails, read the error and change the approach; never repeat the same call unchanged.',
    'Paths are relative to the first workspace root unless absolute. Stay inside the workspace unless asked otherwise.',
  ]);
}
