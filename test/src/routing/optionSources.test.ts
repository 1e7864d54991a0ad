import * as assert from "assert";

import { AnchoredSpan, OptionSources } from "../../../server/out/incremental/optionSources";
import { heldBy } from "../support/heap";

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

  it("gives back the room its lists grew into when trimmed, and answers the same before and after, and after more is set", () => {
    const place = { pos: 10 };
    // One string per path for all of them, so that what is measured is the lists.
    const paths = Array.from({ length: 12 }, (_, i) => `member.a${i}`);
    const filled = (trim: boolean) =>
      Array.from({ length: 20_000 }, () => {
        const sources = new OptionSources();
        for (let i = 0; i < 12; i++) sources.set(paths[i], { key: new AnchoredSpan(place, i, i + 1), value: new AnchoredSpan(place, i + 2, i + 3) });
        if (trim) sources.trim();
        return sources;
      });
    const grown = heldBy(() => filled(false));
    const trimmed = heldBy(() => filled(true));
    // 12 paths: 48 offsets and 12 paths used, room for 82 and 25 after growing.
    assert.ok(trimmed < grown * 0.8, `${trimmed} bytes trimmed, ${grown} grown`);
    const before = filled(false)[0];
    const after = filled(true)[0];
    const ranges = (sources: OptionSources) => [...sources].map(([path, { key, value }]) => [path, key.start, key.end, value.start, value.end]);
    assert.deepStrictEqual(ranges(after), ranges(before));
    for (const sources of [before, after]) sources.set("only.0", { key: new AnchoredSpan(place, 40, 41), value: new AnchoredSpan(place, 40, 41) });
    assert.deepStrictEqual(ranges(after), ranges(before));
    assert.deepStrictEqual(after.get("member.a3"), before.get("member.a3"));
  });

  it("keeps ranges anchored to one place as offsets that follow it, and others as given", () => {
    const place = { pos: 100 };
    const span = { start: 4, end: 9 };
    const sources = new OptionSources()
      .set("only", { key: new AnchoredSpan(place, 1, 5), value: new AnchoredSpan(place, 7, 20) })
      .set("has_many.0", { key: span, value: span })
      .set("member", { key: new AnchoredSpan(place, 22, 28), value: new AnchoredSpan({ pos: 0 }, 3, 4) });
    const ranges = () => [...sources].map(([path, { key, value }]) => [path, key.start, key.end, value.start, value.end]);
    assert.deepStrictEqual(ranges(), [
      ["only", 101, 105, 107, 120],
      ["has_many.0", 4, 9, 4, 9],
      ["member", 122, 128, 3, 4],
    ]);
    place.pos = 40;
    assert.deepStrictEqual(ranges(), [
      ["only", 41, 45, 47, 60],
      ["has_many.0", 4, 9, 4, 9],
      ["member", 62, 68, 3, 4],
    ]);
    // Set again anchored, a path's ranges follow the place once more.
    sources.set("has_many.0", { key: new AnchoredSpan(place, 30, 31), value: new AnchoredSpan(place, 30, 31) });
    assert.deepStrictEqual(sources.get("has_many.0") && JSON.parse(JSON.stringify(sources.get("has_many.0"))), {
      key: { start: 70, end: 71 },
      value: { start: 70, end: 71 },
    });
  });

  it("sets offsets from its anchor directly, and refuses them (setting nothing) from another anchor", () => {
    const place = { pos: 100 };
    const sources = new OptionSources();
    assert.strictEqual(sources.setAnchored("only", place, 1, 5, 7, 20), true);
    sources.set("member", { key: { start: 3, end: 4 }, value: { start: 5, end: 6 } });
    assert.strictEqual(sources.setAnchored("member", { pos: 0 }, 8, 9, 10, 11), false);
    assert.strictEqual(sources.setAnchored("collection", { pos: 0 }, 8, 9, 10, 11), false);
    assert.strictEqual(sources.has("collection"), false);
    // Anchored again where a path's ranges were kept as given: offsets that follow the place.
    assert.strictEqual(sources.setAnchored("member", place, 30, 31, 32, 33), true);
    place.pos = 200;
    const ranges = [...sources].map(([path, { key, value }]) => [path, key.start, key.end, value.start, value.end]);
    assert.deepStrictEqual(ranges, [
      ["only", 201, 205, 207, 220],
      ["member", 230, 231, 232, 233],
    ]);
  });
});
