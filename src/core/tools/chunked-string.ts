// The text of a string the incremental JSON parser is still reading (behaviour 6). Appending every delta to
// one string (`s += piece`) makes V8 build a rope with one node per delta, all alive until the string ends: a
// 1 MB argument held ~16 MB of nodes, which young-generation GCs copy while they are new. Here the pieces are
// also joined into flat chunks of CHUNK characters and the rope restarts from those chunks, so a 1 MB string
// holds ~2 MB (bench/tool-args.bench.ts), while reading the text stays O(1), with no copy per read.

const CHUNK = 4096;

export class ChunkedString {
  /** Flat chunks joined so far. */
  private head = '';
  /** Pieces since the last chunk, joined flat when they reach CHUNK characters. */
  private readonly pieces: string[] = [];
  private piecesLength = 0;
  /** head + pieces, as a rope: what `text` returns, with no work per read. */
  private current = '';
  private unread = true;

  append(piece: string): void {
    this.pieces.push(piece);
    this.piecesLength += piece.length;
    this.current += piece;
    this.unread = true;
    if (this.piecesLength >= CHUNK) {
      this.head += this.pieces.join('');
      this.current = this.head;
      this.pieces.length = 0;
      this.piecesLength = 0;
    }
  }

  /** The text so far. */
  get text(): string {
    this.unread = false;
    return this.current;
  }

  /** True when the text changed since it was last read (a new string counts as changed, so "" is shown). */
  get changed(): boolean {
    return this.unread;
  }

  /** The finished text, its last pieces joined flat, and the builder emptied for the next string. */
  take(): string {
    const text = this.pieces.length > 1 ? this.head + this.pieces.join('') : this.current;
    this.head = '';
    this.pieces.length = 0;
    this.piecesLength = 0;
    this.current = '';
    this.unread = true;
    return text;
  }
}
