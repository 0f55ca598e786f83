// The workspace's own instructions for agents, read fresh when a task starts: the common files peers and users
// already keep (AGENTS.md first). The system prompt caps their size. No `vscode`: roots come from the caller.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WorkspaceRules } from '../../core/agent';
import { MAX_CUSTOMIZATION_BYTES } from './limits';

export const RULES_FILES = ['AGENTS.md', '.relay/rules.md', 'CLAUDE.md', '.github/copilot-instructions.md'] as const;

/** Larger files are not read at all: an instructions file is a page, not a data dump. */
const MAX_FILE_BYTES = MAX_CUSTOMIZATION_BYTES;

export async function readWorkspaceRules(roots: readonly string[], multiRoot = roots.length > 1): Promise<WorkspaceRules[]> {
  const found: WorkspaceRules[] = [];
  for (const root of roots) {
    for (const name of RULES_FILES) {
      const text = await readSmallText(join(root, name));
      if (text?.trim()) found.push({ source: multiRoot ? join(root, name) : name, text });
    }
  }
  return found;
}

async function readSmallText(path: string): Promise<string | undefined> {
  try {
    const buffer = await readFile(path);
    return buffer.byteLength > MAX_FILE_BYTES ? undefined : buffer.toString('utf8');
  } catch {
    return undefined; // absent or unreadable: no rules from it
  }
}
