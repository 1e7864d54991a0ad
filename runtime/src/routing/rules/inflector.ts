import { escapeRegExp } from "../../text/regExpText";
import { StringMemo } from "../../text/stringMemo";
import { Behaviour } from "../model/behaviour";
import { InflectionSettings } from "../model/settings";

/**
 * Singular and plural exactly as ActiveSupport's inflector gave them: its rule list, its irregular
 * and uncountable words, and its algorithm (the rule defined last is tried first, the first that
 * matches the word's end wins). Behaviour A has Rails 2.2's list, B Rails 2.3's (one more singular
 * rule: `databases`), C ActiveSupport 6.1's (more rules, `zombie` irregular and `cow` not, `jeans`
 * and `police` uncountable, and irregular words that stay as they are: `people` pluralized is
 * `people`). The words a route set adds itself are its own: nothing is shared between route sets,
 * or with any global table.
 */

type Rule = [RegExp, string];

/** ActiveSupport 2.x's plural rules, in the order Rails defined them (`\1` written `$1`). */
const PLURALS: Rule[] = [
  [/$/, "s"],
  [/s$/i, "s"],
  [/(ax|test)is$/i, "$1es"],
  [/(octop|vir)us$/i, "$1i"],
  [/(alias|status)$/i, "$1es"],
  [/(bu)s$/i, "$1ses"],
  [/(buffal|tomat)o$/i, "$1oes"],
  [/([ti])um$/i, "$1a"],
  [/sis$/i, "ses"],
  [/(?:([^f])fe|([lr])f)$/i, "$1$2ves"],
  [/(hive)$/i, "$1s"],
  [/([^aeiouy]|qu)y$/i, "$1ies"],
  [/(x|ch|ss|sh)$/i, "$1es"],
  [/(matr|vert|ind)(?:ix|ex)$/i, "$1ices"],
  [/([m|l])ouse$/i, "$1ice"],
  [/^(ox)$/i, "$1en"],
  [/(quiz)$/i, "$1zes"],
];

/** ActiveSupport 2.2's singular rules, in the order Rails defined them. */
const SINGULARS_2_2: Rule[] = [
  [/s$/i, ""],
  [/(n)ews$/i, "$1ews"],
  [/([ti])a$/i, "$1um"],
  [/((a)naly|(b)a|(d)iagno|(p)arenthe|(p)rogno|(s)ynop|(t)he)ses$/i, "$1$2sis"],
  [/(^analy)ses$/i, "$1sis"],
  [/([^f])ves$/i, "$1fe"],
  [/(hive)s$/i, "$1"],
  [/(tive)s$/i, "$1"],
  [/([lr])ves$/i, "$1f"],
  [/([^aeiouy]|qu)ies$/i, "$1y"],
  [/(s)eries$/i, "$1eries"],
  [/(m)ovies$/i, "$1ovie"],
  [/(x|ch|ss|sh)es$/i, "$1"],
  [/([m|l])ice$/i, "$1ouse"],
  [/(bus)es$/i, "$1"],
  [/(o)es$/i, "$1"],
  [/(shoe)s$/i, "$1"],
  [/(cris|ax|test)es$/i, "$1is"],
  [/(octop|vir)i$/i, "$1us"],
  [/(alias|status)es$/i, "$1"],
  [/^(ox)en/i, "$1"],
  [/(vert|ind)ices$/i, "$1ex"],
  [/(matr)ices$/i, "$1ix"],
  [/(quiz)zes$/i, "$1"],
];

/** Rails 2.3 added one singular rule at the end of the list. */
const SINGULARS_2_3: Rule[] = [...SINGULARS_2_2, [/(database)s$/i, "$1"]];

/** ActiveSupport 2.x's irregular words (singular, plural), in the order Rails defined them. */
const IRREGULAR: Array<[string, string]> = [
  ["person", "people"],
  ["man", "men"],
  ["child", "children"],
  ["sex", "sexes"],
  ["move", "moves"],
  ["cow", "kine"],
];

/** ActiveSupport 2.x's uncountable words. */
const UNCOUNTABLE = ["equipment", "information", "rice", "money", "species", "series", "fish", "sheep"];

