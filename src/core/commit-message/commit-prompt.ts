// The one-turn request that writes a commit message: the repository's style (commit-style.ts) and recent subjects as
// examples, then the changes (staged, or all when nothing is staged) as git printed them, cut to a budget. And the
// cleanup of what the model streams back (a fenced block or quotes around the message are dropped). Pure.
import type { ModelRequest } from '../model/provider';
import type { CommitStyle } from './commit-style';

export interface CommitChanges {
  /** True: the staged changes; false: every change in the working tree (nothing was staged). */
  staged: boolean;
  /** `git diff --stat` of the same changes. */
  stat: string;
  /** The patch. */
  diff: string;
  /** Files git does not track yet (only when nothing was staged): their names. */
  untracked: string[];
}

/** The patch is cut here: a message needs the gist, and the request must stay small and quick. */
export const MAX_DIFF_CHARS = 40_000;
export const MAX_EXAMPLES = 12;
const MAX_UNTRACKED = 50;

const SYSTEM = [
  'You write git commit messages. Answer with the commit message only: no preamble, no quotes, no code fence, no explanation.',
  'The first line is the subject: what the change does and why it matters, in the imperative mood, as the repository\'s own subjects are written.',
  'Add a body (after one blank line, wrapped at 72 columns) only when the change needs more than the subject to be understood, and only if the repository\'s messages have bodies or the change is large.',
  'Describe only what the diff shows; do not invent motives, issue numbers or tests.',
].join('\n');

export function commitMessageRequest(style: CommitStyle, subjects: readonly string[], changes: CommitChanges): ModelRequest {
  const rules: string[] = [];
  if (style.conventional) {
    rules.push(`Start the subject with a Conventional Commits prefix, \`type(scope): \`, as this repository does (types in use: ${style.types.slice(0, 8).join(', ') || 'feat, fix'}${style.scopes.length ? `; scopes in use: ${style.scopes.slice(0, 10).join(', ')}` : ''}; leave the scope out when none fits).`);
  } else {
    rules.push('Do not add a `type:` prefix: this repository\'s subjects have none.');
  }
  rules.push(languageRule(style));
  rules.push(`Keep the subject about ${style.medianLength} characters long, at most ${Math.max(style.longLength, style.medianLength)}.`);
  rules.push(style.capitalized ? 'Start the description with a capital letter.' : 'Start the description with a lower-case letter.');
  rules.push(style.fullStop ? 'End the subject with a full stop.' : 'Do not end the subject with a full stop.');
  const examples = subjects.slice(0, MAX_EXAMPLES);
  let diff = changes.diff;
  let cut = '';
  if (diff.length > MAX_DIFF_CHARS) {
    diff = diff.slice(0, MAX_DIFF_CHARS);
    cut = `\n(The patch was cut at ${MAX_DIFF_CHARS} characters; the summary above lists every file.)`;
  }
  const untracked = changes.untracked.slice(0, MAX_UNTRACKED);
  const parts = [
    style.count > 0 ? `The repository's style, read from its last ${style.count} commit subjects:` : 'The repository has no commits to learn its style from; follow these rules:',
    rules.map((r) => `- ${r}`).join('\n'),
    ...(examples.length ? ['', 'Its most recent subjects, newest first:', examples.map((s) => `- ${s}`).join('\n')] : []),
    '',
    changes.staged ? 'Write the commit message for these staged changes.' : 'Nothing is staged: write the commit message for all the changes in the working tree.',
    '',
    'Summary (git diff --stat):',
    fenced(changes.stat.trim() || '(no tracked file changed)'),
    '',
    'Patch:',
    fenced(diff.trim() || '(empty)') + cut,
    ...(untracked.length
      ? ['', `New files git does not track yet (${changes.untracked.length}):`, untracked.map((f) => `- ${f}`).join('\n') + (changes.untracked.length > untracked.length ? '\n- …' : '')]
      : []),
  ];
  return { system: SYSTEM, messages: [{ role: 'user', content: [{ type: 'text', text: parts.join('\n') }] }], tools: [], maxOutputTokens: 1024, temperature: 0.2 };
}

function languageRule(style: CommitStyle): string {
  switch (style.language) {
    case 'chinese':
      return 'Write the message in Chinese, as this repository\'s subjects are.';
    case 'japanese':
      return 'Write the message in Japanese, as this repository\'s subjects are.';
    case 'korean':
      return 'Write the message in Korean, as this repository\'s subjects are.';
    case 'cyrillic':
      return 'Write the message in the language of the recent subjects below (a Cyrillic script).';
    default:
      return style.count > 0 ? 'Write the message in the language of the recent subjects below.' : 'Write the message in English.';
  }
}

/** A fence longer than any backtick run in the text, so a diff of Markdown cannot close it. */
function fenced(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}\n${fence}`;
}

/**
 * The message as it stands while (and after) the model streams it: an opening code fence line and a closing one are
 * dropped, as are quotes around the whole message, and surrounding blank lines.
 */
export function cleanCommitMessage(text: string): string {
  let message = text.replace(/\r\n/g, '\n').trim();
  const open = /^(`{3,}|~{3,})[^\n]*(\n|$)/.exec(message);
  if (open) {
    message = message.slice(open[0].length);
    const close = message.lastIndexOf(`\n${open[1]}`);
    if (close >= 0) message = message.slice(0, close);
    else if (message.endsWith(open[1]!)) message = message.slice(0, -open[1]!.length);
  }
  message = message.trim();
  const quoted = /^(["'“])([\s\S]*)(["'”])$/.exec(message);
  if (quoted && (quoted[1] === quoted[3] || (quoted[1] === '“' && quoted[3] === '”'))) message = quoted[2]!.trim();
  return message;
}
