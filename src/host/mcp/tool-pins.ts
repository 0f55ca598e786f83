// Where pinned tool definitions live: VS Code's global state (never the workspace, which the server's own
// repository could write), one key per server identity and confirmed configuration (`serverFingerprint`), so
// servers confirmed at once never overwrite each other's pins. Beyond a cap, the pins used longest ago go.
import type * as vscode from 'vscode';
import type { ToolPins } from '../../core/mcp/tool-pins';

const PREFIX = 'relay.mcp.toolPins.';
const MAX_SERVERS = 200;

interface Stored {
  at: number;
  tools: ToolPins;
}

export class ToolPinStore {
  constructor(
    private readonly state: Pick<vscode.Memento, 'get' | 'update' | 'keys'>,
    private readonly now: () => number = Date.now,
  ) {}

  get(fingerprint: string): ToolPins | undefined {
    return this.state.get<Stored>(PREFIX + fingerprint)?.tools;
  }

  /**
   * The pins a server's new list is compared with, marked as used: the cap forgets the pins used longest ago, never
   * those of a server still in use (its next list would be pinned unasked, a changed tool with it).
   */
  async use(fingerprint: string): Promise<ToolPins | undefined> {
    const stored = this.state.get<Stored>(PREFIX + fingerprint);
    if (stored) await this.state.update(PREFIX + fingerprint, { at: this.now(), tools: stored.tools } satisfies Stored);
    return stored?.tools;
  }

  async set(fingerprint: string, tools: ToolPins): Promise<void> {
    await this.state.update(PREFIX + fingerprint, { at: this.now(), tools } satisfies Stored);
    const keys = this.state.keys().filter((k) => k.startsWith(PREFIX));
    if (keys.length <= MAX_SERVERS) return;
    const byAge = keys.map((k) => [k, this.state.get<Stored>(k)?.at ?? 0] as const).sort((a, b) => a[1] - b[1]);
    for (const [key] of byAge.slice(0, keys.length - MAX_SERVERS)) await this.state.update(key, undefined);
  }
}
