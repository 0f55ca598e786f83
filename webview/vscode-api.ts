import type { WebviewToHost } from '../src/shared/protocol';

/** The handle a VS Code webview gets from acquireVsCodeApi(); tests pass a recording stub. */
export interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** acquireVsCodeApi may be called once per page load: main.ts calls this once and passes the handle on. */
export function acquireApi(): VsCodeApi {
  return acquireVsCodeApi();
}
