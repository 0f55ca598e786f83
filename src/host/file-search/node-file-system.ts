// The disk as the JavaScript search engine reads it (plain node:fs, no editor buffers: ripgrep reads the disk too).
import { open, readdir } from 'node:fs/promises';
import type { DirectoryEntry } from '../../core/ports/workspace-files';
import type { SearchFileSystem } from './walk';

export const nodeFileSystem: SearchFileSystem = {
  async list(directory: string): Promise<DirectoryEntry[]> {
    const entries = await readdir(directory, { withFileTypes: true });
    return entries.map((e) => ({
      name: e.name,
      type: e.isFile() ? 'file' : e.isDirectory() ? 'directory' : e.isSymbolicLink() ? 'symlink' : 'other',
    }));
  },

  async readBytes(path: string, maxBytes = Number.MAX_SAFE_INTEGER): Promise<Uint8Array> {
    const handle = await open(path, 'r');
    try {
      const size = (await handle.stat()).size;
      const buffer = Buffer.alloc(Math.min(size, maxBytes));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  },
};
