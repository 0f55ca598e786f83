// Processes the user chose to keep running past a window reload. At deactivation a kept process is not stopped:
// its pipes go to a small drain process (the same Node that runs Relay) that appends its output to its log and
// holds its input open, so it neither dies of a broken pipe nor sees its input end when the extension host goes.
// At the next activation the reaper leaves its record alone (process-records.ts), and the new window lists it
// (EarlierProcesses) with its log and a Stop that signals it only while its pid names the same process.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { ProcessInfo } from '../../core/ports/processes';
import { logCutMarker, type OutputLogFile } from './output-log-file';
import { hostAlive, type ProcessRecord, type ProcessRecordFile, stillRunning, stopRecorded } from './process-records';

/**
 * Reads fds 3 and 4 (the process's stdout and stderr) to its stdout (the log); fd 5, its stdin, is only held.
 * argv[1] is the room left in the log (-1: already cut), argv[2] the marker written where the log is cut; past it
 * the output is still read (a full pipe would stall the process) but not written. It counts bytes, never fewer
 * than the characters OutputLogFile counts, so the log stays within the same limit.
 */
const DRAIN =
  "const net=require('net');let room=+process.argv[1];let cut=room<0;" +
  'const out=(d)=>{if(cut)return;if(d.length<=room){process.stdout.write(d);room-=d.length;return}' +
  'process.stdout.write(d.subarray(0,room));process.stdout.write(process.argv[2]);cut=true};' +
  "for(const fd of [3,4]){const s=new net.Socket({fd,readable:true,writable:false});s.on('data',out);s.on('error',()=>{})}";

/** Hands the child's pipes to a detached drain appending to `log` (closed by the caller); the drain's pid, or undefined where that cannot be done (Windows, no log). */
export function startDrain(child: ChildProcessWithoutNullStreams, log: Pick<OutputLogFile, 'path' | 'room' | 'limit'>): number | undefined {
  if (process.platform === 'win32') return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(log.path, 'a');
    const drain = spawn(process.execPath, ['-e', DRAIN, '--', String(log.room), logCutMarker(log.limit)], {
      stdio: ['ignore', fd, fd, child.stdout, child.stderr, child.stdin],
      detached: true,
      // VS Code's desktop host runs in Electron: this makes its binary a plain Node.
      env: { ELECTRON_RUN_AS_NODE: '1', PATH: process.env.PATH ?? '' },
    });
    drain.on('error', () => undefined);
    drain.unref();
    return drain.pid;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The id an earlier session's kept process has in this window's lists. */
export function earlierId(record: ProcessRecord): string {
  return `earlier-${record.pid}`;
}

/** The kept processes an earlier session of this window left running, as the status bar lists them. */
export class EarlierProcesses {
  private records: ProcessRecord[] = [];

  constructor(private readonly file: ProcessRecordFile | undefined) {
    this.refresh();
  }

  /** Re-reads the record file: kept records of a host that is gone, whose pid still names the same process. */
  refresh(): void {
    this.records = (this.file?.load() ?? []).filter((r) => r.keep === true && !hostAlive(r) && stillRunning(r));
  }

  list(): ProcessInfo[] {
    this.records = this.records.filter(stillRunning);
    return this.records.map((r) => ({
      id: earlierId(r),
      taskId: r.taskId,
      command: r.command,
      cwd: r.cwd,
      state: 'ready' as const,
      urls: r.urls ?? [],
      ports: [],
      startedAt: r.startedAt ?? 0,
      ...(r.logPath !== undefined ? { logPath: r.logPath } : {}),
      background: true,
      keep: true,
      earlier: true,
    }));
  }

  has(id: string): boolean {
    return this.records.some((r) => earlierId(r) === id);
  }

  /** Stops it (terminate, then kill) when its pid still names the same process, and forgets its record. */
  async stop(id: string): Promise<void> {
    const record = this.records.find((r) => earlierId(r) === id);
    if (!record) return;
    await stopRecorded(record);
    this.records = this.records.filter((r) => r !== record);
    this.file?.save(this.file.load().filter((r) => !(r.pid === record.pid && r.startTime === record.startTime)));
  }

  /** Records to carry over when this window saves its own. */
  recordsToKeep(): ProcessRecord[] {
    return this.records.filter(stillRunning);
  }
}
