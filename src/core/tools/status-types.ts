// The UI channel's vocabulary (tool-system.md §2): statuses, lifecycle states and display blocks.
// Types only, no runtime code, so the host protocol and the webview can import them type-only.
import type { ToolErrorType } from './errors';

/** What a tool reports on the UI channel; the runtime adds CANCELLED. */
export type ToolStatusKind = 'WAIT' | 'DOING' | 'SUCCESS' | 'ERROR' | 'CANCELLED';

/** Statuses after which a call's status cache is cleared (behaviour 3). */
export type TerminalStatusKind = 'SUCCESS' | 'ERROR' | 'CANCELLED';

/**
 * Lifecycle of one call (behaviour 22), owned by the runtime. `streaming` precedes the spec's states while
 * the model is still sending the arguments.
 */
export type ToolCallState =
  | 'streaming'
  | 'validating'
  | 'scheduled'
  | 'awaiting_approval'
  | 'executing'
  | 'success'
  | 'error'
  | 'cancelled';

export type TodoStatus = 'pending' | 'in_progress' | 'done';

/** Display blocks a card knows how to draw (mirrors src/shared/chat-model.ts). */
export type KnownDisplayBlock =
  | { type: 'text'; text: string }
  | { type: 'diff'; path: string; unifiedDiff: string; added: number; removed: number; canOpen: boolean }
  | { type: 'terminal'; command: string; output: string; exitCode?: number; truncated?: boolean }
  | { type: 'file_list'; files: string[]; truncated?: boolean }
  | { type: 'todo'; items: { text: string; status: TodoStatus }[] }
  | { type: 'question'; question: string; options?: string[]; answered?: string }
  /** A picture the tool made (check_page's screenshot): base64, drawn from a data: URI, which the webview's CSP allows. */
  | { type: 'image'; mediaType: 'image/jpeg' | 'image/png'; data: string; width: number; height: number; alt: string };

/** Any other `type` is kept and drawn as a generic block (behaviour 5). */
export type UnknownDisplayBlock = { type: string; [key: string]: unknown };

export type DisplayBlock = KnownDisplayBlock | UnknownDisplayBlock;

/** What a hook did to a call, for its card (src/core/tools/call-hooks.ts); `text` is in the display language. */
export interface HookNote {
  kind: 'blocked' | 'asked' | 'allowed' | 'input-changed' | 'context-added' | 'failed' | 'stopped';
  text: string;
}

/** What a tool sends with `sendToolStatus`. `params`/`metadata` merge shallowly; the rest replace (behaviour 2). */
export interface ToolStatusOptions {
  /** One line for people, e.g. "Reading src/index.ts". */
  showTip?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: string;
  errorType?: ToolErrorType;
  metadata?: Record<string, unknown>;
  /** The full current set of blocks; replaces the previous set. */
  blocks?: readonly DisplayBlock[];
}

/** The full merged state of one call: every update the UI receives is one of these, whole (behaviour 4). */
export interface ToolCallStatus {
  callId: string;
  toolName: string;
  displayName: string;
  status: ToolStatusKind;
  /** The runtime's lifecycle state, e.g. `awaiting_approval` while a modal is open. */
  state: ToolCallState;
  /** Parameters are still streaming from the model. */
  partial: boolean;
  showTip?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: string;
  errorType?: ToolErrorType;
  metadata?: Record<string, unknown>;
  blocks: DisplayBlock[];
  /** What hooks did to this call (runtime-owned: tools never set it). */
  hooks?: HookNote[];
  startTime: number;
  endTime?: number;
  /** Milliseconds from `startTime` to `endTime`. */
  duration?: number;
}
