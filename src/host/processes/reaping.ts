// At activation: the processes a previous session of this window left running (its extension host crashed or
// was killed before it could stop them) are stopped, when their pid still names the same process. Records of
// processes kept on purpose, or of a window still running, stay.
import { ProcessRecordFile, reap, type ReapOutcome } from './process-records';

export async function reapLeftovers(recordsPath: string, log: { info(message: string): void }): Promise<ReapOutcome> {
  const file = new ProcessRecordFile(recordsPath);
  const records = file.load();
  if (records.length === 0) return { stopped: [], kept: [], gone: [] };
  const outcome = await reap(records);
  file.save(outcome.kept);
  for (const r of outcome.stopped) log.info(`Stopped ${r.command} (pid ${r.pid}), left running by an earlier session of this window`);
  return outcome;
}
