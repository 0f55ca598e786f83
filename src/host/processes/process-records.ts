// What survives a window reload or a crash: the processes Relay left running, each as pid, process group,
// start time and command line, in a small JSON file. At the next activation every record whose pid still names
// the same process (same start time, so not a reused pid) is stopped, unless the user chose to keep it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProcessInfo } from '../../core/ports/processes';
import { processStartTime } from '../platform/process-tree';
import { groupAlive, signalGroup } from './spawn';

export interface ProcessRecord {
  id: string;
  taskId: string;
  pid: number;
  /** The process group (the shell Relay started leads it). */
  pgid: number;
  /** /proc/<pid>/stat field 22; undefined where the OS does not tell (such a record is never signalled). */
  startTime?: string;
  command: string;
  cwd: string;
  /** The user chose to keep it running past a reload. */
  keep?: boolean;
  /** Its output log (a kept process's drain appends to it after the reload). */
  logPath?: string;
  /** The local URLs it printed, and when it started (epoch ms): what the next window lists of a kept process. */
  urls?: string[];
  startedAt?: number;
  /** The extension host that started it: while that one runs (another window), its processes are its own. */
  host?: { pid: number; startTime?: string };
}

export class ProcessRecordFile {
  constructor(readonly path: string) {}

  load(): ProcessRecord[] {
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.path, 'utf8'));
      return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
    } catch {
      return [];
    }
  }

  save(records: readonly ProcessRecord[]): void {
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      writeFileSync(this.path, JSON.stringify(records, null, 1));
    } catch {
      // best effort: a record not saved is a process not reaped, never a wrong one signalled
    }
  }
}

function isRecord(value: unknown): value is ProcessRecord {
  const r = value as ProcessRecord;
  return typeof r === 'object' && r !== null && typeof r.id === 'string' && Number.isInteger(r.pid) && Number.isInteger(r.pgid) && typeof r.command === 'string';
}

/** Whether the record's pid is still the process Relay started. */
export function stillRunning(record: ProcessRecord): boolean {
  return record.startTime !== undefined && processStartTime(record.pid) === record.startTime;
}

/** Whether the extension host that started it is another one, still running (another window). */
export function hostAlive(record: ProcessRecord): boolean {
  const host = record.host;
  if (!host || host.pid === process.pid) return false;
  return host.startTime !== undefined && processStartTime(host.pid) === host.startTime;
}

export interface ReapOutcome {
  stopped: ProcessRecord[];
  kept: ProcessRecord[];
  /** Gone already, or the pid now names another process. */
  gone: ProcessRecord[];
}

/** Stops every recorded process still running (terminate, then kill after `graceMs`), except those to keep. */
export async function reap(records: readonly ProcessRecord[], graceMs = 1_000): Promise<ReapOutcome> {
  const outcome: ReapOutcome = { stopped: [], kept: [], gone: [] };
  for (const record of records) {
    if (!stillRunning(record)) outcome.gone.push(record);
    else if (record.keep || hostAlive(record)) outcome.kept.push(record);
    else {
      signalGroup(record.pgid, 'SIGTERM');
      outcome.stopped.push(record);
    }
  }
  await killSurvivors(outcome.stopped, graceMs);
  return outcome;
}

/** Stops one recorded process, only while its pid still names the process Relay started; false when it did not. */
export async function stopRecorded(record: ProcessRecord, graceMs = 1_000): Promise<boolean> {
  if (!stillRunning(record)) return false;
  signalGroup(record.pgid, 'SIGTERM');
  await killSurvivors([record], graceMs);
  return true;
}

async function killSurvivors(records: readonly ProcessRecord[], graceMs: number): Promise<void> {
  if (records.length === 0) return;
  const end = Date.now() + graceMs;
  while (Date.now() < end && records.some((r) => groupAlive(r.pgid))) await new Promise((r) => setTimeout(r, 50));
  for (const record of records) if (groupAlive(record.pgid)) signalGroup(record.pgid, 'SIGKILL');
}

/** What a record is made of: one of this window's processes (managed-process.ts). */
export interface RecordedProcess {
  readonly id: string;
  readonly taskId: string;
  readonly pid: number | undefined;
  readonly command: string;
  readonly cwd: string;
  readonly startedAt: number;
  readonly live: boolean;
  readonly keep: boolean;
  readonly log: { readonly path: string };
  groupAlive(): boolean;
  info(): Pick<ProcessInfo, 'urls'>;
}

/**
 * Saves what the file holds while this window runs: the records of other windows' processes and of ones an earlier
 * session kept across a reload, while they run, and each of this window's processes whose group still lives.
 */
export function saveWindowRecords(file: ProcessRecordFile, earlierKept: readonly ProcessRecord[], processes: Iterable<RecordedProcess>, host: NonNullable<ProcessRecord['host']>): void {
  // Records of other windows' processes, or ones an earlier session kept across a reload, stay while they run.
  const records: ProcessRecord[] = file.load().filter((r) => r.host?.pid !== process.pid && stillRunning(r));
  for (const r of earlierKept) if (!records.some((o) => o.pid === r.pid && o.startTime === r.startTime)) records.push(r);
  for (const p of processes) {
    if (p.pid === undefined || !(p.live || p.groupAlive())) continue;
    const info = p.info();
    records.push({
      id: p.id,
      taskId: p.taskId,
      pid: p.pid,
      pgid: p.pid,
      startTime: processStartTime(p.pid),
      command: p.command,
      cwd: p.cwd,
      host,
      startedAt: p.startedAt,
      ...(p.keep ? { keep: true, logPath: p.log.path, urls: [...info.urls] } : {}),
    });
  }
  file.save(records);
}
