import * as vscode from 'vscode';
import { PROTOCOL_VERSION, type HostToWebview, type InitialState, type WebviewToHost } from '../shared/protocol';
import { loadRuntime } from './lazy-runtime';
import { renderWebviewHtml } from './webview-html';

export const CHAT_VIEW_ID = 'relay.chat';

/** Hosts the chat webview: serves its HTML, validates what it sends, and answers `ready` with the initial state. */
export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly onMessageEmitter = new vscode.EventEmitter<WebviewToHost>();
  /** Validated messages from the webview, after the provider has handled the protocol ones. */
  readonly onMessage = this.onMessageEmitter.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      this.onMessageEmitter,
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.post({ type: 'trustChanged', trusted: true })),
    );
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.context.extensionUri, 'dist')],
    };
    view.webview.html = renderWebviewHtml(view.webview, this.context.extensionUri);
    this.disposables.push(
      view.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      view.onDidDispose(() => {
        if (this.view === view) this.view = undefined;
      }),
    );
  }

  get isVisible(): boolean {
    return this.view?.visible ?? false;
  }

  post(message: HostToWebview): void {
    void this.view?.webview.postMessage(message);
  }

  private receive(raw: unknown): void {
    const parsed = loadRuntime().parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.log.warn(parsed.error);
      return;
    }
    const message = parsed.message;
    if (message.type === 'ready') {
      if (message.protocolVersion !== PROTOCOL_VERSION) {
        this.log.warn(`webview speaks protocol ${message.protocolVersion}, host ${PROTOCOL_VERSION}`);
      }
      this.post({ type: 'init', state: this.initialState() });
    }
    this.onMessageEmitter.fire(message);
  }

  private initialState(): InitialState {
    return {
      protocolVersion: PROTOCOL_VERSION,
      extensionVersion: String(this.context.extension.packageJSON.version ?? '0.0.0'),
      vscodeVersion: vscode.version,
      workspaceName: vscode.workspace.name,
      trusted: vscode.workspace.isTrusted,
    };
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
