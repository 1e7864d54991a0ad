/**
 * A requirement as recognition tests it: the whole value must match (`^(?:pattern)$`). The
 * requirements applications write most (`\d+`, `[a-z0-9-]+`) are tested by a table of the
 * characters they accept instead of the regular expression engine: same answer, a fraction of the
 * time on the hot path.
 */
export interface ValuePattern {
  /** The requirement's source and flags, which tell two patterns apart. */
  readonly source: string;
  readonly flags: string;
  test(value: string): boolean;
}

export function valuePattern(requirement: RegExp): ValuePattern {
  return asCharacterRun(requirement) ?? new RegExp(`^(?:${requirement.source})$`, requirement.flags.replace(/[gy]/g, ""));
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
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code >= 128 || this.accepted[code] === 0) return false;
    }
    return true;
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
