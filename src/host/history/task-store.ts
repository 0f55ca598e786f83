// Task history as files (peers.md target 3: on disk, never globalState; long tasks reopen at once).
// Per task two files in one folder: `<id>.task.json`, the whole record, and `<id>.summary.json`, a few bytes
// for the history list, so listing never parses whole conversations. Every write goes to a temporary file
// that is then renamed over the target, so a crash leaves the old file or the new one, never half of each.
// No `vscode` import: the extension passes its globalStorage path, and tests a temporary folder.
import * as nodeFs from 'node:fs/promises';
import { join } from 'node:path';
import type { TaskSummary } from '../../shared/chat-model';
import {
  isValidTaskId,
  parseTaskRecord,
  parseTaskSummary,
  summarizeTask,
  type TaskRecord,
  type TaskStore,
} from '../../core/ports/task-store';
import { faultPoint } from '../storage/fault-point';
import { staleTempTarget } from '../storage/stale-temps';

/** The file operations the store uses; tests inject failures through it. */
export interface TaskStoreFileSystem {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  readdir(path: string): Promise<string[]>;
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  writeFile(path: string, data: string, options: { encoding: 'utf8'; flush: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
}

export interface TaskStoreLogger {
  warn(message: string, error?: unknown): void;
}

export interface FileTaskStoreOptions {
  logger?: TaskStoreLogger;
  fileSystem?: TaskStoreFileSystem;
}

const TASK_SUFFIX = '.task.json';
const SUMMARY_SUFFIX = '.summary.json';
const TEMP_SUFFIX = '.tmp';

export class FileTaskStore implements TaskStore {
  private readonly fs: TaskStoreFileSystem;
  private readonly logger: TaskStoreLogger;
  /** Writes of one task run in order, so an older save never lands after a newer one. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private tempCounter = 0;
  /** Temporary files a crashed writer left, removed once before this store first lists or writes. */
  private swept: Promise<void> | undefined;

  constructor(
    private readonly directory: string,
    options: FileTaskStoreOptions = {},
  ) {
    this.fs = options.fileSystem ?? nodeFs;
    this.logger = options.logger ?? { warn: (message, error) => console.warn(`[relay tasks] ${message}`, error ?? '') };
  }

  async list(): Promise<TaskSummary[]> {
    await this.sweepStaleTemps();
    const names = await this.readNames();
    const ids = new Set<string>();
    for (const name of names) {
      const id = idOf(name);
      if (id !== undefined) ids.add(id);
    }
    const summaries: TaskSummary[] = [];
    for (const id of ids) {
      // A summary without its record (a delete interrupted half way) lists nothing that could be opened.
      if (!names.includes(id + TASK_SUFFIX)) continue;
      const summary = names.includes(id + SUMMARY_SUFFIX) ? await this.readSummary(id) : undefined;
      // No summary, or a damaged one: the full record still tells (rare, so parsing it is fine).
      const found = summary ?? (await this.loadAndResummarize(id));
      if (found) summaries.push(found);
    }
    return summaries.sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : 1));
  }

  async load(id: string): Promise<TaskRecord | undefined> {
    if (!isValidTaskId(id)) return undefined;
    const path = this.path(id, TASK_SUFFIX);
    let text: string;
    try {
      text = await this.fs.readFile(path, 'utf8');
    } catch (error) {
      if (!isNotFound(error)) this.logger.warn(`Could not read task ${id}`, error);
      return undefined;
    }
    try {
      return parseTaskRecord(JSON.parse(text));
    } catch (error) {
      this.logger.warn(`Skipped task file ${path}: it is damaged or from a newer Relay`, error);
      return undefined;
    }
  }

