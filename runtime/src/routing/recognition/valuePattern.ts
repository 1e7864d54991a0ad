/**
 * A requirement as recognition tests it: the whole value must match (`^(?:pattern)$`). The
 * requirements applications write most (`\d+`, `[a-z0-9-]+`, a list of words such as `en|fr|de`)
 * are tested by a table of the characters they accept, or a set of the words, instead of the
 * regular expression engine: same answer, a fraction of the time on the hot path.
 */
export interface ValuePattern {
  /** The requirement's source and flags, which tell two patterns apart. */
  readonly source: string;
  readonly flags: string;
  test(value: string): boolean;
  /** A run of characters: whether it takes the character. */
  accepts?(code: number): boolean;
  /** A list of words: the words, in the pattern's order. */
  readonly words?: readonly string[];
}

export function valuePattern(requirement: RegExp): ValuePattern {
  return asCharacterRun(requirement) ?? asWords(requirement) ?? new RegExp(`^(?:${requirement.source})$`, requirement.flags.replace(/[gy]/g, ""));
}

/** Plain words as alternatives (`en|fr|de`, a locale's list): the whole value is one of them. */
class Words implements ValuePattern {
  /** Only a requirement without flags is tested as words (asWords). */
  readonly flags = "";

  constructor(
    readonly source: string,
    /** Compared in turn: a value sliced from the request is a new string, which a set would hash first. */
    readonly words: readonly string[],
  ) {}

  test(value: string): boolean {
    const words = this.words;
    for (let i = 0; i < words.length; i++) if (words[i] === value) return true;
    return false;
  }
}

/** At most this many words are compared in turn; a longer list is left to the regular expression engine. */
const MAX_WORDS = 16;

function asWords(requirement: RegExp): Words | undefined {
  if (requirement.flags.replace(/[gyd]/g, "") !== "" || !/^[A-Za-z0-9_-]+(?:\|[A-Za-z0-9_-]+)*$/.test(requirement.source)) return undefined;
  const words = requirement.source.split("|");
  return words.length <= MAX_WORDS ? new Words(requirement.source, words) : undefined;
}

/** One or more characters of an ASCII set: `\d+`, `\w+` or a bracket class of plain characters and ranges followed by `+`. */
class CharacterRun implements ValuePattern {
  /** Only a requirement without flags is tested by a table (asCharacterRun). */
  readonly flags = "";

  constructor(
    readonly source: string,
    private readonly accepted: Uint8Array,
  ) {}

  test(value: string): boolean {
    if (value.length === 0) return false;
    for (let i = 0; i < value.length; i++) if (!this.accepts(value.charCodeAt(i))) return false;
    return true;
  }

  accepts(code: number): boolean {
    return code < 128 && this.accepted[code] === 1;
  }
}

function asCharacterRun(requirement: RegExp): CharacterRun | undefined {
  // Flags that change what a class accepts (i, m, s, u, v) leave the regular expression in charge.
  if (requirement.flags.replace(/[gyd]/g, "") !== "") return undefined;
  const source = requirement.source;
  if (!source.endsWith("+")) return undefined;
  const set = source.slice(0, -1);
  const accepted = new Uint8Array(128);
  const range = (from: string, to: string) => accepted.fill(1, from.charCodeAt(0), to.charCodeAt(0) + 1);
  if (set === "\\d") range("0", "9");
  else if (set === "\\w") {
    range("0", "9");
    range("A", "Z");
    range("a", "z");
    range("_", "_");
  } else {
    const body = /^\[([^\\[\]^][^\\[\]]*)\]$/.exec(set)?.[1];
    if (body === undefined) return undefined;
    for (let i = 0; i < body.length; i++) {
      const isRange = body[i + 1] === "-" && i + 2 < body.length;
      const from = body[i];
      const to = isRange ? body[i + 2] : from;
      if (from.charCodeAt(0) >= 128 || to.charCodeAt(0) >= 128 || to < from) return undefined;
      range(from, to);
      if (isRange) i += 2;
    }
  }
  return new CharacterRun(source, accepted);
}