/** ActiveSupport 6.1's plural rules (activesupport/lib/active_support/inflections.rb), in the order defined. */
const PLURALS_6_1: Rule[] = [
  [/$/, "s"],
  [/s$/i, "s"],
  [/^(ax|test)is$/i, "$1es"],
  [/(octop|vir)us$/i, "$1i"],
  [/(octop|vir)i$/i, "$1i"],
  [/(alias|status)$/i, "$1es"],
  [/(bu)s$/i, "$1ses"],
  [/(buffal|tomat)o$/i, "$1oes"],
  [/([ti])um$/i, "$1a"],
  [/([ti])a$/i, "$1a"],
  [/sis$/i, "ses"],
  [/(?:([^f])fe|([lr])f)$/i, "$1$2ves"],
  [/(hive)$/i, "$1s"],
  [/([^aeiouy]|qu)y$/i, "$1ies"],
  [/(x|ch|ss|sh)$/i, "$1es"],
  [/(matr|vert|ind)(?:ix|ex)$/i, "$1ices"],
  [/^(m|l)ouse$/i, "$1ice"],
  [/^(m|l)ice$/i, "$1ice"],
  [/^(ox)$/i, "$1en"],
  [/^(oxen)$/i, "$1"],
  [/(quiz)$/i, "$1zes"],
];

/** ActiveSupport 6.1's singular rules, in the order defined. */
const SINGULARS_6_1: Rule[] = [
  [/s$/i, ""],
  [/(ss)$/i, "$1"],
  [/(n)ews$/i, "$1ews"],
  [/([ti])a$/i, "$1um"],
  [/((a)naly|(b)a|(d)iagno|(p)arenthe|(p)rogno|(s)ynop|(t)he)(sis|ses)$/i, "$1sis"],
  [/(^analy)(sis|ses)$/i, "$1sis"],
  [/([^f])ves$/i, "$1fe"],
  [/(hive)s$/i, "$1"],
  [/(tive)s$/i, "$1"],
  [/([lr])ves$/i, "$1f"],
  [/([^aeiouy]|qu)ies$/i, "$1y"],
  [/(s)eries$/i, "$1eries"],
  [/(m)ovies$/i, "$1ovie"],
  [/(x|ch|ss|sh)es$/i, "$1"],
  [/^(m|l)ice$/i, "$1ouse"],
  [/(bus)(es)?$/i, "$1"],
  [/(o)es$/i, "$1"],
  [/(shoe)s$/i, "$1"],
  [/(cris|test)(is|es)$/i, "$1is"],
  [/^(a)x[ie]s$/i, "$1xis"],
  [/(octop|vir)(us|i)$/i, "$1us"],
  [/(alias|status)(es)?$/i, "$1"],
  [/^(ox)en/i, "$1"],
  [/(vert|ind)ices$/i, "$1ex"],
  [/(matr)ices$/i, "$1ix"],
  [/(quiz)zes$/i, "$1"],
  [/(database)s$/i, "$1"],
];

/** ActiveSupport 6.1's irregular words: 2.x's, `zombie` added and `cow` (kine) gone. */
const IRREGULAR_6_1: Array<[string, string]> = [
  ["person", "people"],
  ["man", "men"],
  ["child", "children"],
  ["sex", "sexes"],
  ["move", "moves"],
  ["zombie", "zombies"],
];

const UNCOUNTABLE_6_1 = [...UNCOUNTABLE, "jeans", "police"];

interface RuleSet {
  plurals: readonly Rule[];
  singulars: readonly Rule[];
  irregular: ReadonlyArray<readonly [string, string]>;
  uncountable: readonly string[];
}

/** Each behaviour's lists as data (for the tests and the docs too): the rule lists in definition order. */
export const RAILS_INFLECTIONS: Readonly<Record<Behaviour, RuleSet>> = {
  A: { plurals: PLURALS, singulars: SINGULARS_2_2, irregular: IRREGULAR, uncountable: UNCOUNTABLE },
  B: { plurals: PLURALS, singulars: SINGULARS_2_3, irregular: IRREGULAR, uncountable: UNCOUNTABLE },
  C: { plurals: PLURALS_6_1, singulars: SINGULARS_6_1, irregular: IRREGULAR_6_1, uncountable: UNCOUNTABLE_6_1 },
};

/** How many words an inflector remembers each way (see StringMemo). */
const INFLECTED_WORDS = 10_000;

