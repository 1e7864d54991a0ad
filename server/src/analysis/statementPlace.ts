import { Span } from "../routing/declarations";

/**
 * Where a top-level statement of the draw() callback lies now (from its leading trivia to its
 * end). The ranges read inside it are kept relative to it, so an edit before the statement moves
 * them all by moving this one object: moving each range made every edit cost in proportion to the
 * ranges after it (110,000 on 100,000 routes), and more as a long session scattered them through
 * the heap.
 */
export class StatementPlace {
  constructor(
    public pos: number,
    public end: number,
  ) {}

  move(delta: number): void {
    this.pos += delta;
    this.end += delta;
  }

  holds(start: number, end: number): boolean {
    return start >= this.pos && end <= this.end;
  }
}

/** A range inside a statement, as offsets from where the statement begins. */
export class PlacedSpan implements Span {
  constructor(
    private readonly place: StatementPlace,
    private readonly from: number,
    private readonly to: number,
  ) {}

  get start(): number {
    return this.place.pos + this.from;
  }

  get end(): number {
    return this.place.pos + this.to;
  }

  /** Written out as any range is: its offsets in the file now. */
  toJSON(): Span {
    return { start: this.start, end: this.end };
  }
}
