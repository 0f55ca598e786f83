// Behaviour 25: the full text of a truncated tool output, saved under the extension's storage so the model can
// read any part of it with read_file (the permission facts list this folder as readable without asking).
// Written to a temporary file and renamed, so a crash never leaves half an output; a crashed writer's temporary
// files are removed before the first save.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outputFileName, type OutputStore, type SavedOutputInfo } from '../../core/tools/output-store';
import { removeStaleTemps } from './stale-temps';

export class FileOutputStore implements OutputStore {
  private swept: Promise<unknown> | undefined;
  private tempCounter = 0;

  constructor(readonly directory: string) {}

  async save(output: string, info: SavedOutputInfo): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    await (this.swept ??= removeStaleTemps(this.directory));
    const path = join(this.directory, outputFileName(info));
    const temp = `${path}.${process.pid}-${++this.tempCounter}.tmp`;
    await writeFile(temp, output, 'utf8');
    await rename(temp, path);
    return path;
  }
}
