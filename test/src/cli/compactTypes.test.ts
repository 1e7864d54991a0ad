import * as assert from "assert";
import * as cp from "child_process";
import fc from "fast-check";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { COMPACT_ABOVE } from "../../../server/out/format/helperTypes";
import { routeTypesOf } from "../../../server/out/format/routeTypes";
import { errorsUnder, ROOT, TYPESCRIPT_COMPILERS } from "../support/fixtures";
import { build, type RandomDeclaration, routeSetsWithRequests } from "../support/randomRoutes";

const BLOG = path.join(ROOT, "examples", "blog", "routes.ts");

type Source = Parameters<typeof routeTypesOf>[0];

/** Route names that test the compact form's reading of names: quoted ones, prototype names, B's formatted_ route of its own. */
const ODD = `import { draw } from "resource-routes";
export default draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { member: { publish: "put" } });
  map.named_route("formatted_posts", "fp/:id", { controller: "posts", action: "show" });
  map.named_route("a-b", "x/:class/:new", { controller: "c", action: "x" });
  map.named_route("constructor", "c/:delete.:format", { controller: "c", action: "y" });
  map.named_route("__proto__", "p/:locale/:id", { controller: "c", action: "z" });
  map.resources("toString");
});
`;

/**
 * The compact declaration file (above COMPACT_ABOVE named routes) types each helper as the written-out
 * one does: for each route set, one program holds both files and a module that asserts their
 * RouteHelpers, RouteUrls and helper names are the same types (each assignable to the other), and
 * that the files compile with their own checks on (no skipLibCheck).
 */
describe("compact typed routes", function () {
  this.timeout(120_000);

  function sameTypes(cases: Array<{ source: Source; defaults?: string[] }>): string[] {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-compact-"));
    const checks: string[] = ["type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : false) : false;"];
    cases.forEach(({ source, defaults = [] }, i) => {
      fs.writeFileSync(path.join(dir, `out${i}.d.ts`), routeTypesOf(source, "routes.ts", { defaults, compact: false }));
      fs.writeFileSync(path.join(dir, `compact${i}.d.ts`), routeTypesOf(source, "routes.ts", { defaults, compact: true }));
      checks.push(
        `import type * as Out${i} from "./out${i}";`,
        `import type * as Compact${i} from "./compact${i}";`,
        `export const helpers${i}: Same<Out${i}.RouteHelpers, Compact${i}.RouteHelpers> = true;`,
        `export const urls${i}: Same<Out${i}.RouteUrls, Compact${i}.RouteUrls> = true;`,
        `export const names${i}: Same<keyof Out${i}.RouteHelpers, keyof Compact${i}.RouteHelpers> = true;`,
      );
    });
    fs.writeFileSync(path.join(dir, "check.ts"), checks.join("\n") + "\n");
    const errors = errorsUnder(dir, [path.join(dir, "check.ts")], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    return errors;
  }

  const loaded = (text: string, file: string): Source => loadRoutingFile(text, file)!.routes;

  it("the example, odd names and segment defaults: the same helpers, typed alike, in both forms", () => {
    const blog = loaded(fs.readFileSync(BLOG, "utf8"), BLOG);
    const odd = loaded(ODD, "routes.ts");
    assert.deepStrictEqual(
      sameTypes([{ source: blog }, { source: blog, defaults: ["id", "article_id"] }, { source: odd }, { source: odd, defaults: ["locale"] }]),
      [],
    );
  });

  it("random route sets in both behaviours: the same helpers, typed alike", () => {
    const samples = fc.sample(
      routeSetsWithRequests.map(([behaviour, declarations]) => build(behaviour as "A" | "B", declarations as RandomDeclaration[])),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 12), seed: 56 },
    );
    assert.deepStrictEqual(sameTypes(samples.map((routes, i) => ({ source: routes as unknown as Source, defaults: i % 3 === 0 ? ["id"] : [] }))), []);
  });

  for (const [name, tsc] of Object.entries(TYPESCRIPT_COMPILERS)) {
    it(`${name}: both forms of the example's file compile with their own checks on and type the helpers alike; a missing segment is an error in both`, () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-compact-tsc-"));
      fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
      const blog = loaded(fs.readFileSync(BLOG, "utf8"), BLOG);
      fs.writeFileSync(path.join(dir, "out.d.ts"), routeTypesOf(blog, "routes.ts", { defaults: ["id"], compact: false }));
      fs.writeFileSync(path.join(dir, "compact.d.ts"), routeTypesOf(blog, "routes.ts", { defaults: ["id"], compact: true }));
      const uses = (form: string) =>
        [
          `declare const ${form}: ${form === "o" ? "Out" : "Compact"}.RouteHelpers;`,
          `export const ${form}1: string = ${form}.article_comments_path(1, "json");`,
          `export const ${form}2: Record<string, unknown> = ${form}.hash_for_formatted_article_path(1, "json");`,
          "// @ts-expect-error a missing segment",
          `export const ${form}3: string = ${form}.article_path();`,
        ].join("\n");
      fs.writeFileSync(
        path.join(dir, "check.ts"),
        [
          'import type * as Out from "./out.js";',
          'import type * as Compact from "./compact.js";',
          "type Same<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : false) : false;",
          "export const helpers: Same<Out.RouteHelpers, Compact.RouteHelpers> = true;",
          "export const urls: Same<Out.RouteUrls, Compact.RouteUrls> = true;",
          uses("o"),
          uses("c"),
          "",
        ].join("\n"),
      );
      const options = {
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
        target: "ES2022",
        lib: ["ES2022", "DOM"],
        module: "ESNext",
        moduleResolution: "Bundler",
      };
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: options, files: ["check.ts"] }));
      const run = cp.spawnSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });
      fs.rmSync(dir, { recursive: true, force: true });
      assert.deepStrictEqual([run.status, run.stdout], [0, ""]);
    });
  }

  it("is what a file above COMPACT_ABOVE named routes gets: a line a named route, the written-out form's four and more a route", () => {
    const many = loaded(
      `import { draw } from "resource-routes";\nexport default draw((map) => {\n${Array.from({ length: COMPACT_ABOVE / 2 }, (_, i) => `  map.resources("things${i}");\n`).join("")}});\n`,
      "routes.ts",
    );
    const named = [...many.table.namedRoutes()].length;
    assert.ok(named > COMPACT_ABOVE, `${named} named routes`);
    const compact = routeTypesOf(many, "routes.ts");
    const writtenOut = routeTypesOf(many, "routes.ts", { compact: false });
    assert.match(compact, /^export interface RouteNames \{$/m);
    const lines = (text: string) => text.split("\n").length;
    // The table's line per named route, the params' line per action, a shape's line, and a fixed part; the written-out form has five lines a named route.
    const actions = new Set(many.routes.map((route) => route.target)).size;
    assert.ok(lines(compact) < named + actions + 300, `${lines(compact)} lines for ${named} named routes and ${actions} actions`);
    assert.ok(lines(writtenOut) > 5 * named, `${lines(writtenOut)} lines written out`);
    assert.doesNotMatch(routeTypesOf(loaded(fs.readFileSync(BLOG, "utf8"), BLOG), BLOG), /RouteNames/);
  });
});
