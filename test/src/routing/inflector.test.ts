import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { draw } from "resource-routes";
import { Inflector, RAILS_INFLECTIONS } from "resource-routes/internal";

import { ROOT } from "../support/fixtures";

/**
 * Singular and plural as ActiveSupport 2.x's inflector gave them, word by word: one word for each
 * rule of its list (the rule defined last is tried first), its irregular and uncountable words, and
 * words where other inflectors (pluralize's defaults among them) answer otherwise.
 */
describe("inflector", () => {
  const inflector = new Inflector();
  const plurals: Array<[string, string, string]> = [
    ["post", "posts", "/$/ → s"],
    ["posts", "posts", "/s$/ → s"],
    ["cactus", "cactus", "/s$/ → s: Rails 2 left it as it was"],
    ["axis", "axes", "(ax|test)is"],
    ["testis", "testes", "(ax|test)is"],
    ["octopus", "octopi", "(octop|vir)us"],
    ["virus", "viri", "(octop|vir)us"],
    ["alias", "aliases", "(alias|status)"],
    ["status", "statuses", "(alias|status)"],
    ["bus", "buses", "(bu)s"],
    ["tomato", "tomatoes", "(buffal|tomat)o"],
    ["buffalo", "buffaloes", "(buffal|tomat)o"],
    ["potato", "potatos", "no rule for potato"],
    ["hero", "heros", "no rule for hero"],
    ["medium", "media", "([ti])um"],
    ["datum", "data", "([ti])um"],
    ["analysis", "analyses", "sis"],
    ["knife", "knives", "([^f])fe"],
    ["wolf", "wolves", "([lr])f"],
    ["half", "halves", "([lr])f"],
    ["thief", "thiefs", "no rule for -ief"],
    ["hive", "hives", "(hive)"],
    ["query", "queries", "([^aeiouy]|qu)y"],
    ["day", "days", "vowel before y"],
    ["box", "boxes", "(x|ch|ss|sh)"],
    ["church", "churches", "(x|ch|ss|sh)"],
    ["kiss", "kisses", "(x|ch|ss|sh)"],
    ["dish", "dishes", "(x|ch|ss|sh)"],
    ["matrix", "matrices", "(matr|vert|ind)(?:ix|ex)"],
    ["vertex", "vertices", "(matr|vert|ind)(?:ix|ex)"],
    ["index", "indices", "(matr|vert|ind)(?:ix|ex)"],
    ["mouse", "mice", "([m|l])ouse"],
    ["louse", "lice", "([m|l])ouse"],
    ["ox", "oxen", "^(ox)$"],
    ["quiz", "quizzes", "(quiz)"],
    ["person", "people", "irregular"],
    ["salesperson", "salespeople", "irregular, at the word's end"],
    ["Person", "People", "irregular keeps the first letter's case"],
    ["man", "men", "irregular"],
    ["woman", "women", "irregular, at the word's end"],
    ["child", "children", "irregular"],
    ["sex", "sexes", "irregular"],
    ["move", "moves", "irregular"],
    ["cow", "kine", "irregular, first letters differ"],
    ["Cow", "Kine", "irregular, first letters differ"],
    ["equipment", "equipment", "uncountable"],
    ["information", "information", "uncountable"],
    ["rice", "rice", "uncountable"],
    ["money", "money", "uncountable"],
    ["species", "species", "uncountable"],
    ["series", "series", "uncountable"],
    ["fish", "fish", "uncountable"],
    ["sheep", "sheep", "uncountable"],
    ["news", "news", "/s$/ → s"],
    ["product_review", "product_reviews", "the end of a compound"],
  ];
  const singulars: Array<[string, string, string]> = [
    ["posts", "post", "/s$/"],
    ["news", "news", "(n)ews"],
    ["media", "medium", "([ti])a"],
    ["data", "datum", "([ti])a"],
    ["diagnoses", "diagnosis", "((a)naly|(b)a|(d)iagno|…)ses"],
    ["analyses", "analysis", "(^analy)ses"],
    ["knives", "knife", "([^f])ves"],
    ["hives", "hive", "(hive)s"],
    ["objectives", "objective", "(tive)s"],
    ["halves", "half", "([lr])ves"],
    ["wolves", "wolf", "([lr])ves"],
    ["queries", "query", "([^aeiouy]|qu)ies"],
    ["groupies", "groupy", "([^aeiouy]|qu)ies: not groupie"],
    ["series", "series", "(s)eries"],
    ["movies", "movie", "(m)ovies"],
    ["boxes", "box", "(x|ch|ss|sh)es"],
    ["mice", "mouse", "([m|l])ice"],
    ["buses", "bus", "(bus)es"],
    ["heroes", "hero", "(o)es"],
    ["shoes", "shoe", "(shoe)s"],
    ["crises", "crisis", "(cris|ax|test)es"],
    ["axes", "axis", "(cris|ax|test)es"],
    ["octopi", "octopus", "(octop|vir)i"],
    ["statuses", "status", "(alias|status)es"],
    ["aliases", "alias", "(alias|status)es"],
    ["oxen", "ox", "^(ox)en"],
    ["vertices", "vertex", "(vert|ind)ices"],
    ["matrices", "matrix", "(matr)ices"],
    ["quizzes", "quiz", "(quiz)zes"],
    ["databases", "database", "(database)s, Rails 2.3"],
    ["google_analytics", "google_analytic", "/s$/: not uncountable"],
    ["address", "addres", "/s$/: Rails 2 cut it"],
    ["people", "person", "irregular"],
    ["men", "man", "irregular"],
    ["women", "woman", "irregular"],
    ["children", "child", "irregular"],
    ["moves", "move", "irregular"],
    ["kine", "cow", "irregular"],
    ["Kine", "Cow", "irregular"],
    ["sheep", "sheep", "uncountable"],
    ["money", "money", "uncountable"],
    ["species", "species", "uncountable"],
    ["product_reviews", "product_review", "the end of a compound"],
  ];
  for (const [singular, plural, rule] of plurals)
    it(`pluralizes ${singular} to ${plural} (${rule})`, () => assert.strictEqual(inflector.pluralize(singular), plural));
  for (const [plural, singular, rule] of singulars)
    it(`singularizes ${plural} to ${singular} (${rule})`, () => assert.strictEqual(inflector.singularize(plural), singular));

  it("behaviour A has Rails 2.2's list, without the databases rule: databases → databasis, as 2.2 gave it", () => {
    assert.strictEqual(new Inflector({}, "A").singularize("databases"), "databasis");
    assert.strictEqual(new Inflector({}, "B").singularize("databases"), "database");
    assert.deepStrictEqual(RAILS_INFLECTIONS.B.singulars.length, RAILS_INFLECTIONS.A.singulars.length + 1);
  });

  it("every rule of the list is reached by a word of the tables above", () => {
    const used = (rules: ReadonlyArray<readonly [RegExp, string]>, words: string[]) => rules.filter(([pattern]) => !words.some((w) => pattern.test(w)));
    assert.deepStrictEqual(
      used(
        RAILS_INFLECTIONS.B.plurals,
        plurals.map(([w]) => w),
      ),
      [],
    );
    assert.deepStrictEqual(
      used(
        RAILS_INFLECTIONS.B.singulars,
        singulars.map(([w]) => w),
      ),
      [],
    );
  });

  it("a route set's resources are named by it: groupies → groupy, google_analytics → google_analytic", () => {
    const routes = draw((map) => {
      map.resources("groupies", { only: "show" });
      map.resources("google_analytics", { only: "show" });
    });
    assert.deepStrictEqual(
      routes.routes.map((r) => r.name),
      ["groupy", "google_analytic"],
    );
  });

  it("inflects a word the same every time it is asked, past the number of words it remembers", () => {
    // Each word asked twice, 12,000 distinct words: the remembered answers are emptied along the way.
    const words = Array.from({ length: 12_000 }, (_, i) => `thing${i}_${["statuses", "media", "people", "octopi"][i % 4]}`);
    const remembering = new Inflector();
    for (const round of [1, 2]) {
      for (const word of words) {
        // Both ways, for the word and its singular: what one way remembered is never the other's answer.
        const singular = remembering.singularize(word);
        assert.strictEqual(singular, new Inflector().singularize(word), `${word}, round ${round}`);
        assert.strictEqual(remembering.pluralize(word), new Inflector().pluralize(word), `plural of ${word}, round ${round}`);
        assert.strictEqual(remembering.pluralize(singular), new Inflector().pluralize(singular), `${singular}, round ${round}`);
        assert.strictEqual(remembering.singularize(singular), new Inflector().singularize(singular), `singular of ${singular}, round ${round}`);
      }
    }
    assert.strictEqual(remembering.singularize("thing7_octopi"), "thing7_octopus");
    assert.strictEqual(remembering.pluralize("thing7_octopus"), "thing7_octopi");
  });

  it("a route set's own irregular and uncountable words apply to that route set only", () => {
    const declare = (map: Parameters<Parameters<typeof draw>[1]>[0]) => {
      map.resources("zorbim", { only: "show" });
      map.resources("posts", { only: "index" });
    };
    const custom = draw({ inflections: { irregular: { zorb: "zorbim" }, uncountable: ["posts"] } }, declare);
    assert.deepStrictEqual(
      custom.routes.map((r) => r.name),
      ["zorb", "posts_index"],
    );
    const plain = draw({}, declare);
    assert.deepStrictEqual(
      plain.routes.map((r) => r.name),
      ["zorbim", "posts"],
    );
  });
});

