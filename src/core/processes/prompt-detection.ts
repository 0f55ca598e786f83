// Whether a process's last output line is a question waiting for an answer. Explicit questions ((y/N), a
// password, "press any key") count after a short quiet; a line that ends in `?` or `:` without a newline (how
// readline, input() and `read -p` print) counts after a longer silence. Dev servers' key hints ("press h to show
// help", "press q to quit") are not questions: the server goes on running whether or not anyone presses.

export type PromptKind = 'explicit' | 'question';

/** Quiet after an explicit question before it counts, and after a `?`/`:` line. */
export const PROMPT_QUIET_MS = { explicit: 200, question: 1_000 } as const;

const EXPLICIT: readonly RegExp[] = [
  /[([]\s*\[?y(?:es)?\]?\s*\/\s*\[?n(?:o)?\]?\s*[)\]]/i, // (y/N), [Y/n], (yes/no), ([y]/n)
  /[([]\s*\[?n(?:o)?\]?\s*\/\s*\[?y(?:es)?\]?\s*[)\]]/i,
  /\(y\)\s*$/i, // npx: "Ok to proceed? (y)"
  /\bpass(?:word|phrase)\b[^\n]*[:?]\s*$/i,
  /\b(?:press|hit)\s+any\s+key\b/i,
  // "Press ENTER to continue", "Hit enter when ready", "Press Enter.", but not Jest's "Press Enter to trigger a test run."
  /\b(?:press|hit)\s+(?:enter|return|<enter>)(?:\s+(?:key\s+)?to\s+(?:continue|proceed|exit|close|finish|resume|retry|confirm)\b|\s+(?:when|once|or)\b|\s*[.…:!]*\s*$)/i,
  /\benter\s+(?:passphrase|pin)\b/i,
  /\bcontinue\s*\?\s*$/i,
  /\(yes\/no(?:\/\[fingerprint\])?\)\?\s*$/i,
  /\[Y\] Yes\b.*\(default is "\w+"\)\s*:?\s*$/, // PowerShell's confirmation
  /\[[yn](?:,[\w?])+\]\??\s*$/i, // Composer's [y,n,d,?], git add -p's [y,n,q,a,d,e,?]?
];

/** Key hints of servers and watchers: "press h to show help", "Press Ctrl+C to stop", "press q to quit". */
const KEY_HINT = /\bpress\s+(?:(?:ctrl|control|cmd)\s*[+-]\s*)?\w(?:\s*\+\s*enter)?\s+to\s+\w+/i;

/** Interactive prompts (inquirer, prompts, enquirer, survey, clack) start the question with `?` or `◆`/`◇`. */
const PICKER = /^\s*[?◆◇]\s+\S/;

/**
 * The kind of question `line` asks, if any. `terminated` tells whether a newline followed it: a plain `?`/`:` line
 * counts only when unterminated (log lines end in newlines), explicit questions either way.
 */
export function promptKind(line: string, terminated: boolean): PromptKind | undefined {
  const text = line.trim();
  if (text === '' || text.length > 300) return undefined;
  if (KEY_HINT.test(text) && !/\b(?:press|hit)\s+(?:any\s+key|enter|return)\b/i.test(text)) return undefined;
  if (EXPLICIT.some((re) => re.test(text))) return 'explicit';
  if (terminated) return undefined;
  if (PICKER.test(text)) return 'question';
  if (/\b(?:press|hit)\s+(?:enter|return)\b/i.test(text)) return 'question'; // npm login's "Press ENTER to open in the browser..."

  if (/[?:]\s*$/.test(text) || /[?:]\s*\([^)]{0,40}\)\s*$/.test(text) || /[?:]\s*\[[^\]]{0,40}\]\s*$/.test(text)) return 'question';
  return undefined;
}

/**
 * A picker drawn over several lines and left waiting: its question line (`? Pick one` of inquirer, prompts, enquirer
 * and Go's survey, `◆  Pick one` of clack) followed only by its choices, hints and frame, with nothing after.
 */
const PICKER_HEAD = /^\s*[?◆]\s+\S/;
const PICKER_BODY = /^(?:\s|[❯›>●○◉◯◻◼□■│|└(↑]|$)/;
const PICKER_LINES = 20;

/** The question `tail` (a process's latest output, escapes removed) ends waiting on, if any, and its kind. */
export function pendingPrompt(tail: string): { line: string; kind: PromptKind } | undefined {
  const { line, terminated } = lastLine(tail);
  const kind = promptKind(line, terminated);
  if (kind) return { line: line.trim(), kind };
  const lines = tail.replace(/\s+$/, '').split('\n');
  // Symfony Console (Composer, Laravel's artisan) asks on one line, lists any choices indented, then waits at " > ".
  if (!terminated && line.trim() === '>') {
    for (let i = lines.length - 2; i >= Math.max(0, lines.length - PICKER_LINES); i--) {
      const asked = promptKind(lines[i]!, false);
      if (asked) return { line: lines[i]!.trim(), kind: asked };
      if (!/^\s{2}/.test(lines[i]!)) return undefined;
    }
    return undefined;
  }
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - PICKER_LINES); i--) {
    const text = lines[i]!;
    if (PICKER_HEAD.test(text)) return i < lines.length - 1 ? { line: text.trim(), kind: 'question' } : undefined;
    if (!PICKER_BODY.test(text)) return undefined;
  }
  return undefined;
}

/** The last line of `text` and whether a newline ended it (trailing blank lines are skipped for terminated text). */
export function lastLine(text: string): { line: string; terminated: boolean } {
  const trimmed = text.replace(/[ \t]+$/, '');
  const terminated = /\n\s*$/.test(trimmed);
  const body = trimmed.replace(/\s+$/, '');
  const start = body.lastIndexOf('\n') + 1;
  return { line: body.slice(start), terminated };
}
