// Path mentions over the tools' own ports: a path is read only inside a workspace folder (".." and absolute
// paths name nothing), binary files are refused, and a folder is listed from the same file search find_files
// uses (so .gitignore and .relayignore hold here too). A path inside the folder can still be a link to a file or
// folder outside it (notes.md -> ~/.ssh/id_rsa): every path goes through the read policy read_file goes through
// (the host's approval service, which resolves the real path), and one it would ask about or refuse is not read.
import { isAbsolute, join, relative, sep } from 'node:path';
import type { FileSearch } from '../ports/file-search';
import type { PathKind, WorkspacePaths } from '../ports/mention-sources';
import type { WorkspaceFiles } from '../ports/workspace-files';
import { englishNumbers } from '../../shared/format-numbers';

/** Larger files are not read whole for a mention (the cap would keep only 100,000 characters of them anyway). */
export const MAX_MENTION_FILE_BYTES = 10 * 1024 * 1024;

/**
 * What read_file's path policy says of reading `absolute` without asking (real path resolved, outside the
 * workspace, sensitive files): undefined when it may be read, else why not, for the chip and the model.
 */
export type ReadPolicy = (absolute: string) => Promise<string | undefined>;

export class WorkspaceMentionPaths implements WorkspacePaths {
  constructor(
    private readonly files: WorkspaceFiles,
    private readonly search: FileSearch,
    private readonly policy: ReadPolicy,
    private readonly signal: AbortSignal = new AbortController().signal,
  ) {}

  /** The absolute path of a workspace-relative one, in the first folder that has it; undefined when it escapes. */
  private async locate(path: string): Promise<{ absolute: string; kind: PathKind; size: number } | undefined> {
    if (!path || isAbsolute(path) || path.split(/[\\/]/).includes('..')) return undefined;
    for (const root of this.files.roots) {
      const absolute = join(root, path);
      const inside = relative(root, absolute);
      if (inside.startsWith('..') || isAbsolute(inside)) continue;
      const stat = await this.files.stat(absolute);
      if (stat?.type !== 'file' && stat?.type !== 'directory') continue;
      // Before its size or its text is looked at: a link out of the workspace shows neither.
      const refused = await this.policy(absolute);
      if (refused !== undefined) throw new Error(refused);
      return stat.type === 'file' ? { absolute, kind: 'file', size: stat.size } : { absolute, kind: 'folder', size: 0 };
    }
    return undefined;
  }

  async kind(path: string): Promise<PathKind | undefined> {
    return (await this.locate(path))?.kind;
  }

  async readText(path: string): Promise<string> {
    const found = await this.locate(path);
    if (found?.kind !== 'file') throw new Error('not a file in the workspace');
    if (found.size > MAX_MENTION_FILE_BYTES) {
      throw new Error(`the file is ${englishNumbers.size(found.size)}; the model can read parts of it with read_file`);
    }
    const head = await this.files.readBytes(found.absolute, 8_000);
    if (head.includes(0)) throw new Error('it is a binary file');
    return this.files.readText(found.absolute);
  }

  async listTree(path: string, limit: number): Promise<{ entries: string[]; truncated: boolean }> {
    const found = await this.locate(path);
    if (found?.kind !== 'folder') throw new Error('not a folder in the workspace');
    const result = await this.search.findFiles({ cwd: found.absolute, glob: '**/*', limit }, this.signal);
    const files = result.files.map((f) => f.split(sep).join('/'));
    return { entries: treeOrder(files).slice(0, limit), truncated: result.truncated };
  }
}

/** Files with their folders, depth-first: each folder ("a/") right before what it holds, names sorted. */
export function treeOrder(files: readonly string[]): string[] {
  const entries = new Set<string>();
  for (const file of files) {
    for (let i = file.indexOf('/'); i >= 0; i = file.indexOf('/', i + 1)) entries.add(file.slice(0, i + 1));
    entries.add(file);
  }
  // Compare segment by segment so "a/" sorts before "a-b" and "a/x" stays under "a/".
  return [...entries].sort((a, b) => {
    const as = a.split('/');
    const bs = b.split('/');
    for (let i = 0; i < Math.min(as.length, bs.length); i++) {
      if (as[i] !== bs[i]) {
        // An empty last segment marks the folder itself: it comes before its contents.
        if (as[i] === '') return -1;
        if (bs[i] === '') return 1;
        return as[i]! < bs[i]! ? -1 : 1;
      }
    }
    return as.length - bs.length;
  });
}
