import fc from "fast-check";

/**
 * Routing files whose option values share structure: consts that double each other (lists, objects,
 * spreads, has_many hashes), used in the places a later stage walks (conditions, has_many, with_options,
 * requirements, collection, settings). Written small, they stand for values of 2^depth entries.
 */
export interface SharedStructure {
  shape: "list" | "object" | "spread" | "has_many" | "template";
  place: "conditions" | "has_many" | "with_options" | "requirements" | "collection" | "settings";
  depth: number;
  /** How many declarations use the value. */
  uses: number;
}

export function sharedStructureFile({ shape, place, depth, uses }: SharedStructure): string {
  const lines = [`import { draw } from "resource-routes";`];
  lines.push(shape === "template" ? `const v0 = "ab";` : `const v0 = ["x", { k: "y" }];`);
  for (let i = 1; i <= depth; i++) {
    const p = `v${i - 1}`;
    const made = {
      list: `[${p}, ${p}]`,
      object: `{ l: ${p}, r: ${p} }`,
      spread: `{ ...{ a: ${p} }, b${i}: ${p}, c: [${p}] }`,
      has_many: `{ a${i}: ${p}, b${i}: ${p} }`,
      template: `\`\${${p}}\${${p}}\``,
    }[shape];
    lines.push(`const v${i} = ${made};`);
  }
  const v = `v${depth}`;
  const use = (i: number) =>
    ({
      conditions: `map.resources("c${i}", { conditions: { c: ${v} } });`,
      has_many: `map.resources("h${i}", { has_many: ${v} });`,
      with_options: `map.with_options({ conditions: { c: ${v} }, has_one: ${v} }, (m) => { m.resources("w${i}"); m.resource("x${i}"); });`,
      requirements: `map.resources("q${i}", { requirements: { id: /\\d+/, x: ${v} } });`,
      collection: `map.resources("k${i}", { collection: ${v}, member: { m: ${v} } });`,
      settings: `map.resources("s${i}", { path_names: { new: ${v} } });`,
    })[place];
  const settings = place === "settings" ? `{ resources_path_names: { new: ${v}, edit: ${v} } }, ` : "";
  lines.push(`export default draw(${settings}(map) => {`);
  for (let i = 0; i < uses; i++) lines.push(`  ${use(i)}`);
  lines.push(`  map.resources("plain");`, `});`);
  return lines.join("\n") + "\n";
}

export const sharedStructure: fc.Arbitrary<SharedStructure> = fc.record({
  shape: fc.constantFrom("list", "object", "spread", "has_many", "template"),
  place: fc.constantFrom("conditions", "has_many", "with_options", "requirements", "collection", "settings"),
  depth: fc.integer({ min: 1, max: 40 }),
  uses: fc.integer({ min: 1, max: 60 }),
});
