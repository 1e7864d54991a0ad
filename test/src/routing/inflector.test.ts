import * as assert from "assert";
import { draw } from "../../../server/out/dsl/draw";
import { Inflector } from "../../../server/out/routing/inflector";

/** Singular and plural agree with the Rails 2.x inflector, where plain pluralize differs. */
describe("inflector", () => {
  const inflector = new Inflector();
  const singulars: Array<[string, string]> = [
    ["media", "medium"], ["octopi", "octopus"], ["axes", "axis"], ["kine", "cow"], ["people", "person"],
    ["posts", "post"], ["news", "news"], ["sheep", "sheep"], ["statuses", "status"], ["data", "datum"],
    ["product_reviews", "product_review"], ["quizzes", "quiz"], ["matrices", "matrix"], ["money", "money"],
  ];
  const plurals: Array<[string, string]> = [
    ["medium", "media"], ["octopus", "octopi"], ["cow", "kine"], ["person", "people"], ["account", "accounts"],
    ["money", "money"], ["axis", "axes"], ["virus", "viri"], ["sheep", "sheep"], ["status", "statuses"],
  ];
  for (const [plural, singular] of singulars) it(`singularizes ${plural} to ${singular}`, () => assert.strictEqual(inflector.singularize(plural), singular));
  for (const [singular, plural] of plurals) it(`pluralizes ${singular} to ${plural}`, () => assert.strictEqual(inflector.pluralize(singular), plural));

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
    assert.deepStrictEqual(custom.routes.map((r) => r.name), ["zorb", "posts_index"]);
    const plain = draw({}, declare);
    assert.deepStrictEqual(plain.routes.map((r) => r.name), ["zorbim", "posts"]);
  });
});
