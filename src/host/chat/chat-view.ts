import * as vscode from 'vscode';
import type { ChatDelta, ChatSnapshot } from '../../shared/chat-model';
import { ChatState } from '../../shared/chat-reducer';
import { CoalescingOutbox } from '../../shared/coalescing-outbox';
import { PROTOCOL_VERSION, type HostToWebview, type InitialState, type WebviewToHost } from '../../shared/protocol';
import type { ParsedWebviewMessage } from '../../shared/protocol-schema';
import type { WebviewStrings } from '../../shared/webview-strings';
import { renderWebviewHtml } from './webview-html';

export const CHAT_VIEW_ID = 'relay.chat';

/**
 * What the chat needs from the runtime bundle (the validators and the string table): handed in by activation,
 * which loads that bundle only when the first message arrives or a webview asks for its strings.
 */
export interface ChatCodec {
  parseWebviewMessage(raw: unknown): ParsedWebviewMessage;
  localizedWebviewStrings(warn: (message: string) => void): WebviewStrings;
}

/**
 * Hosts the chat webview. The agent side calls `publish(delta)`; the provider keeps the current snapshot by
 * applying the same reducer as the webview, sends the whole snapshot only when a webview (re)loads and says
 * `ready`, and otherwise coalesces deltas into at most one `batch` per frame. Messages from the webview are
 * validated, then fired on `onMessage` as intents (links and clipboard are handled here).
 */
export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private viewDisposables: vscode.Disposable[] = [];
  /** Whether the webview now loaded has received `init`: batches before it would apply to a stale state. */
  private webviewReady = false;
  /** The webview's page has said `ready` since it was last shown: only then does a one-off message reach it. */
  private loaded = false;
  private pendingForReady: HostToWebview[] = [];
  private readonly state = new ChatState();
  private readonly outbox = new CoalescingOutbox((deltas) => this.post({ type: 'batch', deltas }));
  private readonly disposables: vscode.Disposable[] = [];
  private readonly onMessageEmitter = new vscode.EventEmitter<WebviewToHost>();
  /** Validated intents from the webview (and `ready`), after the provider handled `openLink` and `copyText`. */
  readonly onMessage = this.onMessageEmitter.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly codec: () => ChatCodec,
  ) {
    this.disposables.push(
      this.onMessageEmitter,
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.publish({ type: 'trustChanged', trusted: true })),
    );
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.detachView();
    this.view = view;
    view.webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.context.extensionUri, 'dist')],
    };
    view.webview.html = renderWebviewHtml(view.webview, this.context.extensionUri);
    this.viewDisposables.push(
      view.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      // Hidden, a webview is torn down (retainContextWhenHidden is off) and says `ready` again when shown; the
      // init sent on showing covers a retained one too (a second init only redraws).
      view.onDidChangeVisibility(() => {
        if (view.visible) this.sendInit();
        else this.stopStreaming();
      }),
      view.onDidDispose(() => {
        if (this.view === view) this.detachView();
      }),
    );
  }

  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  /**
   * Shown and its page loaded. A view shown again reloads its page (retainContextWhenHidden is off) and is visible
   * before the page listens: a one-off message posted then is lost, so callers fall back to the host until this holds.
   */
  get isLoaded(): boolean {
    return this.loaded && this.isVisible;
  }

  /** The host's copy of what the chat shows. Read-only: change it with `publish`. */
  get snapshot(): ChatSnapshot {
    return this.state.snapshot;
  }

  /**
   * The agent side reports here. The snapshot changes at once; the webview gets the delta within a frame.
   * Published objects are kept by reference: do not change them afterwards, publish a new delta instead.
   */
  publish(delta: ChatDelta): void {
    if (!this.state.apply(delta)) return;
    if (this.webviewReady) this.outbox.enqueue(delta);
  }

  /** Fires an intent as if the webview had sent it, for commands that mirror a chat button (e.g. Cancel Task). */
  submitIntent(intent: WebviewToHost): void {
    this.onMessageEmitter.fire(intent);
  }

  post(message: HostToWebview): void {
    void this.view?.webview.postMessage(message);
  }

  /**
   * Posts now when the webview has loaded, else right after its `init`: a view just opened by a command is not
   * resolved yet when the focus command returns, and a message posted then would be lost.
   */
  postWhenReady(message: HostToWebview): void {
    if (this.isLoaded) this.post(message);
    else this.pendingForReady.push(message);
  }

  private receive(raw: unknown): void {
    const parsed = this.codec().parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.log.warn(parsed.error);
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case 'ready':
        if (message.protocolVersion !== PROTOCOL_VERSION) {
          this.log.warn(`webview speaks protocol ${message.protocolVersion}, host ${PROTOCOL_VERSION}`);
        }
        this.sendInit();
        this.loaded = true;
        for (const pending of this.pendingForReady.splice(0)) this.post(pending);
        break;
      case 'openLink':
        this.openLink(message.url);
        return;
      case 'copyText':
        void vscode.env.clipboard.writeText(message.text);
        return;
    }
    this.onMessageEmitter.fire(message);
  }

  /** Only http(s) leaves VS Code: a model-written link must not open files, commands or other schemes. */
  private openLink(url: string): void {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      this.log.warn('refused to open a link that is not an absolute URL');
      return;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      this.log.warn(`refused to open a ${parsed.protocol} link: only http and https links open`);
      return;
    }
    void vscode.env.openExternal(vscode.Uri.parse(parsed.href));
  }

  private sendInit(): void {
    // The snapshot already holds every queued delta: sending them too would apply them twice.
    this.outbox.discard();
    this.post({ type: 'init', state: this.initialState(), snapshot: this.state.snapshot });
    this.webviewReady = true;
  }

  private stopStreaming(): void {
    this.webviewReady = false;
    this.loaded = false;
    this.outbox.discard();
  }

  private detachView(): void {
    this.stopStreaming();
    for (const d of this.viewDisposables.splice(0)) d.dispose();
    this.view = undefined;
  }

  private initialState(): InitialState {
    return {
      protocolVersion: PROTOCOL_VERSION,
      extensionVersion: String(this.context.extension.packageJSON.version ?? '0.0.0'),
      vscodeVersion: vscode.version,
      workspaceName: vscode.workspace.name,
      trusted: vscode.workspace.isTrusted,
      strings: this.codec().localizedWebviewStrings((message) => this.log.warn(message)),
      language: vscode.env.language,
    };
  }

  dispose(): void {
    this.detachView();
    this.outbox.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