export class Inflector {
  /** Tried first to last: the rule defined last comes first, as Rails inserted each new rule at the front. */
  private readonly plurals: Rule[] = [];
  private readonly singulars: Rule[] = [];
  private readonly uncountables = new Set<string>();
  /** ActiveSupport 6.1's `irregular` also keeps each form as it is (`people` pluralized stays `people`). */
  private readonly keepsForms: boolean;
  /** ActiveSupport 6.1 takes a word as uncountable when it ends in one after a word boundary (`admin/police`); 2.x when its last word is one. */
  private readonly endsUncountable: boolean;

  constructor(extra: InflectionSettings = {}, behaviour: Behaviour = "B") {
    const rules = RAILS_INFLECTIONS[behaviour];
    this.keepsForms = this.endsUncountable = behaviour === "C";
    for (const rule of rules.plurals) this.plurals.unshift(rule);
    for (const rule of rules.singulars) this.singulars.unshift(rule);
    for (const [singular, plural] of rules.irregular) this.irregular(singular, plural);
    for (const word of rules.uncountable) this.uncountables.add(word);
    // An application's own words come after Rails' own, as its config/initializers/inflections.rb did.
    for (const [singular, plural] of Object.entries(extra.irregular ?? {})) this.irregular(singular, plural);
    for (const word of extra.uncountable ?? []) this.uncountables.add(word.toLowerCase());
  }

  pluralize(word: string): string {
    return this.pluralMemo.get(word);
  }

  singularize(word: string): string {
    return this.singularMemo.get(word);
  }

  /**
   * Words inflected so far, each way: a file names the same words again and again (`comments` under
   * every resource), and each word tries the rules one by one.
   */
  private readonly pluralMemo = new StringMemo(INFLECTED_WORDS, (word) => (word === "" ? word : this.inflect(word, this.plurals)));
  private readonly singularMemo = new StringMemo(INFLECTED_WORDS, (word) => this.inflect(word, this.singulars));

  private inflect(word: string, rules: readonly Rule[]): string {
    if (this.isUncountable(word.toLowerCase())) return word;
    for (const [pattern, replacement] of rules) if (pattern.test(word)) return word.replace(pattern, replacement);
    return word;
  }

  private isUncountable(lower: string): boolean {
    if (!this.endsUncountable) return this.uncountables.has(lower);
    for (const word of this.uncountables) if (lower.endsWith(word) && !isWordCharacter(lower.charCodeAt(lower.length - word.length - 1))) return true;
    return false;
  }

  /**
   * Rails' `irregular`: a rule each way for the word's end, keeping its first letter's case where
   * both forms share it; in 6.1 also a rule each way that keeps each form as it is.
   */
  private irregular(singular: string, plural: string): void {
    this.uncountables.delete(singular);
    this.uncountables.delete(plural);
    if (singular === "" || plural === "") return;
    const forms: Array<[from: string, to: string, rules: Rule[]]> = [
      [singular, plural, this.plurals],
      ...(this.keepsForms
        ? [[plural, plural, this.plurals] as [string, string, Rule[]], [singular, singular, this.singulars] as [string, string, Rule[]]]
        : []),
      [plural, singular, this.singulars],
    ];
    if (singular[0].toUpperCase() === plural[0].toUpperCase()) {
      for (const [from, to, rules] of forms)
        rules.unshift([new RegExp(`(${escapeRegExp(from[0])})${escapeRegExp(from.slice(1))}$`, "i"), `$1${dollars(to.slice(1))}`]);
      return;
    }
    // First letters that differ (cow, kine): each case of the first letter its own rule, the rest of the word in any case.
    for (const [from, to, rules] of forms)
      for (const first of [(s: string) => s.toUpperCase(), (s: string) => s.toLowerCase()])
        rules.unshift([new RegExp(`${escapeRegExp(first(from[0]))}${anyCase(from.slice(1))}$`), dollars(first(to[0]) + to.slice(1))]);
  }
}

/** Whether a character code is one of Ruby's (and JavaScript's) `\w`: what `\b` stands between; NaN (before the start) is not. */
function isWordCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** A replacement's `$` taken literally. */
function dollars(text: string): string {
  return text.replace(/\$/g, "$$$$");
}

/** Text matched in any case, as Ruby's `(?i)` did for the rest of an irregular word. */
function anyCase(text: string): string {
  return [...text]
    .map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${escapeRegExp(c.toLowerCase())}${escapeRegExp(c.toUpperCase())}]` : escapeRegExp(c)))
    .join("");
}
