/**
 * The incremental layer's one way to keep work (DiagnosticMemo and ByEndGroups keep theirs in it
 * too): a value kept for the object it was worked out of
 * (a table, a group of routes, a file's analysis), made the first time it is asked for and
 * dropped with that object. Nothing is forgotten by hand: an edit makes new objects for what it
 * changed, and what it did not change keeps its values.
 */
export class KeptFor<Key extends object, Value> {
  private readonly values = new WeakMap<Key, Value>();

  /** The value kept for `key`, made by `make` the first time it is asked for. */
  get(key: Key, make: (key: Key) => Value): Value {
    let value = this.values.get(key);
    if (value === undefined) this.values.set(key, (value = make(key)));
    return value;
  }

  /** The value kept for `key`, if one was made. */
  peek(key: Key): Value | undefined {
    return this.values.get(key);
  }

  /** Keeps `value` for `key` (work made elsewhere, or brought forward from an earlier version). */
  set(key: Key, value: Value): void {
    this.values.set(key, value);
  }

  /** Drops the value of `key` before the object goes (it holds what an idle merge replaced). */
  drop(key: Key): void {
    this.values.delete(key);
  }
}
