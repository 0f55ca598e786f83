// Deterministic conversations for the chat benchmarks: markdown answers (lists, code), user prompts and tool
// cards with diffs, terminal output and file lists, in the proportions of a long agent session.
import type { ChatItem, ChatSnapshot, ToolCardStatus } from '../src/shared/chat-model';
import { mulberry32 } from '../test/support/seeded-random';


const WORDS = 'the parser cache handles every request so that config values stay valid while tests run against a fresh workspace and the build'.split(' ');

export function makeConversation(messages: number, toolCards: number, seed = 7): ChatSnapshot {
  const random = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const items: ChatItem[] = [];
  // Tool cards are spread evenly between the messages.
  const total = messages + toolCards;
  let placedCards = 0;
  let placedMessages = 0;
  for (let i = 0; i < total; i++) {
    const wantCard = placedCards < toolCards && (placedMessages >= messages || (i * toolCards) / total >= placedCards);
    if (wantCard) {
      items.push({ kind: 'tool', id: `call-${placedCards}`, status: toolCard(`call-${placedCards}`, placedCards, pick, sentence) });
      placedCards++;
    } else if (placedMessages % 5 === 0) {
      items.push({ kind: 'user', id: `user-${placedMessages}`, text: `Please ${sentence(12)}.`, ts: i });
      placedMessages++;
    } else {
      items.push({ kind: 'assistant', id: `reply-${placedMessages}`, text: answer(placedMessages, sentence), ts: i, streaming: false });
      placedMessages++;
    }
  }
  return { task: { id: 'bench', title: 'Benchmark task', running: true, usage: { inputTokens: 123_456, outputTokens: 7_890, costUsd: 1.23 } }, items, settings: { mode: 'default', model: 'anthropic · claude-sonnet-4-5' } };
}

function answer(n: number, sentence: (n: number) => string): string {
  const parts = [`${sentence(25)}. **${sentence(3)}** and \`${sentence(1)}\` ${sentence(15)}.`];
  if (n % 3 === 0) parts.push(`- ${sentence(6)}\n- ${sentence(8)}\n- ${sentence(5)}`);
  if (n % 4 === 0) parts.push('```ts\n' + Array.from({ length: 8 }, (_, i) => `const value${i} = compute("${sentence(2)}", ${i}); // ${sentence(3)}`).join('\n') + '\n```');
  parts.push(sentence(20) + '.');
  return parts.join('\n\n');
}

function toolCard(callId: string, n: number, pick: <T>(xs: readonly T[]) => T, sentence: (n: number) => string): ToolCardStatus {
  const base = { callId, partial: false, startTime: n * 1000, endTime: n * 1000 + 420, durationMs: 420 } as const;
  switch (n % 3) {
    case 0: {
      const diff = ['--- a/src/file.ts', '+++ b/src/file.ts', '@@ -10,12 +10,14 @@'];
      for (let i = 0; i < 30; i++) diff.push(`${pick([' ', ' ', '+', '-'])}  ${sentence(6)}`);
      return { ...base, toolName: 'edit_file', displayName: 'Edit File', state: 'success', params: { path: `src/module${n}.ts` }, blocks: [{ type: 'diff', path: `src/module${n}.ts`, unifiedDiff: diff.join('\n'), added: 9, removed: 6, canOpen: true }] };
    }
    case 1:
      return {
        ...base, toolName: 'run_command', displayName: 'Run Command', state: n % 7 === 0 ? 'error' : 'success', params: { command: 'npm test' },
        blocks: [{ type: 'terminal', command: 'npm test', output: Array.from({ length: 50 }, (_, i) => `  ok ${i} ${sentence(5)}`).join('\n'), exitCode: n % 7 === 0 ? 1 : 0 }],
      };
    default:
      return { ...base, toolName: 'list_files', displayName: 'List Files', state: 'success', params: { path: 'src' }, blocks: [{ type: 'file_list', files: Array.from({ length: 20 }, (_, i) => `src/dir${i}/file${n}.ts`) }] };
  }
}

/** The conversation's live end: a running write_file card and a streaming answer, which the updates target. */
export function withLiveEnd(snapshot: ChatSnapshot): ChatSnapshot {
  return {
    ...snapshot,
    items: [
      ...snapshot.items,
      { kind: 'tool', id: 'live-call', status: liveWrite(0) },
      { kind: 'assistant', id: 'live-reply', text: 'Streaming ', ts: 0, streaming: true },
    ],
  };
}

export function liveWrite(lines: number): ToolCardStatus {
  const content = Array.from({ length: lines }, (_, i) => `export const line${i} = ${i}; // generated`).join('\n');
  return { callId: 'live-call', toolName: 'write_file', displayName: 'Write File', state: 'waiting', partial: true, params: { path: 'src/generated.ts', content }, blocks: [], startTime: 0 };
}
