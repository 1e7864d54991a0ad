/** A half-open range of UTF-16 offsets into the routing file's text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}
