/**
 * Where a statement of the draw() callback lies now (from its leading trivia to its end). The
 * ranges read inside it are kept relative to it, so an edit before the statement moves them all by
 * moving this one object: moving each range would make every edit cost in proportion to the
 * ranges after it, and more as a long session scatters them through the heap. A range inside it is
 * an AnchoredSpan (routing/optionSources.ts) on it. A statement of a block inside another
 * statement (a namespace's) has its place kept relative to that statement's, so it moves with it,
 * and on its own with an edit before it in the block.
 */
export class StatementPlace {
  private from: number;
  private to: number;

  constructor(
    pos: number,
    end: number,
    readonly parent?: StatementPlace,
  ) {
    const base = parent ? parent.pos : 0;
    this.from = pos - base;
    this.to = end - base;
  }

  get pos(): number {
    return this.parent ? this.parent.pos + this.from : this.from;
  }

  get end(): number {
    return this.parent ? this.parent.pos + this.to : this.to;
  }

  move(delta: number): void {
    this.from += delta;
    this.to += delta;
  }

  /** An edit inside the statement changed its length by `delta`. */
  grow(delta: number): void {
    this.to += delta;
  }

  holds(start: number, end: number): boolean {
    return start >= this.pos && end <= this.end;
  }
}
