// Mounts the real chat webview into a jsdom document with a recording VS Code API stub. Frames run at once, so
// a test sees the DOM of each step right after sending the host message.
import { JSDOM } from 'jsdom';
import { mountChat, type ChatApp } from '../../../webview/app';
import type { VsCodeApi } from '../../../webview/vscode-api';
import type { ChatDelta, ChatItem, ChatSnapshot, ToolCardStatus } from '../../../src/shared/chat-model';
import { PROTOCOL_VERSION, type InitialState, type WebviewToHost } from '../../../src/shared/protocol';

export interface Harness {
  window: Window & typeof globalThis;
  doc: Document;
  root: HTMLElement;
  app: ChatApp;
  posted: WebviewToHost[];
  savedState(): unknown;
  init(snapshot?: Partial<ChatSnapshot>, state?: Partial<InitialState>): void;
  batch(...deltas: ChatDelta[]): void;
  $(selector: string): HTMLElement | null;
  $$(selector: string): HTMLElement[];
  /** Messages posted since the last call, then forgets them. */
  takePosted(): WebviewToHost[];
  close(): void;
}

export const INITIAL_STATE: InitialState = {
  protocolVersion: PROTOCOL_VERSION,
  extensionVersion: '0.1.0',
  vscodeVersion: '1.139.1',
  workspaceName: 'sample',
  trusted: true,
};

/** `contentVisibilityEvents`: pretend to be a browser that reports chunks being shown (jsdom is not). */
export function mount(options: { savedState?: unknown; contentVisibilityEvents?: boolean } = {}): Harness {
  const dom = new JSDOM('<!DOCTYPE html><html><body><main id="app"></main></body></html>', { url: 'https://relay.test/', pretendToBeVisual: true });
  const window = dom.window as unknown as Window & typeof globalThis;
  const doc = window.document;
  if (options.contentVisibilityEvents) (window as unknown as Record<string, unknown>).ContentVisibilityAutoStateChangeEvent = function () {};
  let saved = options.savedState;
  const posted: WebviewToHost[] = [];
  const api: VsCodeApi = {
    postMessage: (message) => posted.push(JSON.parse(JSON.stringify(message)) as WebviewToHost),
    getState: () => saved,
    setState: (state) => {
      saved = JSON.parse(JSON.stringify(state));
    },
  };
  const root = doc.getElementById('app')!;
  const app = mountChat(root, api, { requestFrame: (callback) => callback(), saveDelayMs: 0 });
  let seen = 0;
  return {
    window,
    doc,
    root,
    app,
    posted,
    savedState: () => saved,
    init(snapshot = {}, state = {}) {
      app.receive({
        type: 'init',
        state: { ...INITIAL_STATE, ...state },
        snapshot: { task: undefined, items: [], settings: { mode: 'default', model: 'anthropic · claude-sonnet-4-5' }, ...snapshot },
      });
    },
    batch(...deltas) {
      app.receive({ type: 'batch', deltas });
    },
    $: (selector) => root.querySelector<HTMLElement>(selector),
    $$: (selector) => Array.from(root.querySelectorAll<HTMLElement>(selector)),
    takePosted() {
      const fresh = posted.slice(seen);
      seen = posted.length;
      return fresh;
    },
    close() {
      app.dispose();
      dom.window.close();
    },
  };
}

export function toolStatus(overrides: Partial<ToolCardStatus> = {}): ToolCardStatus {
  return {
    callId: 'call-1',
    toolName: 'write_file',
    displayName: 'Write File',
    state: 'waiting',
    partial: true,
    params: {},
    blocks: [],
    startTime: 1_000,
    ...overrides,
  };
}

export function assistant(id: string, text: string, streaming = false): ChatItem {
  return { kind: 'assistant', id, text, ts: 1, streaming };
}

export function user(id: string, text: string): ChatItem {
  return { kind: 'user', id, text, ts: 1 };
}

/** Dispatches a click the way a person's click arrives. */
export function click(node: Element | null): void {
  if (!node) throw new Error('nothing to click');
  (node as HTMLElement).click();
}

export function keydown(node: Element, key: string, init: KeyboardEventInit & { keyCode?: number } = {}): KeyboardEvent {
  const win = node.ownerDocument.defaultView!;
  const event = new win.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  if (init.keyCode !== undefined) Object.defineProperty(event, 'keyCode', { value: init.keyCode });
  node.dispatchEvent(event);
  return event;
}

export function type(input: HTMLTextAreaElement | HTMLInputElement, text: string): void {
  input.value = text;
  input.dispatchEvent(new (input.ownerDocument.defaultView!.Event)('input', { bubbles: true }));
}
