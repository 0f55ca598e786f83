import type { HostToWebview, WebviewToHost } from '../src/shared/protocol';

interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** acquireVsCodeApi may be called once per page load; everything goes through this one handle. */
export const vscodeApi: VsCodeApi = acquireVsCodeApi();

export function onHostMessage(handler: (message: HostToWebview) => void): void {
  window.addEventListener('message', (event: MessageEvent<HostToWebview>) => handler(event.data));
}
