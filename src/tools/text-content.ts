// Small text helpers the file tools share: binary sniffing, line splitting, cutting what is too long to show.
import { englishNumbers } from '../shared/format-numbers';

/** Bytes looked at to decide whether a file is text. */
export const SNIFF_BYTES = 8192;

/** A NUL byte, or mostly control characters, means binary (UTF-16 text has NULs too, and is not editable as text). */
export function looksBinary(sample: Uint8Array): boolean {
  if (sample.length === 0) return false;
  if (sample.includes(0)) return true;
  let control = 0;
  for (const byte of sample) {
    // Tab, line feed, form feed, carriage return, backspace and escape occur in real text files.
    if ((byte < 32 && byte !== 9 && byte !== 10 && byte !== 12 && byte !== 13 && byte !== 8 && byte !== 27) || byte === 127) control++;
  }
  return control / sample.length > 0.3;
}

/** The file's lines without their terminators; a final newline ends the last line rather than starting one. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** A line cut to `max` characters, saying how long it was. */
export function cutLine(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max)}… [line cut: ${line.length} characters]`;
}

/** A size as the model reads it (English), with the one size format (src/shared/format-numbers.ts). */
export function formatBytes(bytes: number): string {
  return englishNumbers.size(bytes);
}

export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
