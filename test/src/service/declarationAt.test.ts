import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { innermostDeclaration, innermostDeclarations } from "../../../server/out/service/declarationAt";
import { ROOT } from "../support/fixtures";

/** The sorted lookup of many offsets gives, at every offset, what the scan of one gives. */
describe("innermostDeclarations equals innermostDeclaration", () => {
  const files: Record<string, string> = {
    blog: fs.readFileSync(path.join(ROOT, "examples", "blog", "routes.ts"), "utf8"),
    loops: `import { draw } from "resource-routes";\nconst names = ["a", "b", "c"];\nexport default draw((map) => {\n  for (const n of names) map.resources(n, (x) => { x.resources("kids"); });\n  map.namespace("admin", (admin) => { admin.resources("users"); for (const n of names) admin.resource(n); });\n  map.resources("posts", { has_many: ["comments"] }, (p) => p.resources("tags"));\n});\n`,
    computed: `import { draw } from "resource-routes";\nimport { list } from "./elsewhere";\nexport default draw((map) => {\n  map.resources(list[0]);\n  list.forEach((n) => map.resources(n));\n  map.resources("posts", { only: list });\n});\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    it(name, () => {
      const body = loadRoutingFile(text, `/${name}.ts`)!.analysis.tree!.body;
      const fast = innermostDeclarations(body);
      for (let offset = 0; offset <= text.length; offset++) assert.strictEqual(fast(offset), innermostDeclaration(body, offset), `at ${offset}`);
    });
  }
});
