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

/** What one message adds, kept per message: history messages are never changed in place (history.ts replaces a message it extends), and every turn reads the whole history again. */
interface MessageFiles {
  root: string | undefined;
  touched: string[];
  named: string[];
}
const perMessage = new WeakMap<ChatMessage, MessageFiles>();

export function touchedFiles(history: readonly ChatMessage[], root: string | undefined): TouchedFiles {
  const touched = new Set<string>();
  const named = new Set<string>();
  for (const message of history) {
    let files = perMessage.get(message);
    if (!files || files.root !== root) {
      files = filesOf(message, root);
      perMessage.set(message, files);
    }
    for (const path of files.touched) touched.add(path);
    for (const name of files.named) named.add(name);
  }
  return { touched: [...touched], named: [...named] };
}

function filesOf(message: ChatMessage, root: string | undefined): MessageFiles {
  const touched: string[] = [];
  const named: string[] = [];
  const add = (value: string) => {
    const path = value.trim().replace(/:\d+(-\d+)?$/, '');
    if (path === '' || path.includes('\n')) return;
    touched.push(isAbsolute(path) || !root ? path : resolve(root, path));
  };
  for (const part of message.content) {
    if (part.type === 'tool_call') {
      collectArgs(part.args, add);
      if (typeof part.args.patch === 'string' || typeof part.args.input === 'string') collectPatch(String(part.args.patch ?? part.args.input), add);
    } else if (part.type === 'text' && message.role === 'user') {
      for (const word of part.text.split(/\s+/)) {
        if (word.length < 2 || !word.startsWith('@')) continue;
        const mention = word.slice(1).replace(/[.,;:!?)]+$/, '');
        named.push(mention);
        if (mention.includes('/') || mention.includes('.')) add(mention);
      }
    }
  }
  return { root, touched, named };
}

function collectArgs(args: Record<string, unknown>, add: (path: string) => void): void {
  for (const [key, value] of Object.entries(args)) {
    if (!PATH_KEYS.has(key)) continue;
    if (typeof value === 'string') add(value);
    else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') add(item);
  }
}

/** A patch's file headers, with the spaces around a marker line apply_patch tolerates (as Codex does). */
function collectPatch(patch: string, add: (path: string) => void): void {
  for (const raw of patch.split('\n')) {
    const line = raw.trim();
    const header = PATCH_HEADERS.find((prefix) => line.startsWith(prefix));
    if (header) add(line.slice(header.length));
  }
}
