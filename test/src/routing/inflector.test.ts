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
