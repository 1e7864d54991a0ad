import * as assert from "assert";

import { indexSummary } from "../../../server/out/lsp/workspaceIndexing";
import { RoutingWorkspace } from "../../../server/out/service/workspace";

describe("the output line after indexing", () => {
  it("counts routing files, controller modules and the other files kept each as what they are, and the files that hold none", () => {
    const w = new RoutingWorkspace();
    w.setFromDisk({
      uri: "file:///app/config/routes.ts",
      version: 1,
      text: `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("posts"); });\n`,
    });
    w.setFromDisk({ uri: "file:///app/config/controllers/posts.ts", version: 1, text: "export function index() {}\n" });
    w.setFromDisk({ uri: "file:///app/views/post.ts", version: 1, text: "routes.helpers.posts_path();\n" });
    w.setFromDisk({ uri: "file:///app/tsconfig.json", version: 1, text: "{}\n" });
    assert.strictEqual(
      indexSummary(w, 7, 4),
      "Indexed 7 files: kept 1 routing file, 1 controller module and 2 files that use helpers or tell which routes a file imports (re-exports, tsconfig.json); the other 3 files hold none of these",
    );
  });
});
