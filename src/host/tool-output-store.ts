// Behaviour 25: the full text of a truncated tool output, saved under the extension's storage so the model can
// read any part of it with read_file (the permission facts list this folder as readable without asking).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outputFileName, type OutputStore, type SavedOutputInfo } from '../core/tools/output-store';

export class FileOutputStore implements OutputStore {
  constructor(readonly directory: string) {}

  async save(output: string, info: SavedOutputInfo): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    const path = join(this.directory, outputFileName(info));
    await writeFile(path, output, 'utf8');
    return path;
  }
}
