import { escapeRegExp } from "../../text/regExpText";
import { DEFAULT_SEGMENT_PATTERN, PathSegment } from "../model/path";
import { ValuePattern, valuePattern } from "./valuePattern";

/**
 * Matching one request segment (the text between two `/`) against a route's mixed or dynamic
 * segment, such as `:id`, `page-:number`, `:year-:month-:day` or B's `:id.:format`.
 *
 * Segments whose parameters all take the default pattern (anything but `/ . ?`) are matched by a
 * small dynamic programme in time linear in the segment: a regular expression with several
 * `[^/.?]+` groups backtracks, and `/archive/` + 2,000 dashes took seconds. The result is the one
 * the regular expression gives (each parameter as long as the rest still allows, left to right).
 * A parameter with its own requirement keeps a regular expression: its pattern is the
 * application's, and so is its cost.
 */
export interface SegmentMatcher {
  /** Which matcher it is, with its keys: routes with the same segment share one trie edge. */
  readonly id: string;
  /** Pushes `key, raw value` pairs onto `values` and returns true when `segment` matches. */
  match(segment: string, values: PairSink): boolean;
}

/** Where a matcher puts the pairs it matches: recognition's ValueStack (an array of pairs takes them too). */
interface PairSink {
  push(key: string, value: string): void;
}

type Item = { kind: "static"; text: string } | { kind: "param"; key: string };

const DOT = 46;

export function segmentMatcher(segment: PathSegment, requirement: (key: string) => RegExp | undefined, optionalFormat: boolean): SegmentMatcher {
  const items: Item[] = segment.map((part) => (part.kind === "static" ? part : { kind: "param", key: part.key }));
  if (optionalFormat) {
    items.pop(); // :format
    const dot = items.pop() as { kind: "static"; text: string };
    if (dot.text.length > 1) items.push({ kind: "static", text: dot.text.slice(0, -1) });
  }
  const keys = items.flatMap((item) => (item.kind === "param" ? [item.key] : []));
  if (keys.length === 1) return new SingleParamMatcher(items, optionalFormat, requirement);
  if (optionalFormat) keys.push("format");
  if (keys.some((key) => requirement(key))) return new PatternMatcher(items, optionalFormat, requirement);
  return new DefaultMatcher(items, optionalFormat);
}

/**
 * The common case, one parameter between static text (`:id`, `page-:n`, B's `:id.:format`): no
 * search at all. The value is the text between the head and the tail, or, with an optional
 * format, the same with a last `.format` taken off when the whole does not fit: the longest value
 * that matches, as the regular expression's greedy group gives it.
 */
class SingleParamMatcher implements SegmentMatcher {
  readonly id: string;
  private readonly head: string;
  private readonly tail: string;
  private readonly key: string;
  private readonly pattern?: ValuePattern;
  private readonly formatPattern?: ValuePattern;
  /** The segment is the parameter alone (and maybe the optional format), with the default patterns. */
  private readonly bare: boolean;

  constructor(
    items: readonly Item[],
    private readonly optionalFormat: boolean,
    requirement: (key: string) => RegExp | undefined,
  ) {
    const at = items.findIndex((item) => item.kind === "param");
    const text = (part: readonly Item[]) => part.map((item) => (item.kind === "static" ? item.text : "")).join("");
    this.head = text(items.slice(0, at));
    this.tail = text(items.slice(at + 1));
    this.key = (items[at] as { key: string }).key;
    const anchored = (key: string) => {
      const own = requirement(key);
      return own && valuePattern(own);
    };
    this.pattern = anchored(this.key);
    if (optionalFormat) this.formatPattern = anchored("format");
    this.bare = this.head === "" && this.tail === "" && !this.pattern && !this.formatPattern;
    this.id = `single:${optionalFormat ? "?" : ""}${this.head.length}:${this.head}:${this.key}:${this.tail}:${patternId(this.pattern)}:${patternId(this.formatPattern)}`;
  }

  match(segment: string, values: PairSink): boolean {
    const { head, tail } = this;
    if (this.bare) return this.matchBare(segment, values);
    if (head !== "" && !segment.startsWith(head)) return false;
    const end = segment.length - tail.length;
    if (end > head.length && (tail === "" || segment.endsWith(tail))) {
      const value = head === "" && tail === "" ? segment : segment.slice(head.length, end);
      if (this.fits(value, this.pattern)) {
        values.push(this.key, value);
        return true;
      }
    }
    if (!this.optionalFormat) return false;
    const dot = segment.lastIndexOf(".");
    const valueEnd = dot - tail.length;
    if (dot < 0 || dot === segment.length - 1 || valueEnd <= head.length || !segment.startsWith(tail, valueEnd)) return false;
    const value = segment.slice(head.length, valueEnd);
    const format = segment.slice(dot + 1);
    if (!this.fits(value, this.pattern) || !this.fits(format, this.formatPattern)) return false;
    values.push(this.key, value);
    values.push("format", format);
    return true;
  }

