// The VS Code side of notice-slot.ts: a notice is a progress notification, the one kind an extension can withdraw.
// A result shows its bar full (nothing is under way); work in progress shows the running bar.
import * as vscode from 'vscode';
import { NoticeSlot } from './notice-slot';

export { NoticeSlot } from './notice-slot';

/** A slot whose notices are VS Code progress notifications; a result stays up for `ttlMs` unless replaced. */
export function notificationSlot(ttlMs = 10_000): NoticeSlot {
  return new NoticeSlot((text, gone, finished) => {
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: text }, (progress) => {
      if (finished) progress.report({ increment: 100 });
      return gone;
    });
  }, ttlMs);
}
