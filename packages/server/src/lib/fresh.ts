/**
 * A value read again at most once per `ms`: operator-edited rows (terms of contracts) apply within
 * that long without a read per request. A failed read is not kept; the next call tries again.
 */
export class Fresh<T> {
  private cached: { at: number; value: Promise<T> } | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly now: () => number,
    private readonly ms = 1000,
  ) {}

  /** The next call reads again (the rows just changed). */
  forget(): void {
    this.cached = undefined;
  }

  current(): Promise<T> {
    const now = this.now();
    if (!this.cached || now - this.cached.at >= this.ms || now < this.cached.at) {
      const value = this.read();
      value.catch(() => (this.cached = undefined));
      this.cached = { at: now, value };
    }
    return this.cached.value;
  }
}
