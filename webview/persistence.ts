// Keeps a trimmed copy of the chat in VS Code's webview state, so a webview that was hidden (and torn down) or
// reloaded draws the conversation at once instead of an empty panel; the host's `init` then replaces it.
// Trimmed because setState serialises synchronously: the newest items, long texts cut.
import type { ChatItem, ChatSnapshot, DisplayBlock } from '../src/shared/chat-model';
import type { InitialState } from '../src/shared/protocol';
import type { VsCodeApi } from './vscode-api';

const VERSION = 1;
const MAX_ITEMS = 150;
const MAX_TEXT = 20_000;
const MAX_BLOCK_TEXT = 8_000;

export interface PersistedChat {
  version: typeof VERSION;
  initial: InitialState | undefined;
  snapshot: ChatSnapshot;
  draft: string;
}

export function loadPersisted(api: VsCodeApi): PersistedChat | undefined {
  let saved: unknown;
  try {
    saved = api.getState();
  } catch {
    return undefined;
  }
  const candidate = saved as Partial<PersistedChat> | undefined;
  if (!candidate || candidate.version !== VERSION || !candidate.snapshot || !Array.isArray(candidate.snapshot.items)) return undefined;
  return { version: VERSION, initial: candidate.initial, snapshot: candidate.snapshot, draft: typeof candidate.draft === 'string' ? candidate.draft : '' };
}

export function persistable(snapshot: ChatSnapshot, initial: InitialState | undefined, draft: string): PersistedChat {
  return {
    version: VERSION,
    initial,
    snapshot: { task: snapshot.task, settings: snapshot.settings, items: snapshot.items.slice(-MAX_ITEMS).map(trimItem) },
    draft: draft.slice(0, MAX_TEXT),
  };
}

function trimItem(item: ChatItem): ChatItem {
  switch (item.kind) {
    case 'assistant':
    case 'thinking':
    case 'user':
      return item.text.length > MAX_TEXT ? { ...item, text: `${item.text.slice(0, MAX_TEXT)}\n\n… (shortened; the full text returns when Relay reconnects)` } : item;
    case 'tool': {
      // The card shows short parameters (a path, a command); long ones only while the call forms.
      const { params, result: _result, ...status } = item.status;
      const shortParams = Object.fromEntries(Object.entries(params ?? {}).filter(([, v]) => typeof v !== 'string' || v.length <= 200));
      return { ...item, status: { ...status, params: shortParams, blocks: status.blocks.map(trimBlock) } };
    }
    default:
      return item;
  }
}

function trimBlock(block: DisplayBlock): DisplayBlock {
  const trimmed: Record<string, unknown> = { ...block };
  for (const [key, value] of Object.entries(trimmed)) {
    if (typeof value !== 'string' || value.length <= MAX_BLOCK_TEXT) continue;
    // Terminal output: the tail matters; everything else: the head.
    trimmed[key] = key === 'output' ? value.slice(-MAX_BLOCK_TEXT) : value.slice(0, MAX_BLOCK_TEXT);
  }
  return trimmed as DisplayBlock;
}

/** Saves at most once per `delayMs`; `flush` saves now (the page is going away). */
export class StateSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  constructor(
    private readonly api: VsCodeApi,
    private readonly collect: () => PersistedChat,
    private readonly delayMs: number,
  ) {}

  schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    try {
      this.api.setState(this.collect());
    } catch {
      // A state VS Code refuses to store only costs the instant restore; the host's init still arrives.
    }
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
