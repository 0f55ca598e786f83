// A command line as a person reads it in a status bar tooltip or a message. Pure; part of the activation bundle.

/** The command line as a person reads it in a tooltip or a message: its first line, cut at `max` characters. */
export function shortCommand(command: string, max = 60): string {
  const line = command.split('\n')[0]!.trim();
  const more = line.length > max || command.trim().includes('\n');
  return more ? `${line.slice(0, max - 1)}…` : line;
}
