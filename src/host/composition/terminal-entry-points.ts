// The terminal's entry points: Explain / Fix with Relay on a terminal command (the recorder has kept its output since
// activation); the message goes through the task-entry door to a new task or the one on screen.
import type { TerminalRecorder } from '../mentions/terminal-recorder';
import type { TaskEntry } from '../task-entry/task-entry';
import { terminalActionHandlers } from '../terminal-actions/terminal-commands';

export function terminalEntryPoints(recorder: TerminalRecorder, entry: TaskEntry): ReturnType<typeof terminalActionHandlers> {
  return terminalActionHandlers({ recorder, start: (text) => entry.start(text) });
}
