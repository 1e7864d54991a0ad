import * as assert from "assert";
import { draw, RouteDefinitionError } from "resource-routes";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";

/** What the analyser says of the call shapes real Rails 2 routing files lean on, where it points. */
const HEAD = `import { draw } from "resource-routes";\n`;

function analysed(body: string) {
  const text = `${HEAD}export default draw((map) => {\n  ${body}\n});\n`;
  const loaded = loadRoutingFile(text, "routes.ts")!;
  const at = (code: string) => {
    const d = loaded.diagnostics.find((x) => x.code === code);
    assert.ok(d, `${code} in ${JSON.stringify(loaded.diagnostics.map((x) => x.code))}`);
    return { diagnostic: d, text: text.slice(d.span!.start, d.span!.end) };
  };
  return { loaded, at };
}

describe("real routing files: what the analyser says", () => {
  it("collection given as a list: a hint at the option, with the hash form to write; the action still routed with any method", () => {
    const { loaded, at } = analysed(`map.resources("imports", { collection: ["import_status", "purge"], only: [] });`);
    const hint = at("custom-actions-without-method");
    assert.strictEqual(hint.diagnostic.severity, "hint");
    assert.strictEqual(hint.text, "collection");
    assert.match(hint.diagnostic.message, /collection: \{ import_status: "get", purge: "get" \}/);
    assert.deepStrictEqual(
      loaded.routes.routes.map((r) => `${r.verb} ${r.path}`),
      ["ANY /imports/import_status.:format", "ANY /imports/purge.:format"],
    );
  });

  it("a default for a key that is not a segment: an error at it, as the original raised; draw() throws the same", () => {
    const { loaded, at } = analysed(`map.connect("radio/:source", { controller: "assets", defaults: { page: 1 } });\n  map.resources("posts");`);
    const refused = at("invalid-default");
    assert.strictEqual(refused.diagnostic.severity, "error");
    assert.strictEqual(refused.diagnostic.message, "page: No matching segment exists; cannot assign default");
    assert.strictEqual(refused.text, "1", "at the default's value");
    assert.strictEqual(loaded.routes.routes.length, 0, "loading stops at the refused declaration, as the original's did");
    assert.throws(
      () => draw((map) => map.connect("radio/:source", { controller: "assets", defaults: { page: 1 } })),
      (error: RouteDefinitionError) =>
        error instanceof RouteDefinitionError &&
        error.code === "invalid-default" &&
        error.message === "page: No matching segment exists; cannot assign default",
    );
  });
});
