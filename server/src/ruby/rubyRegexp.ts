/*
 * Ruby's regular expressions (Onigmo) in JavaScript's terms. Many constructs are written alike and
 * mean other things (a class inside a class, `{,3}`, `.` and `\r`, `^` at a line's start), so a
 * Ruby source is never copied: it is read construct by construct and each is written as the
 * JavaScript that matches the same strings, or the whole is refused naming the construct that has
 * no JavaScript equivalent. The JavaScript side is a regular expression without the `u` flag, as
 * route requirements are.
 */

/** A Ruby regexp as JavaScript's, or why it cannot be one. */
export type JavascriptRegexp = { source: string; flags: string } | { refused: string };

/** Ruby's `\s`: ASCII whitespace alone (JavaScript's takes in Unicode's spaces). */
const SPACE = " \\t\\n\\v\\f\\r";
const HEX_DIGIT = "0-9a-fA-F";

/** POSIX brackets, as the ASCII sets that a percent-encoded path is made of. */
const POSIX: Record<string, string> = {
  alnum: "a-zA-Z0-9",
  alpha: "a-zA-Z",
  ascii: "\\x00-\\x7f",
  blank: " \\t",
  cntrl: "\\x00-\\x1f\\x7f",
  digit: "0-9",
  graph: "\\x21-\\x7e",
  lower: "a-z",
  print: "\\x20-\\x7e",
  punct: "!-\\/:-@\\[-`{-~",
  space: SPACE,
  upper: "A-Z",
  word: "\\w",
  xdigit: HEX_DIGIT,
};

/** Escapes that mean the same character or set in both, written as they are. */
const SAME_ESCAPES = new Set(["d", "D", "w", "W", "t", "n", "r", "f", "v"]);

/** Escapes with no JavaScript equivalent, by what they are. */
const REFUSED_ESCAPES: Record<string, string> = {
  b: "a word boundary \\b (Ruby counts non-ASCII letters as word characters)",
  B: "a word boundary \\B (Ruby counts non-ASCII letters as word characters)",
  G: "the match-start anchor \\G",
  K: "\\K (keep the text matched so far out of the match)",
  R: "the line-break escape \\R",
  X: "the grapheme cluster escape \\X",
  g: "a subexpression call \\g",
  p: "a character property \\p{…}",
  P: "a character property \\P{…}",
  y: "a text segment boundary \\y",
  Y: "a text segment boundary \\Y",
  C: "a control escape \\C-",
  M: "a meta escape \\M-",
  O: "\\O",
  N: "\\N",
};

class Refused extends Error {}

/** Whether a Ruby source uses named groups: then its plain groups do not capture, and numbered references are an error. */
function usesNamedGroups(source: string): boolean {
  for (let i = 0; i < source.length; i++) {
    if (source[i] === "\\") i++;
    else if (source.startsWith("(?<", i) && source[i + 3] !== "=" && source[i + 3] !== "!") return true;
    else if (source.startsWith("(?'", i)) return true;
  }
  return false;
}

interface Options {
  ignoreCase: boolean;
  multiline: boolean;
  extended: boolean;
}

class Translation {
  private at = 0;
  private out = "";
  private readonly named: boolean;
  /** The options outside each open group, and whether the group is a look-around. */
  private readonly stack: Array<{ options: Options; lookAround: boolean }> = [];
  /** Whether the last atom was an anchor or a look-around: Ruby repeats those otherwise, or not at all. */
  private assertion = false;

  constructor(
    private readonly source: string,
    private options: Options,
    private readonly ignoreCase: boolean,
  ) {
    this.named = usesNamedGroups(source);
  }

  run(): string {
    while (this.at < this.source.length) this.atom();
    return this.out;
  }

  private atom(): void {
    const { source } = this;
    const char = source[this.at];
    if (this.options.extended && /[ \t\n\r\f\v]/.test(char)) {
      this.at++;
      return;
    }
    if (this.options.extended && char === "#") {
      const end = source.indexOf("\n", this.at);
      this.at = end < 0 ? source.length : end + 1;
      return;
    }
    const afterAssertion = this.assertion;
    this.assertion = false;
    if ("*+?{".includes(char) && afterAssertion && !(char === "{" && !/^\{\d*,?\d*\}/.test(source.slice(this.at))))
      throw new Refused("a quantifier on an anchor or a look-around");
    switch (char) {
      case "\\": {
        const escaped = this.escape(false);
        this.assertion = escaped.startsWith("^") || escaped.startsWith("$") || escaped.startsWith("(?=");
        this.out += escaped;
        return;
      }
      case "[":
        this.characterClass();
        return;
      case "(":
        this.group();
        return;
      case ")": {
        const closed = this.stack.pop();
        if (closed) this.options = closed.options;
        this.assertion = closed?.lookAround ?? false;
        this.emit(")");
        return;
      }
      case ".":
        this.emit(this.options.multiline ? "[\\s\\S]" : "[^\\n]");
        return;
      case "^":
        // At the source's start both Rails and the facility refuse it as an anchor; elsewhere it is a
        // line's start: the text's, or after a line break that does not end the text.
        this.emit(this.at === 0 ? "^" : "(?:^|(?<=\\n)(?!$))");
        this.assertion = true;
        return;
      case "$":
        this.emit(this.at === source.length - 1 ? "$" : "(?![^\\n])");
        this.assertion = true;
        return;
      case "*":
      case "+":
      case "?":
        this.emit(char);
        this.quantifierSuffix(false);
        return;
      case "{":
        this.brace();
        return;
      default:
        this.emit(literal(char));
    }
  }

