// The files a task touched, for glob and nested rules: paths in its tool calls' arguments (read_file, edit_file,
// write_file, list_files, apply_patch's file headers...) and mentioned in the user's messages (`@src/a.ts`), plus
// the names the user wrote after `@` (manual rules).
import { isAbsolute, resolve } from 'node:path';
import type { ChatMessage } from '../../model/provider';

const PATH_KEYS = new Set(['path', 'paths', 'file', 'files', 'filePath', 'file_path', 'target', 'directory', 'cwd']);
const PATCH_HEADERS = ['*** Update File: ', '*** Add File: ', '*** Delete File: ', '*** Move to: '];

export interface TouchedFiles {
  touched: string[];
  named: string[];
}

export function touchedFiles(history: readonly ChatMessage[], root: string | undefined): TouchedFiles {
  const touched = new Set<string>();
  const named = new Set<string>();
  const add = (value: string) => {
    const path = value.trim().replace(/:\d+(-\d+)?$/, '');
    if (path === '' || path.includes('\n')) return;
    touched.add(isAbsolute(path) || !root ? path : resolve(root, path));
  };
  for (const message of history) {
    for (const part of message.content) {
      if (part.type === 'tool_call') {
        collectArgs(part.args, add);
        if (typeof part.args.patch === 'string' || typeof part.args.input === 'string') collectPatch(String(part.args.patch ?? part.args.input), add);
      } else if (part.type === 'text' && message.role === 'user') {
        for (const word of part.text.split(/\s+/)) {
          if (word.length < 2 || !word.startsWith('@')) continue;
          const mention = word.slice(1).replace(/[.,;:!?)]+$/, '');
          named.add(mention);
          if (mention.includes('/') || mention.includes('.')) add(mention);
        }
      }
    }
  }
  return { touched: [...touched], named: [...named] };
}

function collectArgs(args: Record<string, unknown>, add: (path: string) => void): void {
  for (const [key, value] of Object.entries(args)) {
    if (!PATH_KEYS.has(key)) continue;
    if (typeof value === 'string') add(value);
    else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') add(item);
  }
}

function collectPatch(patch: string, add: (path: string) => void): void {
  for (const line of patch.split('\n')) {
    const header = PATCH_HEADERS.find((prefix) => line.startsWith(prefix));
    if (header) add(line.slice(header.length));
  }
}
