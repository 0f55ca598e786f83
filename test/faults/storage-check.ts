// Checks Relay's files in the extension's global storage from outside, in plain Node, as a crash may have left
// them: every task record and summary parses, every checkpoint object's content matches its hash (a delta is
// applied to its base first), every checkpoint index and the stat cache parse, and no temporary file, restore
// journal or half-written file is there. Objects inside packs (a snapshot's objects, written as one file) are
// checked by the store's own verify, which the suite runs beside this; a loose delta on a packed base likewise.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { join, relative } from 'node:path';
import { inflateSync } from 'node:zlib';
import { applyDelta } from '../../src/core/checkpoints/delta';
import { parseTaskRecord, parseTaskSummary } from '../../src/core/ports/task-store';

export interface StorageReport {
  tasks: number;
  objects: number;
  indexes: number;
  problems: string[];
}

const OBJECT = /^([0-9a-f]{64})(?:\.([0-9a-f]{64}))?$/;

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(full)));
    else out.push(full);
  }
  return out;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function checkStorage(storage: string): Promise<StorageReport> {
  const report: StorageReport = { tasks: 0, objects: 0, indexes: 0, problems: [] };
  const problem = (path: string, what: string) => report.problems.push(`${relative(storage, path)}: ${what}`);
  const all = await files(storage);
  const objectPaths = new Map<string, string>(); // hash -> path, per checkpoint folder keyed by its objects dir
  for (const path of all) {
    const match = OBJECT.exec(path.slice(path.lastIndexOf('/') + 1));
    if (match && path.includes('/objects/')) objectPaths.set(`${path.slice(0, path.indexOf('/objects/'))}:${match[1]}`, path);
  }
  const packed = (root: string) => all.some((p) => p.startsWith(`${root}/objects/packs/`) && p.endsWith('.pack'));
  /** The object's bytes, or undefined when its chain reaches an object inside a pack (verified by the store). */
  const full = async (root: string, hash: string): Promise<Buffer | undefined> => {
    const path = objectPaths.get(`${root}:${hash}`);
    if (!path) {
      if (packed(root)) return undefined;
      throw new Error(`object ${hash} is missing`);
    }
    const name = path.slice(path.lastIndexOf('/') + 1);
    const base = OBJECT.exec(name)![2];
    const unpacked = inflateSync(await fs.readFile(path));
    if (!base) return unpacked;
    const baseBytes = await full(root, base);
    return baseBytes && Buffer.from(applyDelta(baseBytes, unpacked));
  };
  for (const path of all) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name.endsWith('.tmp') || name.startsWith('restore-journal')) {
      problem(path, 'left over by an interrupted write');
      continue;
    }
    try {
      if (path.includes('/checkpoints/') && path.includes('/objects/packs/')) {
        if (!name.endsWith('.pack')) throw new Error('not a pack name');
      } else if (path.includes('/checkpoints/') && path.includes('/objects/')) {
        const match = OBJECT.exec(name);
        if (!match) throw new Error('not an object name');
        const bytes = await full(path.slice(0, path.indexOf('/objects/')), match[1]!);
        if (bytes && sha256(bytes) !== match[1]) throw new Error('its content does not match its hash');
        report.objects++;
      } else if (path.includes('/checkpoints/') && path.includes('/tasks/')) {
        const index = JSON.parse(await fs.readFile(path, 'utf8')) as { steps?: unknown };
        if (!Array.isArray(index.steps)) throw new Error('no steps');
        report.indexes++;
      } else if (name === 'stat-cache.json') {
        JSON.parse(await fs.readFile(path, 'utf8'));
      } else if (name.endsWith('.task.json')) {
        parseTaskRecord(JSON.parse(await fs.readFile(path, 'utf8')));
        report.tasks++;
      } else if (name.endsWith('.summary.json')) {
        parseTaskSummary(JSON.parse(await fs.readFile(path, 'utf8')));
      }
    } catch (error) {
      problem(path, error instanceof Error ? error.message : String(error));
    }
  }
  return report;
}
