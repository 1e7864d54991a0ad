/**
 * Values worked out from strings, kept for the next time the same string comes (interned texts,
 * parsed path segments, inflected words). Emptied when it holds `limit` values, so strings that
 * never repeat (hostile or generated) cost a bounded amount of memory.
 */
export class StringMemo<Value> {
  private readonly values = new Map<string, Value>();

  constructor(
    private readonly limit: number,
    private readonly make: (key: string) => Value,
  ) {}

  get(key: string): Value {
    let value = this.values.get(key);
    if (value === undefined) {
      if (this.values.size >= this.limit) this.values.clear();
      value = this.make(key);
      this.values.set(key, value);
    }
    return value;
  }
}
