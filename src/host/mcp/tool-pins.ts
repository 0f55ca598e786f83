// Where pinned tool definitions live: VS Code's global state (never the workspace, which the server's own
// repository could write), one key per server identity and confirmed configuration (`serverFingerprint`), so
// servers confirmed at once never overwrite each other's pins. The oldest pins go beyond a cap.
import type * as vscode from 'vscode';
import type { ToolPins } from '../../core/mcp/tool-pins';

const PREFIX = 'relay.mcp.toolPins.';
const MAX_SERVERS = 200;

interface Stored {
  at: number;
  tools: ToolPins;
}

export class ToolPinStore {
  constructor(private readonly state: vscode.Memento) {}

  get(fingerprint: string): ToolPins | undefined {
    return this.state.get<Stored>(PREFIX + fingerprint)?.tools;
  }

  async set(fingerprint: string, tools: ToolPins): Promise<void> {
    await this.state.update(PREFIX + fingerprint, { at: Date.now(), tools } satisfies Stored);
    const keys = this.state.keys().filter((k) => k.startsWith(PREFIX));
    if (keys.length <= MAX_SERVERS) return;
    const byAge = keys.map((k) => [k, this.state.get<Stored>(k)?.at ?? 0] as const).sort((a, b) => a[1] - b[1]);
    for (const [key] of byAge.slice(0, keys.length - MAX_SERVERS)) await this.state.update(key, undefined);
  }
}
