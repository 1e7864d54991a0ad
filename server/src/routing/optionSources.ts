import { OptionSource, Span } from "./declarations";

/**
 * Option key paths (`member`, `member.mark`, `has_many.0`) to the ranges of the key and value that
 * wrote them, in the order written; setting a path again replaces its ranges in place, as a Map
 * does. Two flat lists rather than a Map of `{ key, value }` objects: every declaration of a
 * workspace holds one, and a dozen options cost a third of the memory. Paths are looked up by a
 * scan while few, through an index once many.
 */
export class OptionSources {
  private readonly paths: string[] = [];
  /** Key and value range of each path, two entries a path. */
  private readonly ranges: Span[] = [];
  private index: Map<string, number> | undefined;

  get(path: string): OptionSource | undefined {
    const at = this.find(path);
    return at < 0 ? undefined : { key: this.ranges[2 * at], value: this.ranges[2 * at + 1] };
  }

  has(path: string): boolean {
    return this.find(path) >= 0;
  }

  set(path: string, source: OptionSource): this {
    let at = this.find(path);
    if (at < 0) {
      at = this.paths.push(path) - 1;
      this.index?.set(path, at);
    }
    this.ranges[2 * at] = source.key;
    this.ranges[2 * at + 1] = source.value;
    return this;
  }

  *[Symbol.iterator](): IterableIterator<[string, OptionSource]> {
    for (let at = 0; at < this.paths.length; at++) yield [this.paths[at], { key: this.ranges[2 * at], value: this.ranges[2 * at + 1] }];
  }

  private find(path: string): number {
    if (this.index) return this.index.get(path) ?? -1;
    if (this.paths.length <= SCAN_LIMIT) return this.paths.indexOf(path);
    this.index = new Map(this.paths.map((p, at) => [p, at]));
    return this.index.get(path) ?? -1;
  }
}

const SCAN_LIMIT = 32;
