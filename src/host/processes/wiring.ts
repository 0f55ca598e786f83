// The process manager on VS Code: logs under the extension's storage, the background limit from
// `relay.processes.maxBackground`, each process in a pseudoterminal of its own, records for reaping.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { DEFAULT_MAX_BACKGROUND, ProcessManager, type ProcessManagerOptions } from './process-manager';
import { ProcessRecordFile } from './process-records';
import { processTerminal } from './process-terminal';

export function createProcessManager(log: vscode.LogOutputChannel, storage?: { logDir: string; recordsPath?: string }, sandbox?: ProcessManagerOptions['sandbox']): ProcessManager {
  return new ProcessManager({
    sandbox,
    logDir: storage?.logDir ?? join(tmpdir(), `relay-processes-${process.pid}`),
    maxBackground: () => {
      const value = vscode.workspace.getConfiguration('relay').get<number>('processes.maxBackground', DEFAULT_MAX_BACKGROUND);
      return Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_BACKGROUND;
    },
    view: processTerminal,
    records: storage?.recordsPath ? new ProcessRecordFile(storage.recordsPath) : undefined,
    log: (message) => log.info(message),
  });
}
