// The editor's entry points: the light bulb's Fix / Explain / Improve with Relay (their message goes through the
// task-entry door to a new task or the one on screen) and the inline edit (Ctrl+I: one model turn on the file, its
// proposal reviewed in place).
import type * as vscode from 'vscode';
import { codeActionHandlers } from '../code-actions/code-action-commands';
import { InlineEdits } from '../inline-edit/inline-edit';
import type { TaskEntry } from '../task-entry/task-entry';
import type { HostServices } from './host-services';
import type { RelayOverrides } from './host-inputs';

export interface EditorEntryPoints {
  handlers: ReturnType<typeof codeActionHandlers> & ReturnType<InlineEdits['handlers']>;
  /** The inline edits in progress, disposed with the host. */
  inlineEdits: vscode.Disposable;
}

export function editorEntryPoints(host: Pick<HostServices, 'models' | 'tools' | 'logger' | 'mentions'>, entry: TaskEntry, overrides: Pick<RelayOverrides, 'askInlineInstruction'>): EditorEntryPoints {
  const inlineEdits = new InlineEdits({
    provider: () => host.models.provider,
    reviewer: host.tools.services.reviewer,
    log: host.logger,
    ...(overrides.askInlineInstruction ? { ask: overrides.askInlineInstruction } : {}),
  });
  return {
    handlers: {
      ...inlineEdits.handlers(),
      ...codeActionHandlers({ start: (text) => entry.start(text), mentionOf: (uri, lines) => host.mentions.mentionOf(uri, lines) }),
    },
    inlineEdits,
  };
}