  private emit(text: string, length = 1): void {
    this.out += text;
    this.at += length;
  }

  /** After a quantifier: `?` makes it lazy in both; `+` is possessive in Ruby (after `*+?`) or a second quantifier (after `{}`). */
  private quantifierSuffix(braced: boolean): void {
    const next = this.source[this.at];
    if (next === "?") this.emit("?");
    else if (next === "+") throw new Refused(braced ? "a quantifier on a quantifier ({n,m}+)" : "a possessive quantifier");
  }

  private brace(): void {
    const rest = this.source.slice(this.at);
    const match = /^\{(\d*)(,(\d*))?\}/.exec(rest);
    // `{n}`, `{n,}`, `{n,m}` and `{,m}` repeat; any other brace is itself.
    if (!match || (match[1] === "" && !match[3])) {
      this.emit("\\{");
      return;
    }
    const [whole, min, comma, max] = match;
    this.emit(`{${min || "0"}${comma ? `,${max}` : ""}}`, whole.length);
    // Ruby reads `{n}?` as an optional `{n}`, JavaScript as a lazy one (the same as `{n}`).
    if (!comma && this.source[this.at] === "?") throw new Refused("{n}? (in Ruby, an optional repetition)");
    this.quantifierSuffix(true);
  }

  private group(): void {
    const { source } = this;
    const rest = source.slice(this.at);
    this.stack.push({ options: this.options, lookAround: /^\(\?<?[=!]/.test(rest) });
    if (!rest.startsWith("(?")) {
      this.emit(this.named ? "(?:" : "(");
      return;
    }
    const named = /^\(\?(?:<([^>=!]*)>|'([^']*)')/.exec(rest);
    if (named) {
      const name = named[1] ?? named[2];
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Refused(`the group name ${name}`);
      this.emit(`(?<${name}>`, named[0].length);
      return;
    }
    for (const same of ["(?:", "(?=", "(?!", "(?<=", "(?<!"])
      if (rest.startsWith(same)) {
        this.emit(same, same.length);
        return;
      }
    if (rest.startsWith("(?#")) {
      this.stack.pop();
      const end = source.indexOf(")", this.at);
      if (end < 0) throw new Refused("an unclosed comment group (?#");
      this.at = end + 1;
      return;
    }
    const options = /^\(\?([imx]*)(?:-([imx]*))?([:)])/.exec(rest);
    if (!options) {
      if (rest.startsWith("(?>")) throw new Refused("an atomic group (?>…)");
      if (rest.startsWith("(?~")) throw new Refused("an absence operator (?~…)");
      if (rest.startsWith("(?(")) throw new Refused("a conditional group (?(…)…)");
      throw new Refused(`the group ${rest.slice(0, 4)}`);
    }
    const [whole, on, off = "", end] = options;
    const set = (flag: string, was: boolean) => (on.includes(flag) ? true : off.includes(flag) ? false : was);
    const changed = { ignoreCase: set("i", this.options.ignoreCase), multiline: set("m", this.options.multiline), extended: set("x", this.options.extended) };
    // JavaScript (without the modifiers of newer engines) cannot change case-sensitivity within a pattern.
    if (changed.ignoreCase !== this.ignoreCase) throw new Refused(`inline options ${whole} that turn case-insensitivity ${changed.ignoreCase ? "on" : "off"}`);
    this.at += whole.length;
    if (end === ":") {
      this.out += "(?:";
      this.options = changed;
    } else {
      // `(?m)` alone: the options hold to the end of the enclosing group.
      this.stack.pop();
      this.options = changed;
    }
  }

  private characterClass(): void {
    const { source } = this;
    this.emit("[");
    if (source[this.at] === "^") this.emit("^");
    // A `]` first is a literal in Ruby; in JavaScript `[]` is the empty class.
    if (source[this.at] === "]") this.emit("\\]");
    for (;;) {
      const char = source[this.at];
      if (char === undefined) throw new Refused("an unclosed character class");
      if (char === "]") {
        this.emit("]");
        return;
      }
      if (char === "[") {
        const posix = /^\[:(\^?)([a-z]+):\]/.exec(source.slice(this.at));
        if (!posix) throw new Refused("a character class inside a character class (a set union)");
        if (posix[1] || !(posix[2] in POSIX)) throw new Refused(`the POSIX bracket ${posix[0]}`);
        this.emit(POSIX[posix[2]], posix[0].length);
        continue;
      }
      if (source.startsWith("&&", this.at)) throw new Refused("a character class intersection (&&)");
      if (char === "\\") this.out += this.escape(true);
      // A `/` needs no escape in a class, and JavaScript's own source leaves it bare there.
      else this.emit(char === "/" ? char : literal(char));
    }
  }

  /** The escape at `this.at` (a backslash), as JavaScript writes it in or outside a class. */
  private escape(inClass: boolean): string {
    const { source } = this;
    const char = source[this.at + 1];
    this.at += 2;
    if (char === undefined) throw new Refused("a trailing backslash");
    if (SAME_ESCAPES.has(char)) return `\\${char}`;
    // In a class both read \b as a backspace.
    if (inClass && char === "b") return "\\x08";
    switch (char) {
      case "s":
        return inClass ? SPACE : `[${SPACE}]`;
      case "h":
        return inClass ? HEX_DIGIT : `[${HEX_DIGIT}]`;
      case "S":
      case "H":
        if (inClass) throw new Refused(`\\${char} inside a character class`);
        return `[^${char === "S" ? SPACE : HEX_DIGIT}]`;
      case "a":
        return "\\x07";
      case "e":
        return "\\x1b";
      case "A":
      case "z":
      case "Z":
        if (inClass) throw new Refused(`\\${char} inside a character class`);
        if (char === "A") return "^";
        // At the end both Rails and the facility refuse it as an anchor.
        return char === "z" || this.at === source.length ? "$" : "(?=\\n?$)";
      case "x": {
        const hex = /^[0-9a-fA-F]{1,2}/.exec(source.slice(this.at))?.[0];
        if (!hex) throw new Refused("\\x without hexadecimal digits");
        this.at += hex.length;
        return `\\x${hex.padStart(2, "0")}`;
      }
      case "u": {
        const rest = source.slice(this.at);
        const four = /^[0-9a-fA-F]{4}/.exec(rest)?.[0];
        if (four) {
          this.at += 4;
          return `\\u${four}`;
        }
        const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(rest);
        if (!braced || parseInt(braced[1], 16) > 0xffff) throw new Refused("a \\u{…} escape outside the Basic Multilingual Plane, or of several characters");
        this.at += braced[0].length;
        return `\\u${braced[1].padStart(4, "0")}`;
      }
      case "c": {
        const letter = source[this.at];
        if (!letter || !/[A-Za-z]/.test(letter)) throw new Refused("a control escape \\c of a character that is not a letter");
        this.at++;
        return `\\c${letter}`;
      }
      case "k": {
        const reference = /^(?:<([A-Za-z_$][\w$]*)>|'([A-Za-z_$][\w$]*)')/.exec(source.slice(this.at));
        if (!reference || inClass) throw new Refused("a numbered or relative back reference \\k");
        this.at += reference[0].length;
        return `\\k<${reference[1] ?? reference[2]}>`;
      }
      case "0": {
        const octal = /^[0-7]{0,2}/.exec(source.slice(this.at))![0];
        this.at += octal.length;
        return `\\x${parseInt(`0${octal}`, 8).toString(16).padStart(2, "0")}`;
      }
    }
    if (/[1-9]/.test(char)) {
      if (inClass || /[0-9]/.test(source[this.at] ?? "")) throw new Refused("an octal escape or a back reference of several digits");
      if (this.named) throw new Refused("a numbered back reference where the groups are named");
      return `\\${char}`;
    }
    if (char in REFUSED_ESCAPES) throw new Refused(REFUSED_ESCAPES[char]);
    if (/[A-Za-z]/.test(char)) throw new Refused(`the escape \\${char}`);
    // A `/`, escaped or not, is written one way: bare in a class, escaped outside (Ruby's own source drops the escape).
    if (char === "/") return inClass ? "/" : "\\/";
    // An escaped punctuation mark, space or other character: the character itself.
    return /[\\^$.*+?()[\]{}|-]/.test(char) ? `\\${char}` : literal(char);
  }
}

/** A character as it stands in a regular expression literal: `/` and line terminators escaped. */
function literal(char: string): string {
  switch (char) {
    case "/":
      return "\\/";
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "\u2028":
      return "\\u2028";
    case "\u2029":
      return "\\u2029";
    default:
      return char;
  }
}

/** Ruby's regexp `/source/flags` (flags of `imx`) as a JavaScript regular expression matching the same strings, or the construct that has none. */
export function javascriptRegexp(source: string, flags: string): JavascriptRegexp {
  const ignoreCase = flags.includes("i");
  let translated: string;
  try {
    translated = new Translation(source, { ignoreCase, multiline: flags.includes("m"), extended: flags.includes("x") }, ignoreCase).run();
  } catch (error) {
    if (error instanceof Refused) return { refused: error.message };
    throw error;
  }
  const javascriptFlags = ignoreCase ? "i" : "";
  try {
    new RegExp(translated, javascriptFlags);
  } catch (error) {
    return { refused: `no JavaScript regular expression (${(error as Error).message})` };
  }
  return { source: translated, flags: javascriptFlags };
}
