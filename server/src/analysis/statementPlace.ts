/**
 * Where a top-level statement of the draw() callback lies now (from its leading trivia to its
 * end). The ranges read inside it are kept relative to it, so an edit before the statement moves
 * them all by moving this one object: moving each range would make every edit cost in proportion
 * to the ranges after it, and more as a long session scatters them through the heap. A range inside it is an AnchoredSpan (routing/optionSources.ts) on it.
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
