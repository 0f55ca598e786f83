import * as vscode from 'vscode';
import type { RelayApi } from '../../src/extension';

export const EXTENSION_ID = 'relay-dev.relay';

export async function activateRelay(): Promise<RelayApi> {
  const ext = vscode.extensions.getExtension<RelayApi>(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not installed in this host`);
  return ext.isActive ? ext.exports : ext.activate();
}

/** Polls until `probe` returns a truthy value; the message names what was awaited when it times out. */
export async function waitFor<T>(probe: () => T | undefined | false, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
