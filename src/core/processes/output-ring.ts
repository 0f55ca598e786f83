// A process's cleaned output in memory, bounded: the newest `limit` characters are kept, older chunks drop off
// the front, and the first `headLimit` characters are kept besides (how it started, for a long run read at once).
// Every character has a stream offset, so readers keep cursors that stay valid as the ring turns and learn how
// much fell off before they read it (the log on disk still has it).

export class OutputRing {
  private chunks: string[] = [];
  private first = 0; // index of the oldest live chunk in `chunks`
  private startOffset = 0; // stream offset of chunks[first]
  private held = 0;
  private total = 0;
  private headText = '';

  constructor(
    readonly limit = 512 * 1024,
    readonly headLimit = 8 * 1024,
  ) {}

  /** The first characters of the stream (up to `headLimit`), kept whatever else drops off. */
  get head(): string {
    return this.headText;
  }

  append(text: string): void {
    if (!text) return;
    if (this.headText.length < this.headLimit) this.headText += text.slice(0, this.headLimit - this.headText.length);
    this.chunks.push(text);
    this.held += text.length;
    this.total += text.length;
    while (this.held > this.limit) {
      const oldest = this.chunks[this.first]!;
      const excess = this.held - this.limit;
      if (oldest.length <= excess) {
        this.chunks[this.first] = '';
        this.first++;
        this.held -= oldest.length;
        this.startOffset += oldest.length;
      } else {
        this.chunks[this.first] = oldest.slice(excess);
        this.held -= excess;
        this.startOffset += excess;
      }
    }
    if (this.first > 1024 && this.first * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.first);
      this.first = 0;
    }
  }

  /** Stream offset just past the newest character. */
  get end(): number {
    return this.total;
  }

  /** Stream offset of the oldest character still held. */
  get start(): number {
    return this.startOffset;
  }

  /** The text from `offset` to the end, and how many characters before it are no longer held. */
  since(offset: number): { text: string; dropped: number } {
    const from = Math.max(offset, this.startOffset);
    const dropped = Math.max(0, this.startOffset - offset);
    if (from >= this.total) return { text: '', dropped };
    const parts: string[] = [];
    let at = this.total;
    for (let i = this.chunks.length - 1; i >= this.first && at > from; i--) {
      const chunk = this.chunks[i]!;
      const chunkStart = at - chunk.length;
      parts.push(chunkStart >= from ? chunk : chunk.slice(from - chunkStart));
      at = chunkStart;
    }
    return { text: parts.reverse().join(''), dropped };
  }

  tail(maxChars: number): string {
    return this.since(Math.max(0, this.total - maxChars)).text;
  }
}