  save(record: TaskRecord): Promise<void> {
    if (!isValidTaskId(record.id)) return Promise.reject(new Error(`Invalid task id "${record.id}"`));
    // Serialised now, so later changes to the live record do not leak into this save.
    const full = JSON.stringify(record);
    const summary = JSON.stringify(summarizeTask(record));
    return this.enqueue(record.id, async () => {
      await this.sweepStaleTemps();
      await this.fs.mkdir(this.directory, { recursive: true });
      // The record first: a crash between the two leaves a stale summary, which listing tolerates.
      await this.writeAtomically(this.path(record.id, TASK_SUFFIX), full);
      await this.writeAtomically(this.path(record.id, SUMMARY_SUFFIX), summary);
    });
  }

  delete(id: string): Promise<boolean> {
    if (!isValidTaskId(id)) return Promise.resolve(false);
    return this.enqueue(id, async () => {
      const removed = await Promise.all([this.remove(this.path(id, TASK_SUFFIX)), this.remove(this.path(id, SUMMARY_SUFFIX))]);
      return removed.some(Boolean);
    });
  }

  private async writeAtomically(target: string, data: string): Promise<void> {
    const temp = `${target}.${process.pid}-${++this.tempCounter}${TEMP_SUFFIX}`;
    try {
      await this.fs.writeFile(temp, data, { encoding: 'utf8', flush: true });
      faultPoint('task-record');
      await this.fs.rename(temp, target);
    } catch (error) {
      await this.remove(temp);
      throw error;
    }
  }

  private sweepStaleTemps(): Promise<void> {
    this.swept ??= (async () => {
      for (const name of await this.readNames()) {
        const target = staleTempTarget(name);
        if (target !== undefined && idOf(target) !== undefined) await this.remove(join(this.directory, name));
      }
    })();
    return this.swept;
  }

  private async readNames(): Promise<string[]> {
    try {
      return await this.fs.readdir(this.directory);
    } catch (error) {
      if (!isNotFound(error)) this.logger.warn(`Could not list tasks in ${this.directory}`, error);
      return [];
    }
  }

  private async readSummary(id: string): Promise<TaskSummary | undefined> {
    try {
      const summary = parseTaskSummary(JSON.parse(await this.fs.readFile(this.path(id, SUMMARY_SUFFIX), 'utf8')));
      return summary.id === id ? summary : undefined;
    } catch (error) {
      this.logger.warn(`Task summary ${id} is damaged; reading the task itself`, error);
      return undefined;
    }
  }

  /**
   * The summary from the record, written back. Read and written in the task's queue: a record read before a save
   * queued meanwhile would otherwise write its older summary over the new one (seen: a failed task listed as
   * "running" for good, when a listing fell between a save's two renames).
   */
  private loadAndResummarize(id: string): Promise<TaskSummary | undefined> {
    return this.enqueue(id, async () => {
      const record = await this.load(id);
      if (!record || record.id !== id) return undefined;
      const summary = summarizeTask(record);
      await this.writeAtomically(this.path(id, SUMMARY_SUFFIX), JSON.stringify(summary)).catch((error: unknown) =>
        this.logger.warn(`Could not rewrite the summary of task ${id}`, error),
      );
      return summary;
    });
  }

  private async remove(path: string): Promise<boolean> {
    try {
      await this.fs.unlink(path);
      return true;
    } catch (error) {
      if (!isNotFound(error)) this.logger.warn(`Could not delete ${path}`, error);
      return false;
    }
  }

  private enqueue<T>(id: string, job: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const run = previous.then(job, job);
    const settled = run.catch(() => undefined);
    this.queues.set(id, settled);
    void settled.then(() => {
      if (this.queues.get(id) === settled) this.queues.delete(id);
    });
    return run;
  }

  private path(id: string, suffix: string): string {
    return join(this.directory, id + suffix);
  }
}

/** The task id a file in the folder belongs to; temporary files and strangers belong to none. */
function idOf(name: string): string | undefined {
  for (const suffix of [TASK_SUFFIX, SUMMARY_SUFFIX]) {
    if (name.endsWith(suffix)) {
      const id = name.slice(0, -suffix.length);
      return isValidTaskId(id) ? id : undefined;
    }
  }
  return undefined;
}

function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}
