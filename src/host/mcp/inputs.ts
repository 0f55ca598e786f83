// The answers to a server's `${input:…}` variables, asked once and kept in SecretStorage. A user server's answers
// are shared by every user server that names the same input (as before); a workspace server's are kept apart per
// configuration file, so a repository's mcp.json cannot name the id of an input the user gave their own server
// (a token, say) and have it sent, unasked, to a server of its choosing. No runtime `vscode` import: unit-tested.
import { isAbsolute } from 'node:path';
import type * as vscode from 'vscode';
import type { McpInputDefinition, McpServerConfig } from '../../core/mcp/config';
import { inputIdsOf } from '../../core/mcp/variables';

/** Asks for one input; undefined when the user dismissed it. */
export type InputAsker = (definition: McpInputDefinition) => Promise<string | undefined>;

const SECRET_PREFIX = 'relay.mcp.input.';

/**
 * Where an input's answer is kept for `server`. `workspaceFile` names the workspace whose settings hold a server
 * configured in `relay.mcpServers` (its source is not a file path then).
 */
export function inputSecretName(server: Pick<McpServerConfig, 'origin' | 'source'>, id: string, workspaceFile?: string): string {
  if (server.origin === 'user') return SECRET_PREFIX + id;
  const file = isAbsolute(server.source) ? server.source : `${workspaceFile ?? ''}#${server.source}`;
  return `${SECRET_PREFIX}workspace:${JSON.stringify([file, id])}`;
}

export class McpInputs {
  constructor(
    private readonly secrets: Pick<vscode.SecretStorage, 'get' | 'store' | 'delete'>,
    private readonly ask: InputAsker,
    private readonly workspaceFile: () => string | undefined = () => undefined,
  ) {}

  /** The answers a server needs: stored ones, else asked once and stored. Throws when the user declines. */
  async resolve(server: McpServerConfig, definitions: readonly McpInputDefinition[]): Promise<Record<string, string>> {
    const answers: Record<string, string> = {};
    for (const id of inputIdsOf(server)) {
      const name = inputSecretName(server, id, this.workspaceFile());
      const stored = await this.secrets.get(name);
      if (stored !== undefined) {
        answers[id] = stored;
        continue;
      }
      const definition = definitions.find((d) => d.id === id) ?? { id, type: 'promptString' as const };
      const value = await this.ask(definition);
      if (value === undefined) throw new Error(`the input "${id}" was not given`);
      await this.secrets.store(name, value);
      answers[id] = value;
    }
    return answers;
  }

  async forget(server: McpServerConfig): Promise<void> {
    for (const id of inputIdsOf(server)) await this.secrets.delete(inputSecretName(server, id, this.workspaceFile()));
  }
}
