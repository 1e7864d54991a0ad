/**
 * A radix tree over the characters of static texts (`posts`, `new`, `page-`): recognition follows a
 * request segment through it character by character, straight from the request path, without
 * slicing the segment or hashing it, and meets every key that is a prefix of the segment on the
 * way (find-my-way's layout, keyed per trie level here so that route order can be kept).
 */
export class CharNode<T> {
  /** What a key ending here carries. */
  value: T | undefined;
  private readonly children: Array<CharNode<T>> = [];
  /** The first character of each child's label, scanned where they lie too far apart for a table. */
  private firsts: number[] = [];
  /** Children by first character minus `low`, where their first characters lie close together. */
  private table: Array<CharNode<T> | undefined> | undefined;
  private low = 0;
  /** The label's length, kept here: a lookup then reads the label's text only to compare it. */
  length: number;

  /** `label`: the characters this node adds to its parent's (empty for the root). */
  constructor(public label: string) {
    this.length = label.length;
  }

  /** The child whose label starts with character `code`. */
  child(code: number): CharNode<T> | undefined {
    const table = this.table;
    if (table) {
      // Within bounds only: a read past a JavaScript array's end looks along its prototype chain.
      const at = code - this.low;
      return at >= 0 && at < table.length ? table[at] : undefined;
    }
    const firsts = this.firsts;
    for (let i = 0; i < firsts.length; i++) if (firsts[i] === code) return this.children[i];
    return undefined;
  }

  /** The value under `key`, created by `create` when absent. */
  ensure(key: string, create: () => T): T {
    let node: CharNode<T> = this;
    let at = 0;
    while (at < key.length) {
      const next = node.child(key.charCodeAt(at));
      if (!next) {
        node.add(new CharNode<T>(key.slice(at)));
        node = node.child(key.charCodeAt(at))!;
        break;
      }
      const common = commonLength(next.label, key, at);
      if (common < next.label.length) next.split(common);
      node = next;
      at += common;
    }
    node.value ??= create();
    return node.value;
  }

  /** Every key in the tree with its value; `prefix`: the characters before this node's label. */
  *entries(prefix = ""): IterableIterator<[string, T]> {
    const key = prefix + this.label;
    if (this.value !== undefined) yield [key, this.value];
    for (const child of this.children) yield* child.entries(key);
  }

  /**
   * Builds the lookup table once all keys are in: a child is then one read of a small array, where a
   * scan read two (on a server between requests, each read of a node is a likely cache miss).
   */
  finish(): void {
    const firsts = this.firsts;
    const low = Math.min(...firsts);
    const span = Math.max(...firsts) - low + 1;
    if (firsts.length > 0 && span <= TABLE_SPAN) {
      this.low = low;
      this.table = new Array<CharNode<T> | undefined>(span).fill(undefined);
      for (let i = 0; i < this.children.length; i++) this.table[firsts[i] - low] = this.children[i];
    }
    for (const child of this.children) child.finish();
  }

  /** Keeps the first `length` characters of the label here and moves the rest into a new child. */
  private split(length: number): void {
    const rest = new CharNode<T>(this.label.slice(length));
    rest.value = this.value;
    rest.length = rest.label.length;
    rest.children.push(...this.children);
    rest.firsts = this.firsts;
    this.children.length = 0;
    this.firsts = [];
    this.value = undefined;
    this.label = this.label.slice(0, length);
    this.length = length;
    this.add(rest);
  }

  private add(child: CharNode<T>): void {
    this.children.push(child);
    this.firsts.push(child.label.charCodeAt(0));
  }
}

/** The widest range of first characters a table is made for (letters, digits and marks fit; others are scanned). */
const TABLE_SPAN = 128;

/** How many characters of `label` equal those of `key` from `at`. */
function commonLength(label: string, key: string, at: number): number {
  let i = 0;
  while (i < label.length && at + i < key.length && label.charCodeAt(i) === key.charCodeAt(at + i)) i++;
  return i;
}
