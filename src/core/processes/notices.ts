// What the model hears at the start of its next step about its background processes that changed while it was
// not looking: one ended (by itself, or crashed with a non-zero code or a signal), or one asks a question.
import type { ProcessInfo } from '../ports/processes';

export function processNoticeText(changed: readonly ProcessInfo[]): string | undefined {
  const lines = changed.map((p) => {
    if (p.state === 'waiting-for-input') return `- ${p.id} (${p.command}) is waiting for input: ${p.prompt ?? ''}`.trimEnd() + ' (answer with send_input, or stop it)';
    if (p.exitSignal) return `- ${p.id} (${p.command}) crashed: ended by ${p.exitSignal}. read_output shows its last output.`;
    if (p.state === 'exited' && p.exitCode !== 0) return `- ${p.id} (${p.command}) crashed: exited with code ${p.exitCode ?? 'unknown'}. read_output shows its last output.`;
    if (p.state === 'exited') return `- ${p.id} (${p.command}) exited with code 0.`;
    return undefined;
  });
  const said = lines.filter((l): l is string => l !== undefined);
  return said.length ? ['[Background processes changed since your last step]', ...said].join('\n') : undefined;
}
