// A tree view's provider registered at activation that loads the real one (in the runtime bundle) only when the
// view first asks for its rows: the Tasks view never shows "no data provider", and a closed view loads nothing.
// No runtime imports here: this file is part of the activation bundle.
import * as vscode from 'vscode';

export class LazyTreeProvider<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<T | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private source: vscode.TreeDataProvider<T> | undefined;
  private subscription: vscode.Disposable | undefined;

  constructor(private readonly load: () => vscode.TreeDataProvider<T>) {}

  getChildren(element?: T): vscode.ProviderResult<T[]> {
    return this.provider().getChildren(element);
  }

  getTreeItem(element: T): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.provider().getTreeItem(element);
  }

  dispose(): void {
    this.subscription?.dispose();
    this.changed.dispose();
  }

  private provider(): vscode.TreeDataProvider<T> {
    if (!this.source) {
      this.source = this.load();
      this.subscription = this.source.onDidChangeTreeData?.((e) => this.changed.fire(e as T | undefined));
    }
    return this.source;
  }
}
