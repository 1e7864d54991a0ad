/**
 * The answers for the static paths a route set spells (`/posts`, `/posts/search`, `/about`), by
 * method class: a request for one of them is a lookup of its path once the walk has answered it.
 * Only those paths are kept, so the table never outgrows the route set, whatever requests come;
 * and every answer is the walk's own for that path and method class, kept only where the path and
 * method alone decide it (no values, no mount: Recognizer.best).
 */
export class StaticAnswers {
  /** By path, the route index per method class: UNASKED until the walk answers, WALKED where it must always be walked. */
  private readonly answers = new Map<string, Int32Array | null>();
  /**
   * One bit per pair of a path's length and last character among the static paths: most other
   * requests (an id's digits at the end, a format) are passed over without hashing their path.
   */
  private readonly filter = new Uint32Array(FILTER_BITS / 32);

  constructor(
    paths: Iterable<string>,
    /** How many method classes the recogniser has. */
    private readonly classes: number,
  ) {
    for (const path of paths) {
      this.answers.set(path, null);
      const bit = filterBit(path);
      this.filter[bit >>> 5] |= 1 << (bit & 31);
    }
  }

  /** The answers of `path` by method class, made on first asking; undefined where it is not a static path. */
  of(path: string): Int32Array | undefined {
    const bit = filterBit(path);
    if ((this.filter[bit >>> 5] & (1 << (bit & 31))) === 0) return undefined;
    const answers = this.answers.get(path);
    if (answers !== null) return answers;
    const made = new Int32Array(this.classes).fill(UNASKED);
    this.answers.set(path, made);
    return made;
  }
}

/** Not yet answered for this method class. */
export const UNASKED = -1;
/** Answered with values or a mount's split, which the walk gives each time. */
export const WALKED = -2;

const FILTER_BITS = 64 * 128;

/** A path's bit: its length (modulo 64) and its last character (modulo 128). */
function filterBit(path: string): number {
  return ((path.length & 63) << 7) | (path.charCodeAt(path.length - 1) & 127);
}
