/**
 * The `key, raw value` pairs of a match being tried, as a stack whose length is a field: the walk
 * drops values at each step back, and an array popped to empty gives up its store, which the next
 * push allocates again (about a tenth of a short request's time). Slots past `length` keep their
 * old strings until written over; they are never read.
 */
export class ValueStack {
  private readonly items: string[] = [];
  length = 0;

  /** Adds one pair. */
  push(key: string, value: string): void {
    const items = this.items;
    const at = this.length;
    if (at < items.length) {
      items[at] = key;
      items[at + 1] = value;
    } else items.push(key, value);
    this.length = at + 2;
  }

  /** The item at `index` (below `length`). */
  at(index: number): string {
    return this.items[index];
  }

  /** Makes this stack hold what `other` holds. */
  copy(other: ValueStack): void {
    this.length = 0;
    for (let i = 0; i < other.length; i += 2) this.push(other.items[i], other.items[i + 1]);
  }
}
