import { StringMemo } from "../../text/stringMemo";
import { Behaviour } from "../model/behaviour";
import { InflectionSettings } from "../model/settings";

/**
 * Singular and plural exactly as ActiveSupport 2.x's inflector gave them: its rule list, its
 * irregular and uncountable words, and its algorithm (the rule defined last is tried first, the
 * first that matches the word's end wins; an uncountable is the whole word). Behaviour A has Rails
 * 2.2's list, B Rails 2.3's (one more singular rule: `databases`). The words a route set adds
 * itself are its own: nothing is shared between route sets, or with any global table.
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

/** Rails 2.x's lists as data, for the tests and the docs: the rule lists in definition order. */
export const RAILS_INFLECTIONS = {
  plurals: PLURALS,
  singulars: { A: SINGULARS_2_2, B: SINGULARS_2_3 },
  irregular: IRREGULAR,
  uncountable: UNCOUNTABLE,
} as const;

/** How many words an inflector remembers each way (see StringMemo). */
const INFLECTED_WORDS = 10_000;

export class Inflector {
  /** Tried first to last: the rule defined last comes first, as Rails inserted each new rule at the front. */
  private readonly plurals: Rule[] = [];
  private readonly singulars: Rule[] = [];
  private readonly uncountables = new Set<string>();

  constructor(extra: InflectionSettings = {}, behaviour: Behaviour = "B") {
    for (const rule of PLURALS) this.plurals.unshift(rule);
    for (const rule of behaviour === "A" ? SINGULARS_2_2 : SINGULARS_2_3) this.singulars.unshift(rule);
    for (const [singular, plural] of IRREGULAR) this.irregular(singular, plural);
    for (const word of UNCOUNTABLE) this.uncountables.add(word);
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
    if (this.uncountables.has(word.toLowerCase())) return word;
    for (const [pattern, replacement] of rules) if (pattern.test(word)) return word.replace(pattern, replacement);
    return word;
  }

  /** Rails' `irregular`: a rule each way for the word's end, keeping its first letter's case where both forms share it. */
  private irregular(singular: string, plural: string): void {
    this.uncountables.delete(singular);
    this.uncountables.delete(plural);
    if (singular === "" || plural === "") return;
    if (singular[0].toUpperCase() === plural[0].toUpperCase()) {
      this.plurals.unshift([new RegExp(`(${escape(singular[0])})${escape(singular.slice(1))}$`, "i"), `$1${dollars(plural.slice(1))}`]);
      this.singulars.unshift([new RegExp(`(${escape(plural[0])})${escape(plural.slice(1))}$`, "i"), `$1${dollars(singular.slice(1))}`]);
      return;
    }
    // First letters that differ (cow, kine): each case of the first letter its own rule, the rest of the word in any case.
    for (const first of [(s: string) => s.toUpperCase(), (s: string) => s.toLowerCase()]) {
      this.plurals.unshift([new RegExp(`${escape(first(singular[0]))}${anyCase(singular.slice(1))}$`), dollars(first(plural[0]) + plural.slice(1))]);
      this.singulars.unshift([new RegExp(`${escape(first(plural[0]))}${anyCase(plural.slice(1))}$`), dollars(first(singular[0]) + singular.slice(1))]);
    }
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A replacement's `$` taken literally. */
function dollars(text: string): string {
  return text.replace(/\$/g, "$$$$");
}

/** Text matched in any case, as Ruby's `(?i)` did for the rest of an irregular word. */
function anyCase(text: string): string {
  return [...text].map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${escape(c.toLowerCase())}${escape(c.toUpperCase())}]` : escape(c))).join("");
}
