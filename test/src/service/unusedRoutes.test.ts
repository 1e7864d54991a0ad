import * as assert from "assert";

import { documentDiagnostics } from "../../../server/out/service/diagnostics";
import { readSettings } from "../../../server/out/service/settings";
import { RoutingWorkspace } from "../../../server/out/service/workspace";

/** The unused-route hint: on the routes nothing in the workspace uses, when asked for. */

const ROUTES_URI = "file:///app/src/routes.ts";
const ROUTES = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("posts", { only: ["index", "create", "show"] });
  map.named_route("login", "login", { controller: "sessions", action: "new" });
});
`;

function workspace(settings: unknown): RoutingWorkspace {
  const w = new RoutingWorkspace();
  w.configure(readSettings(settings).settings);
  w.set({ uri: ROUTES_URI, version: 1, text: ROUTES });
  w.set({
    uri: "file:///app/src/views/nav.ts",
    version: 1,
    text: 'import routes from "../routes";\nexport const all = routes.helpers.posts_path();\nexport const one = () => fetch("/posts/7");\n',
  });
  return w;
}

describe("service: routes nothing uses", () => {
  it("a hint on each route no helper call and no URL written by hand uses (a route with no name counts its path's helpers)", () => {
    const hints = documentDiagnostics(workspace({ unusedRoutes: { enabled: true } }), ROUTES_URI).filter((d) => d.code === "unused-route");
    assert.deepStrictEqual(
      hints.map((d) => [d.severity, d.message, ROUTES.slice(d.span!.start, d.span!.end)]),
      [["hint", "ANY /login (sessions#new) looks unused: no helper call and no URL written by hand in the workspace uses it", '"login"']],
    );
  });

  it("is off by default", () => {
    assert.strictEqual(documentDiagnostics(workspace({}), ROUTES_URI).filter((d) => d.code === "unused-route").length, 0);
  });
});
