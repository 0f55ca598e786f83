// The shape of a read-only command's entry and of what turns it into one that changes something: shared by the
// read-only list and the query commands it includes (a file of its own, so neither imports the other for it).
import type { Marked } from '../l10n';

/** What turns a read-only command into one that changes something, and which word of its argv did it. */
export interface CommandEffect {
  /** The argv word that did it, as written: `-delete`, `--output=src/x.ts`, `-ni`, an awk program. */
  word: string;
  /** For people: the flag alone (`-i`, `--output`), or a short form of the word. */
  label: string;
  /** What it does: "deletes files" (English, marked for translation where it is shown). */
  does: Marked;
}

export interface ReadOnlyCommand {
  /** Command pattern (see command-pattern.ts). */
  pattern: string;
  /** The effect of the arguments after the pattern's words; absent or undefined means it only reads. */
  effect?: (args: readonly string[]) => CommandEffect | undefined;
}
