// Terminal output carries colour codes, cursor moves and shell-integration markers (OSC 633/133);
// the model and the cards want the text. Handles sequences split across chunks via AnsiStripper.

// CSI: ESC [ params intermediates final; OSC: ESC ] ... (BEL | ESC \\); DCS/SOS/PM/APC strings; charset
// designations (ESC ( B); the remaining two-byte escapes, which must not include the introducers [ ] P X ^ _
// or an unfinished OSC would look complete; lone C1 CSI.
const SEQUENCE =
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[()*+][0-~]|\x1b[@-OQ-WYZ\\78=>c]|\x9b[0-?]*[ -/]*[@-~]/g;

/** Cursor to the first column (CSI G, CSI 0G, CSI 1G): what spinners send instead of a carriage return. */
const FIRST_COLUMN = /\x1b\[[01]?G/g;

/** Escape sequences removed (a move to the first column kept as a carriage return), CRLF as LF. */
function plainText(text: string): string {
  return text.replace(FIRST_COLUMN, '\r').replace(SEQUENCE, '').replace(/\r\n/g, '\n');
}

/** Text a carriage return sent the cursor back over is dropped: a progress line reads as its last state. */
function dropOverwritten(text: string): string {
  return text.replace(/[^\n]*\r/g, '');
}

export function stripAnsi(text: string): string {
  return dropOverwritten(plainText(text));
}

/**
 * Streaming variant: holds back an unfinished escape sequence (or a final \r) until the next chunk completes it.
 * A carriage return that rewrites a line an earlier chunk began (a spinner's next frame) cannot take back what was
 * already given out: that line ends there instead, so the last line is always the latest state.
 */
export class AnsiStripper {
  private pending = '';
  private midLine = false;

  push(chunk: string): string {
    const text = this.pending + chunk;
    const cut = unfinishedFrom(text);
    this.pending = text.slice(cut);
    return this.clean(text.slice(0, cut));
  }

  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return this.clean(rest);
  }

  private clean(text: string): string {
    let plain = plainText(text);
    if (this.midLine && /^[^\n]*\r/.test(plain)) plain = `\n${plain}`;
    plain = dropOverwritten(plain);
    if (plain) this.midLine = !plain.endsWith('\n');
    return plain;
  }
}

/** Longest sequence we wait for; beyond that a lone ESC is treated as text so nothing is held forever. */
const MAX_HELD = 4096;

/** Index of the first escape that no complete sequence covers (within MAX_HELD of the end), else text.length. */
function unfinishedFrom(text: string): number {
  const from = Math.max(0, text.length - MAX_HELD);
  let covered = 0;
  SEQUENCE.lastIndex = 0;
  for (let m = SEQUENCE.exec(text); m; m = SEQUENCE.exec(text)) covered = m.index + m[0].length;
  const esc = text.indexOf('\x1b', Math.max(from, covered));
  if (esc !== -1) return esc;
  return text.endsWith('\r') ? text.length - 1 : text.length;
}
