// Which items of the chat still ask something of the person, derived from the one snapshot both sides keep, so
// the header, the cards, the banners and the composer never say two things at once. Pure: no vscode, no DOM.
import type { ChatItem, ChatSnapshot, ToolCardStatus } from './chat-model';

type Snapshot = Pick<ChatSnapshot, 'task' | 'items'>;

/**
 * The error banner whose attempt is still the latest: the last item (notices aside) of a task that is not running. Any later
 * attempt (Retry, a new message, the model's next output) resolves it, and only the live one offers buttons.
 */
export function liveErrorId(snapshot: Snapshot): string | undefined {
  if (snapshot.task?.running) return undefined;
  // A notice after it (a restore, a warning) is no new attempt.
  for (let i = snapshot.items.length - 1; i >= 0; i--) {
    const item = snapshot.items[i]!;
    if (item.kind !== 'notice') return item.kind === 'error' ? item.id : undefined;
  }
  return undefined;
}

/**
 * The tool card whose approval question is open. A batch's calls are approved one after another (tool-system.md,
 * behaviour 21) and an allowed call stays `awaiting_approval` until its turn to run, so in the running task's last
 * turn the latest card in that state is the one being asked about; the earlier ones are queued.
 */
export function openApprovalId(snapshot: Snapshot): string | undefined {
  if (!snapshot.task?.running) return undefined;
  for (const item of lastTurn(snapshot.items)) {
    if (item.kind === 'tool' && item.status.state === 'awaiting_approval') return item.id;
  }
  return undefined;
}

/** The card of a question (ask_followup_question) that is waiting for the person's answer, if any. */
export function openQuestionId(snapshot: Snapshot): string | undefined {
  if (!snapshot.task?.running) return undefined;
  for (const item of lastTurn(snapshot.items)) {
    if (item.kind === 'tool' && waitsForAnswer(item.status)) return item.id;
  }
  return undefined;
}

export function waitsForAnswer(status: ToolCardStatus): boolean {
  if (status.state !== 'running' && status.state !== 'waiting') return false;
  return status.blocks.some((b) => b?.type === 'question' && typeof (b as { answered?: unknown }).answered !== 'string');
}

/**
 * What a card says about itself. `queued`: allowed (or not yet asked), waiting for its turn; `blocked`: a hook
 * refused it (or stopped the task) before it ran.
 */
export type CardPhase = 'waiting' | 'queued' | 'awaiting_approval' | 'needs_answer' | 'running' | 'done' | 'failed' | 'denied' | 'blocked' | 'cancelled';

export function cardPhase(status: ToolCardStatus, approvalOpen: boolean): CardPhase {
  switch (status.state) {
    case 'awaiting_approval':
      return approvalOpen ? 'awaiting_approval' : 'queued';
    case 'running':
    case 'waiting':
      return waitsForAnswer(status) ? 'needs_answer' : status.state;
    case 'success':
      return 'done';
    case 'error':
      if (status.denied) return 'denied';
      // Refused before it ran by a hook: its own end state, not a failure of the call ("Failed 44 ms").
      return status.hooks?.some((n) => n.kind === 'blocked' || n.kind === 'stopped') ? 'blocked' : 'failed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'waiting';
  }
}

/**
 * The cards whose file changes a restore took back, so they can say so: restoring to a card takes back that card
 * and the later ones, restoring to a message the cards after it. Undoing a restore (restoring to its notice)
 * brings back what that restore took.
 */
export function revertedCardIds(items: readonly ChatItem[]): Set<string> {
  const reverted = new Set<string>();
  const byRestore = new Map<string, string[]>();
  const at = new Map(items.map((item, i) => [item.id, i]));
  items.forEach((item, i) => {
    if (item.kind !== 'notice' || item.restoredTo === undefined) return;
    const from = at.get(item.restoredTo);
    if (from === undefined) return;
    const target = items[from]!;
    if (target.kind === 'notice' && byRestore.has(target.id)) {
      for (const id of byRestore.get(target.id)!) reverted.delete(id);
      return;
    }
    const taken: string[] = [];
    for (let j = target.kind === 'tool' ? from : from + 1; j < i; j++) {
      const card = items[j]!;
      if (card.kind === 'tool' && card.checkpointId !== undefined && !reverted.has(card.id)) taken.push(card.id);
    }
    for (const id of taken) reverted.add(id);
    byRestore.set(item.id, taken);
  });
  return reverted;
}

/** The items after the person's last message, newest first (approvals and questions belong to the latest turn). */
function* lastTurn(items: readonly ChatItem[]): Generator<ChatItem> {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind === 'user') return;
    yield item;
  }
}
