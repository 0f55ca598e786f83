// The terminal actions' command ids and the argument that names "the latest command" (the status bar item and its
// tooltip's links); the terminal's context menu passes the terminal itself. No imports but types: shared by the
// activation bundle (the status bar item) and the runtime bundle (the handlers).
import type { EntryPointCommand } from '../commands/command-ids';

export const EXPLAIN_TERMINAL_COMMAND = 'relay.terminal.explain' satisfies EntryPointCommand;
export const FIX_TERMINAL_COMMAND = 'relay.terminal.fix' satisfies EntryPointCommand;
/** The argument for the last command run in any terminal (the one the status bar item offers to fix). */
export const LATEST_COMMAND = 'latest';
