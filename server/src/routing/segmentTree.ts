/**
 * The tree of route segments the unreachable pass finds a route's possible captors in (see
 * unreachable.ts), held in flat tables rather than an object per node: an editor keeps one for each
 * open routing file, and at tens of thousands of routes objects, maps and lists per node were most
 * of its memory. A node is a number; its next nodes are found by a static segment's text
 * (`statics`), by the static text a segment must begin with (`partials`: `page-` of `page-:n`), by
 * the text before an optional format (`formats`: `posts` of `posts(.:format)`, which takes `posts`
 * and `posts.` followed by more), or through `param` for a segment that begins with a parameter.
 */
export class SegmentTree<Item> {
  static readonly ROOT = 0;

  /** The next node by text, then by node: one map per distinct text, so most entries are two small integers. */
  private readonly statics = new Map<string, Map<number, number>>();
  private readonly partials = new Map<string, Map<number, number>>();
  private readonly formats = new Map<string, Map<number, number>>();
  /** Each node's next node through a parameter; 0 for none (the root is no node's next). */
  private param = new Int32Array(INITIAL);
  /** Each node's partial texts' lengths, as bits (bit n - 1 for length n up to 31); LONG marks one in `longHeads`. */
  private heads = new Int32Array(INITIAL);
  /** 1 where a node has a next node by `formats`. */
  private formatted = new Uint8Array(INITIAL);
  private readonly longHeads = new Map<number, number[]>();
  /** What ends at each node, in order: one item alone, or a list of several. */
  private readonly items: Array<Item | Item[] | undefined> = [undefined];
  private size = 1;

  /** The node after `node` by a static segment `text`, if there is one. */
  staticNext(node: number, text: string): number | undefined {
    return this.statics.get(text)?.get(node);
  }

  /** The node after `node` by a segment that begins with a parameter; 0 for none. */
  paramNext(node: number): number {
    return this.param[node];
  }

  /**
   * The node after `node` by a segment: static `text`, one that begins with the static `text`
   * (partial), `text` before an optional format, or one that begins with a parameter; made when missing.
   */
  step(node: number, kind: "static" | "partial" | "format" | "param", text: string): number {
    if (kind === "param") {
      if (this.param[node] !== 0) return this.param[node];
      // Made first: making may grow the table this assignment writes.
      const made = this.made();
      this.param[node] = made;
      return made;
    }
    const by = kind === "static" ? this.statics : kind === "partial" ? this.partials : this.formats;
    let nodes = by.get(text);
    const found = nodes?.get(node);
    if (found !== undefined) return found;
    if (kind === "partial") this.noteHead(node, text.length);
    if (kind === "format") this.formatted[node] = 1;
    if (!nodes) by.set(text, (nodes = new Map()));
    const made = this.made();
    nodes.set(node, made);
    return made;
  }

  /**
   * Writes into `out` from `count` on each node after `node` by a partial text that begins `text`
   * (a segment that matches `text`'s beginning), and gives the count after them. Each length a
   * partial of this node has is asked once; a list, where a callback would make a closure per
   * level of each route the pass judges.
   */
  partialsBeginning(node: number, text: string, out: number[], count: number): number {
    const bits = this.heads[node];
    if (bits === 0) return count;
    for (let length = 1; length <= LONGEST_BIT && length <= text.length; length++) {
      if (bits & (1 << (length - 1))) count = this.partialOf(node, text, length, out, count);
    }
    if (bits & LONG) for (const length of this.longHeads.get(node)!) if (length <= text.length) count = this.partialOf(node, text, length, out, count);
    return count;
  }

  /**
   * Writes into `out` from `count` on each node after `node` by an optional format whose text
   * before it could take a segment that begins with `text`: `text` itself, or `text` up to one of
   * its dots. Only dotted texts make a string to look up; most segments have none.
   */
  formatsTaking(node: number, text: string, out: number[], count: number): number {
    if (this.formatted[node] === 0) return count;
    const exact = this.formats.get(text)?.get(node);
    if (exact !== undefined) out[count++] = exact;
    for (let dot = text.indexOf("."); dot > 0; dot = text.indexOf(".", dot + 1)) {
      const next = this.formats.get(text.slice(0, dot))?.get(node);
      if (next !== undefined) out[count++] = next;
    }
    return count;
  }

  /** What ends at `node`: undefined, one item, or a list in order. */
  at(node: number): Item | readonly Item[] | undefined {
    return this.items[node];
  }

  /** Puts `item` at `node`, at `index` of what ends there (last by default). */
  insert(node: number, item: Item, index?: number): void {
    const there = this.items[node];
    if (there === undefined) this.items[node] = item;
    else if (!Array.isArray(there)) this.items[node] = index === 0 ? [item, there] : [there, item];
    else there.splice(index ?? there.length, 0, item);
  }

  /** Takes the first item that `is` out of what ends at `node`. */
  remove(node: number, is: (item: Item) => boolean): void {
    const there = this.items[node];
    if (!Array.isArray(there)) {
      if (there !== undefined && is(there)) this.items[node] = undefined;
      return;
    }
    there.splice(there.findIndex(is), 1);
    if (there.length === 1) this.items[node] = there[0];
  }

  /** The lists copied at the size they hold: a list grown by push keeps room for more items, which most never get. */
  fit(): void {
    for (let node = 0; node < this.size; node++) {
      const there = this.items[node];
      if (Array.isArray(there)) this.items[node] = there.slice();
    }
  }

  private noteHead(node: number, length: number): void {
    if (length <= LONGEST_BIT) {
      this.heads[node] |= 1 << (length - 1);
      return;
    }
    this.heads[node] |= LONG;
    const longer = this.longHeads.get(node);
    if (!longer) this.longHeads.set(node, [length]);
    else if (!longer.includes(length)) longer.push(length);
  }

  private partialOf(node: number, text: string, length: number, out: number[], count: number): number {
    const next = this.partials.get(length === text.length ? text : text.slice(0, length))?.get(node);
    if (next !== undefined) out[count++] = next;
    return count;
  }

  private made(): number {
    const node = this.size++;
    if (node === this.param.length) {
      this.param = grown(this.param);
      this.heads = grown(this.heads);
      this.formatted = grown(this.formatted);
    }
    this.items.push(undefined);
    return node;
  }
}

const INITIAL = 64;
const LONGEST_BIT = 31;
const LONG = 1 << 31;

function grown<Table extends Int32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>>(table: Table): Table {
  const larger = new (table.constructor as new (length: number) => Table)(table.length * 2);
  larger.set(table);
  return larger;
}
