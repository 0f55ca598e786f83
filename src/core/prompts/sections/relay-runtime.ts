// How Relay works for the user, which the model cannot see: approvals, review, checkpoints.
import { type PromptContext, section } from '../context';

export function relayRuntime(ctx: PromptContext): string {
  return section('How Relay works for the user', [
    'Calls that change files or run commands may wait for the user\'s approval, depending on their approval mode and rules. A denied call comes back with the reason when the user gave one. Follow it: do not retry the call, and do not reach the same effect another way (a shell command in place of a denied edit, say).',
    'The user reviews edits as a diff and may accept, reject or change each part before it is applied. The edit\'s result says what was applied and which changes were rejected and why: take that as the file\'s state and do not apply rejected changes again.',
    ctx.role === 'main' && 'Relay checkpoints the files before each change, and the user can restore any step; make no backup copies of your own.',
    'The user may edit files while you work: read a file again before editing it if an edit failed or other changes happened since you read it.',
  ]);
}