describe("behaviour C's inflections: ActiveSupport 6.1's, word for word", () => {
  // Answered by ActiveSupport 6.1 itself (scripts/inflectionsC.mjs).
  const table = JSON.parse(fs.readFileSync(path.join(ROOT, "test", "fixtures", "behaviour-c", "inflections.json"), "utf8")) as {
    activesupport: string;
    words: Array<[string, string, string]>;
  };
  const inflector = new Inflector({}, "C");
  for (const [word, plural, singular] of table.words)
    it(`${JSON.stringify(word)}: ${JSON.stringify(plural)}, ${JSON.stringify(singular)}`, () =>
      assert.deepStrictEqual([inflector.pluralize(word), inflector.singularize(word)], [plural, singular]));

  it("every rule of 6.1's lists is reached by a word of the table", () => {
    const unused = (rules: ReadonlyArray<readonly [RegExp, string]>) => rules.filter(([pattern]) => !table.words.some(([word]) => pattern.test(word)));
    assert.deepStrictEqual(unused(RAILS_INFLECTIONS.C.plurals), []);
    assert.deepStrictEqual(unused(RAILS_INFLECTIONS.C.singulars), []);
  });

  it("a route set's own irregular word gets 6.1's four rules: each form stays as it is", () => {
    const own = new Inflector({ irregular: { cactus: "cacti" } }, "C");
    assert.deepStrictEqual(
      ["cactus", "cacti"].map((w) => [own.pluralize(w), own.singularize(w)]),
      [
        ["cacti", "cactus"],
        ["cacti", "cactus"],
      ],
    );
    // 2.3's two rules pluralize the plural again.
    assert.strictEqual(new Inflector({ irregular: { cactus: "cacti" } }, "B").pluralize("cacti"), "cactis");
  });
});