  /**
   * The usual segment, `:id` or `:id(.:format)` with the default patterns, in one search for a dot:
   * none, the whole segment is the value; one, with an optional format, the value and the format
   * around it (each not empty); more, no match, as neither may hold a dot.
   */
  private matchBare(segment: string, values: PairSink): boolean {
    const dot = segment.indexOf(".");
    if (dot < 0) {
      if (segment.length === 0) return false;
      values.push(this.key, segment);
      return true;
    }
    if (!this.optionalFormat || dot === 0 || dot === segment.length - 1 || segment.indexOf(".", dot + 1) >= 0) return false;
    values.push(this.key, segment.slice(0, dot));
    values.push("format", segment.slice(dot + 1));
    return true;
  }

  /** A value of the parameter's own pattern, or of the default one (no `.`; `/` and `?` cannot occur in a segment). */
  private fits(value: string, pattern: ValuePattern | undefined): boolean {
    return pattern ? pattern.test(value) : value.length > 0 && !value.includes(".");
  }
}

/** A value pattern as matcher ids tell it apart: its source and flags (`/abc/` and `/abc/i` accept different values). */
function patternId(pattern: ValuePattern | undefined): string {
  return pattern ? `${pattern.flags}/${pattern.source}` : "";
}

/** The static text a segment starts with, by which the trie indexes it (`page-` of `page-:number`). */
export function segmentHead(segment: PathSegment): string {
  return segment[0]?.kind === "static" ? segment[0].text : "";
}

class DefaultMatcher implements SegmentMatcher {
  readonly id: string;

  constructor(
    private readonly items: readonly Item[],
    private readonly optionalFormat: boolean,
  ) {
    this.id = `default:${optionalFormat ? "?" : ""}${items.map((i) => (i.kind === "static" ? `s${i.text.length}:${i.text}` : `:${i.key}`)).join("")}`;
  }

  match(segment: string, values: PairSink): boolean {
    const n = segment.length;
    const items = this.items;
    // nextDot[i]: the first "." at or after i (n when none): a default parameter starting at i ends by then.
    const nextDot = new Int32Array(n + 1);
    nextDot[n] = n;
    for (let i = n - 1; i >= 0; i--) nextDot[i] = segment.charCodeAt(i) === DOT ? i : nextDot[i + 1];
    // latest[j][i]: the largest e <= i from which items j.. match the rest of the segment (-1: none).
    const latest: Int32Array[] = new Array(items.length + 1);
    let after = new Int32Array(n + 1);
    for (let i = 0, best = -1; i <= n; i++) after[i] = best = this.endsAt(segment, i, nextDot) ? i : best;
    latest[items.length] = after;
    for (let j = items.length - 1; j >= 0; j--) {
      const item = items[j];
      const here = new Int32Array(n + 1);
      for (let i = 0, best = -1; i <= n; i++) {
        const ok =
          item.kind === "static"
            ? segment.startsWith(item.text, i) && i + item.text.length <= n && after[i + item.text.length] === i + item.text.length
            : after[nextDot[i]] > i;
        here[i] = best = ok ? i : best;
      }
      latest[j] = after = here;
    }
    if (latest[0][0] !== 0) return false;
    // Left to right, each parameter as long as the rest still matches: the regular expression's choice.
    let at = 0;
    for (let j = 0; j < items.length; j++) {
      const item = items[j];
      if (item.kind === "static") {
        at += item.text.length;
        continue;
      }
      const end = latest[j + 1][nextDot[at]];
      values.push(item.key, segment.slice(at, end));
      at = end;
    }
    if (this.optionalFormat && at < n) values.push("format", segment.slice(at + 1));
    return true;
  }

  /** Whether the segment may end at `i`: at its end, or (B) before a last `.format`. */
  private endsAt(segment: string, i: number, nextDot: Int32Array): boolean {
    const n = segment.length;
    if (i === n) return true;
    return this.optionalFormat && segment.charCodeAt(i) === DOT && i + 1 < n && nextDot[i + 1] === n;
  }
}

/** Segments with a parameter of the application's own pattern: a regular expression, as the original had. */
class PatternMatcher implements SegmentMatcher {
  readonly id: string;
  private readonly regex: RegExp;
  private readonly keys: string[] = [];

  constructor(items: readonly Item[], optionalFormat: boolean, requirement: (key: string) => RegExp | undefined) {
    const patternOf = (key: string) => {
      const own = requirement(key);
      return own ? nonCapturing(own.source) : DEFAULT_SEGMENT_PATTERN;
    };
    let source = "";
    for (const item of items) {
      if (item.kind === "static") source += escapeRegExp(item.text);
      else {
        source += `(${patternOf(item.key)})`;
        this.keys.push(item.key);
      }
    }
    if (optionalFormat) {
      source += `(?:\\.(${patternOf("format")}))?`;
      this.keys.push("format");
    }
    this.id = `pattern:${source}\u0000${this.keys.join(",")}`;
    this.regex = new RegExp(`^${source}$`);
  }

  match(segment: string, values: PairSink): boolean {
    const match = this.regex.exec(segment);
    if (!match) return false;
    for (let i = 0; i < this.keys.length; i++) {
      const value = match[i + 1];
      if (value !== undefined) values.push(this.keys[i], value);
    }
    return true;
  }
}

/** A requirement's pattern with its own groups made non-capturing, so capture indexes stay ours. */
export function nonCapturing(source: string): string {
  return source.replace(/(\\.)|\[(?:\\.|[^\]])*\]|\((?!\?)/g, (match, escaped) => (escaped || match !== "(" ? match : "(?:"));
}
