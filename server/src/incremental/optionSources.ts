import type { OptionSource, OptionSourceLookup, Span } from "resource-routes/internal";

/** What ranges may be kept relative to: a top-level statement of a routing file, which an edit moves whole. */
export interface SpanAnchor {
  readonly pos: number;
}

/** A range kept as offsets from an anchor: where it is now follows where the anchor is. */
export class AnchoredSpan implements Span {
  constructor(
    readonly anchor: SpanAnchor,
    readonly from: number,
    readonly to: number,
  ) {}

  get start(): number {
    return this.anchor.pos + this.from;
  }

  get end(): number {
    return this.anchor.pos + this.to;
  }

  /** Written out as any range is: its offsets in the file now. */
  toJSON(): Span {
    return { start: this.start, end: this.end };
  }
}

/**
 * Option key paths (`member`, `member.mark`, `has_many.0`) to the ranges of the key and value that
 * wrote them, in the order written; setting a path again replaces its ranges in place, as a Map
 * does. Flat lists rather than a Map of `{ key, value }` objects: every declaration of a workspace
 * holds one, and a dozen options cost a third of the memory. Ranges anchored to the declaration's
 * statement (all but those of a const's value read from outside it) are kept as four offsets a
 * path, and made into range objects when asked for: every declaration keeps them, and most are
 * never asked.
 * Paths are looked up by a scan while few, through an index once many.
 */
export class OptionSources implements OptionSourceLookup {
  private paths: string[] = [];
  /** Key start, key end, value start and value end of each path, from `anchor`. */
  private offsets: number[] = [];
  /** The anchor of the ranges kept as offsets: the first given. */
  private anchor: SpanAnchor | undefined;
  /** The ranges of paths not kept as offsets, by the path's index. */
  private loose: Map<number, OptionSource> | undefined;
  private index: Map<string, number> | undefined;

  get(path: string): OptionSource | undefined {
    const at = this.find(path);
    return at < 0 ? undefined : this.sourceAt(at);
  }

  has(path: string): boolean {
    return this.find(path) >= 0;
  }

  set(path: string, source: OptionSource): this {
    const { key, value } = source;
    if (
      key instanceof AnchoredSpan &&
      value instanceof AnchoredSpan &&
      key.anchor === value.anchor &&
      this.setAnchored(path, key.anchor, key.from, key.to, value.from, value.to)
    )
      return this;
    const at = this.slot(path);
    // Offsets of no meaning, so that the list stays one of small integers without holes.
    this.offsets[4 * at] = this.offsets[4 * at + 1] = this.offsets[4 * at + 2] = this.offsets[4 * at + 3] = 0;
    (this.loose ??= new Map()).set(at, source);
    return this;
  }

  /**
   * Sets a path's key and value ranges as offsets from `anchor`, with no range object made (the
   * analyser records every option of every declaration so); false, and nothing set, when the
   * ranges it keeps are anchored elsewhere.
   */
  setAnchored(path: string, anchor: SpanAnchor, keyFrom: number, keyTo: number, valueFrom: number, valueTo: number): boolean {
    this.anchor ??= anchor;
    if (anchor !== this.anchor) return false;
    const at = this.slot(path);
    this.offsets[4 * at] = keyFrom;
    this.offsets[4 * at + 1] = keyTo;
    this.offsets[4 * at + 2] = valueFrom;
    this.offsets[4 * at + 3] = valueTo;
    this.loose?.delete(at);
    return true;
  }

  /**
   * Gives back the room the lists grew into, once the options are read (a later set grows them
   * again): V8 grows a list by half again and 16 more, and every declaration of a workspace keeps
   * its lists, so the room would never be used.
   */
  trim(): void {
    this.paths = this.paths.slice();
    this.offsets = this.offsets.slice();
  }

  *[Symbol.iterator](): IterableIterator<[string, OptionSource]> {
    for (let at = 0; at < this.paths.length; at++) yield [this.paths[at], this.sourceAt(at)];
  }

  private sourceAt(at: number): OptionSource {
    const loose = this.loose?.get(at);
    if (loose) return loose;
    const anchor = this.anchor!;
    const offsets = this.offsets;
    return { key: new AnchoredSpan(anchor, offsets[4 * at], offsets[4 * at + 1]), value: new AnchoredSpan(anchor, offsets[4 * at + 2], offsets[4 * at + 3]) };
  }

  /** The index of `path`, added at the end when new. */
  private slot(path: string): number {
    let at = this.find(path);
    if (at < 0) {
      at = this.paths.push(path) - 1;
      this.index?.set(path, at);
    }
    return at;
  }

  private find(path: string): number {
    if (this.index) return this.index.get(path) ?? -1;
    if (this.paths.length <= SCAN_LIMIT) return this.paths.indexOf(path);
    this.index = new Map(this.paths.map((p, at) => [p, at]));
    return this.index.get(path) ?? -1;
  }
}

const SCAN_LIMIT = 32;
