import pluralize from "pluralize";
import { InflectionSettings } from "./declarations";
import { StringMemo } from "../text/stringMemo";

/**
 * Singular and plural as Rails 2.x's inflector gave them. pluralize does most of the work; in
 * front of it stand the Rails 2.x words and rule families where the two disagree, then the words
 * a route set adds itself. Nothing is registered in pluralize's global tables, so two route sets
 * with different extra words never affect each other (or the application's own use of pluralize).
 */

/** Rails 2.x irregular words (singular → plural). */
const RAILS_IRREGULAR: Record<string, string> = {
  person: "people",
  man: "men",
  child: "children",
  sex: "sexes",
  move: "moves",
  cow: "kine",
};

/** Rails 2.x uncountable words. */
const RAILS_UNCOUNTABLE = ["equipment", "information", "rice", "money", "species", "series", "fish", "sheep"];

type Rule = [RegExp, string];

/** Rails 2.x rules for the families pluralize inflects differently (octopi, media, axes, testes). */
const RAILS_PLURAL_RULES: Rule[] = [
  [/(octop|vir)us$/i, "$1i"],
  [/([ti])um$/i, "$1a"],
  [/(ax|test)is$/i, "$1es"],
];
const RAILS_SINGULAR_RULES: Rule[] = [
  [/(octop|vir)i$/i, "$1us"],
  [/([ti])a$/i, "$1um"],
  [/(cris|ax|test)es$/i, "$1is"],
];

/** How many words an inflector remembers each way (see StringMemo). */
const INFLECTED_WORDS = 10_000;

export class Inflector {
  private readonly pluralOf = new Map<string, string>();
  private readonly singularOf = new Map<string, string>();

  constructor(extra: InflectionSettings = {}) {
    for (const word of RAILS_UNCOUNTABLE) this.uncountable(word);
    for (const [singular, plural] of Object.entries(RAILS_IRREGULAR)) this.irregular(singular, plural);
    for (const word of extra.uncountable ?? []) this.uncountable(word);
    for (const [singular, plural] of Object.entries(extra.irregular ?? {})) this.irregular(singular, plural);
  }

  pluralize(word: string): string {
    return this.plurals.get(word);
  }

  singularize(word: string): string {
    return this.singulars.get(word);
  }

  /**
   * Words inflected so far, each way: a file names the same words again and again (`comments` under
   * every resource), and pluralize tries its rules one by one (6% of a large file's expansion).
   */
  private readonly plurals = new StringMemo(INFLECTED_WORDS, (word) => this.inflect(word, this.pluralOf, RAILS_PLURAL_RULES, pluralize.plural));
  private readonly singulars = new StringMemo(INFLECTED_WORDS, (word) => this.inflect(word, this.singularOf, RAILS_SINGULAR_RULES, pluralize.singular));

  private irregular(singular: string, plural: string): void {
    const s = singular.toLowerCase();
    const p = plural.toLowerCase();
    this.pluralOf.set(s, p).set(p, p);
    this.singularOf.set(p, s).set(s, s);
  }

  private uncountable(word: string): void {
    const w = word.toLowerCase();
    this.pluralOf.set(w, w);
    this.singularOf.set(w, w);
  }

  private inflect(word: string, words: Map<string, string>, rules: Rule[], fallback: (w: string) => string): string {
    if (word === "") return word;
    // Like Rails, only the last word of a compound (`product_review`) is inflected.
    const split = /^(.*[_\s-])?([^_\s-]+)$/.exec(word);
    const head = split?.[1] ?? "";
    const last = split?.[2] ?? word;
    const known = words.get(last.toLowerCase());
    if (known !== undefined) return head + keepInitialCase(last, known);
    for (const [pattern, replacement] of rules) {
      if (pattern.test(last)) return head + last.replace(pattern, replacement);
    }
    return head + fallback(last);
  }
}

function keepInitialCase(original: string, inflected: string): string {
  return original[0] === original[0].toUpperCase() && original[0] !== original[0].toLowerCase()
    ? inflected[0].toUpperCase() + inflected.slice(1)
    : inflected;
}
