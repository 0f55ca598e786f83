// Keeps a command's output bounded without losing what matters: the head (how it started) and the tail
// (how it ended, usually the error). What is dropped from the middle is counted and said, never hidden.

export class HeadTailBuffer {
  private head = '';
  private tail = '';
  private dropped = 0;

  constructor(
    private readonly headLimit = 64 * 1024,
    private readonly tailLimit = 192 * 1024,
  ) {}

  append(chunk: string): void {
    if (this.head.length < this.headLimit) {
      const room = this.headLimit - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
      if (!chunk) return;
    }
    this.tail += chunk;
    // Trim in large steps so appends stay amortised O(chunk).
    if (this.tail.length > this.tailLimit * 2) {
      const cut = this.tail.length - this.tailLimit;
      this.dropped += cut;
      this.tail = this.tail.slice(cut);
    }
  }

  get droppedChars(): number {
    return this.dropped + Math.max(0, this.tail.length - this.tailLimit);
  }

  toString(): string {
    const excess = Math.max(0, this.tail.length - this.tailLimit);
    const tail = this.tail.slice(excess);
    const dropped = this.dropped + excess;
    return dropped > 0 ? `${this.head}\n[... ${dropped} characters of output omitted ...]\n${tail}` : this.head + tail;
  }
}
