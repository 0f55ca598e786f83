// A text Relay shows for reading (Show Customizations' report, the prompt another extension asks a task to run):
// a document of its own scheme, so closing it asks nothing (an untitled document given content is dirty, and
// closing it asked to save a file nobody wrote), and showing it again replaces its text.
import * as vscode from 'vscode';

export class ReadOnlyReport implements vscode.TextDocumentContentProvider {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly texts = new Map<string, string>();
  private registered = false;

  constructor(private readonly scheme: string) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }

  /** The report's URI with its text now (the provider registered on first use, for the window's life); `name` is the tab's title. */
  uri(name: string, text: string): vscode.Uri {
    if (!this.registered) {
      this.registered = true;
      vscode.workspace.registerTextDocumentContentProvider(this.scheme, this);
    }
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${name}` });
    this.texts.set(uri.path, text);
    this.changed.fire(uri);
    return uri;
  }

  /** Opens the report in a preview editor. */
  async show(name: string, text: string): Promise<void> {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(this.uri(name, text)), { preview: true });
  }
}
