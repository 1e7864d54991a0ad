import * as assert from "assert";
import { OptionSources } from "../../../server/out/routing/optionSources";

const at = (start: number) => ({ key: { start, end: start + 1 }, value: { start: start + 2, end: start + 3 } });

/** OptionSources stands in for a Map of option paths: the same answers, the same order. */
describe("option sources", () => {
  for (const count of [3, 200]) {
    it(`answers as a Map does with ${count} paths, set again and looked up (scanned or indexed)`, () => {
      const sources = new OptionSources();
      const map = new Map<string, ReturnType<typeof at>>();
      for (let i = 0; i < count; i++) {
        sources.set(`member.a${i}`, at(i));
        map.set(`member.a${i}`, at(i));
      }
      // Setting a path again replaces its ranges where it stands.
      for (let i = 0; i < count; i += 2) {
        sources.set(`member.a${i}`, at(1000 + i));
        map.set(`member.a${i}`, at(1000 + i));
      }
      sources.set("only.0", at(5000));
      map.set("only.0", at(5000));
      assert.deepStrictEqual([...sources], [...map]);
      for (const path of [...map.keys(), "member", "missing"]) {
        assert.strictEqual(sources.has(path), map.has(path), path);
        assert.deepStrictEqual(sources.get(path), map.get(path), path);
      }
    });
  }

  it("keeps the range objects it was given: one object for an element's key and value", () => {
    const span = { start: 4, end: 9 };
    const sources = new OptionSources().set("has_many.0", { key: span, value: span });
    assert.strictEqual(sources.get("has_many.0")!.key, span);
    assert.strictEqual(sources.get("has_many.0")!.value, span);
  });
});
