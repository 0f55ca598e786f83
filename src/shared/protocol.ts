// The message protocol between the extension host and the chat webview. This file holds types and
// constants only, so the webview bundle carries no validator; the host validates with protocol-schema.ts.
export type { WebviewToHost } from './protocol-schema';

export const PROTOCOL_VERSION = 1;

/** What the webview needs to draw itself from nothing (first load, reload, re-show). */
export interface InitialState {
  protocolVersion: number;
  extensionVersion: string;
  vscodeVersion: string;
  workspaceName: string | undefined;
  trusted: boolean;
}

export type HostToWebview =
  | { type: 'init'; state: InitialState }
  | { type: 'newTask' }
  | { type: 'trustChanged'; trusted: boolean }
  | { type: 'error'; message: string };
