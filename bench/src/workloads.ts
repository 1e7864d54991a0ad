import { Declaration, DeclarationTree } from "resource-routes";

/** A routing file of `count` declarations in the shape real applications have. */
export function generatedTree(count: number, behaviour: "A" | "B"): DeclarationTree {
  const body: Declaration[] = [];
  for (let i = 0; i < count; i++) {
    body.push({
      kind: "resources",
      names: [`things${i}`],
      options: {
        member: { publish: "put", preview: "get" },
        collection: { search: "get" },
        has_many: ["comments", "photos"],
        ...(i % 5 === 0 ? { shallow: true } : {}),
        ...(i % 7 === 0 ? { only: ["index", "show"] } : {}),
      },
    });
  }
  return { settings: { behaviour }, body };
}

/** Realistic resources for recognition: `count` routes or a few more. */
export function realisticTree(routeCount: number): DeclarationTree {
  const body: Declaration[] = [];
  const perResource = 10; // 7 defaults + member/collection actions
  for (let i = 0; i * perResource < routeCount; i++) {
    body.push({
      kind: "resources",
      names: [`resources${i}`],
      options: { member: { publish: "put", preview: "get" }, collection: { search: "get" }, requirements: { id: /\d+/ } },
    });
  }
  return { settings: { behaviour: "B" }, body };
}

/** A routing file of about `lines` lines (four per declaration), as text. */
export function generatedRoutingFile(lines: number): string {
  const out = ['import { draw } from "resource-routes";', "", 'export default draw({ behaviour: "B" }, (map) => {'];
  for (let i = 0; out.length < lines - 1; i++) {
    out.push(
      `  map.resources("things${i}", {`,
      `    member: { publish: "put", preview: "get" }, collection: { search: "get" },`,
      `    has_many: ["comments", "photos"], only: ["index", "show", "create"],`,
      `  });`,
    );
  }
  out.push("});", "");
  return out.join("\n");
}

/**
 * The generated file in behaviour C: a resource a line, with member and collection actions and two
 * nested resources (26 routes), as a modern routes.rb's resources are often written.
 */
export function generatedScopedFile(lines: number): string {
  const out = ['import { draw } from "resource-routes";', "", 'export default draw({ behaviour: "C" }, (r) => {'];
  for (let i = 0; out.length < lines - 1; i++) {
    out.push(
      `  r.resources("things${i}", { except: ["destroy"] }, () => { r.member(() => { r.put("publish"); r.get("preview"); }); r.get("search", { on: "collection" }); r.resources("comments"); r.resources("photos"); });`,
    );
  }
  out.push("});", "");
  return out.join("\n");
}

/** The generated file with every declaration under one namespace, as an API's routes often are. */
export function namespacedRoutingFile(lines: number): string {
  const flat = generatedRoutingFile(lines - 2).split("\n");
  const start = flat.findIndex((line) => line.startsWith("export default draw("));
  const end = flat.lastIndexOf("});");
  const body = flat.slice(start + 1, end).map((line) => `  ${line.replace(/^ {2}map\./, "  api.")}`);
  return [...flat.slice(0, start + 1), '  map.namespace("api", (api) => {', ...body, "  });", ...flat.slice(end)].join("\n");
}

/** A routing file of about `lines` lines as applications write them: nested resources, members, singletons, has_many. */
export function realisticRoutingFile(lines: number): string {
  const out = ['import { draw } from "resource-routes";', "", 'export default draw({ behaviour: "B" }, (map) => {'];
  for (let i = 0; out.length < lines - 1; i++) {
    out.push(
      `  map.resources("products${i}", { member: { publish: "put" }, collection: { search: "get" }, has_many: ["comments", "photos"] }, (p) => {`,
      `    p.resources("reviews", { shallow: true });`,
      `    p.resources("images", { only: ["index", "create", "destroy"] });`,
      `    p.resource("inventory");`,
      `  });`,
    );
  }
  out.push("});", "");
  return out.join("\n");
}
