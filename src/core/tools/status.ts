// Status merging for the UI channel (tool-system.md §2, behaviours 1-5). The UI receives the whole merged
// state of a call on every update, so it never stitches partial updates together.
import { normalizeDisplayBlocks } from './display';
import type {
  HookNote,
  TerminalStatusKind,
  ToolCallState,
  ToolCallStatus,
  ToolStatusKind,
  ToolStatusOptions,
} from './status-types';

export interface StatusIdentity {
  toolName: string;
  displayName: string;
}

/** Runtime-owned fields: tools never set them, the scheduler does. */
export interface RuntimeStatusFields {
  state?: ToolCallState;
  partial?: boolean;
  /** Replaces the call's hook notes. */
  hooks?: HookNote[];
}

export function isTerminalStatus(status: ToolStatusKind): status is TerminalStatusKind {
  return status === 'SUCCESS' || status === 'ERROR' || status === 'CANCELLED';
}

const STATE_FOR_TERMINAL: Record<TerminalStatusKind, ToolCallState> = {
  SUCCESS: 'success',
  ERROR: 'error',
  CANCELLED: 'cancelled',
};

export class ToolStatusMerger {
  private readonly cache = new Map<string, ToolCallStatus>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Applies one `sendToolStatus` and returns the full merged status to send to the UI. */
  send(
    callId: string,
    identity: StatusIdentity,
    status: ToolStatusKind,
    options: ToolStatusOptions = {},
    runtime: RuntimeStatusFields = {},
  ): ToolCallStatus {
    const previous = this.cache.get(callId);
    // Behaviour 1: WAIT or a new callId starts afresh; runtime-owned fields survive the reset.
    const base: ToolCallStatus =
      status === 'WAIT' || !previous
        ? {
            callId,
            toolName: identity.toolName,
            displayName: identity.displayName,
            status,
            state: previous?.state ?? (status === 'WAIT' ? 'validating' : 'executing'),
            partial: previous?.partial ?? false,
            blocks: [],
            ...(previous?.hooks ? { hooks: previous.hooks } : {}),
            startTime: this.now(),
          }
        : previous;
    const merged: ToolCallStatus = { ...base, status, blocks: [...base.blocks] };
    // Behaviour 2: params and metadata merge shallowly; showTip, result, error and blocks replace.
    if (options.params) merged.params = { ...base.params, ...options.params };
    if (options.metadata) merged.metadata = { ...base.metadata, ...options.metadata };
    if ('showTip' in options) merged.showTip = options.showTip;
    if ('result' in options) merged.result = options.result;
    if ('error' in options) merged.error = options.error;
    if ('errorType' in options) merged.errorType = options.errorType;
    if (options.blocks) merged.blocks = normalizeDisplayBlocks(options.blocks);
    if (runtime.state) merged.state = runtime.state;
    if (runtime.partial !== undefined) merged.partial = runtime.partial;
    if (runtime.hooks) merged.hooks = [...runtime.hooks];

    if (isTerminalStatus(status)) {
      // Behaviour 3: a terminal status is complete, carries its timing, and clears the cache.
      const endTime = this.now();
      merged.state = STATE_FOR_TERMINAL[status];
      merged.partial = false;
      merged.endTime = endTime;
      merged.duration = endTime - merged.startTime;
      this.cache.delete(callId);
      return copyStatus(merged);
    }
    this.cache.set(callId, merged);
    return copyStatus(merged);
  }

  /** Changes runtime-owned fields (lifecycle state) without the WAIT reset; undefined when nothing is cached. */
  patch(callId: string, runtime: RuntimeStatusFields, status?: ToolStatusKind): ToolCallStatus | undefined {
    const previous = this.cache.get(callId);
    if (!previous) return undefined;
    const merged: ToolCallStatus = { ...previous, blocks: [...previous.blocks] };
    if (runtime.state) merged.state = runtime.state;
    if (runtime.partial !== undefined) merged.partial = runtime.partial;
    if (runtime.hooks) merged.hooks = [...runtime.hooks];
    if (status && !isTerminalStatus(status)) merged.status = status;
    this.cache.set(callId, merged);
    return copyStatus(merged);
  }

  current(callId: string): ToolCallStatus | undefined {
    const status = this.cache.get(callId);
    return status && copyStatus(status);
  }

  get size(): number {
    return this.cache.size;
  }
}

/** Consumers get their own copy, so a UI that mutates what it received cannot corrupt the cache. */
function copyStatus(status: ToolCallStatus): ToolCallStatus {
  return { ...status, blocks: [...status.blocks], ...(status.hooks ? { hooks: [...status.hooks] } : {}) };
}
