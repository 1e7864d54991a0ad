import { createRoutesLanguageService } from "../../../server/out/service/languageService";
import { RoutingWorkspace } from "../../../server/out/service/workspace";

/** The language service (its entry point) over a workspace. */
export const service = (workspace: RoutingWorkspace) => createRoutesLanguageService(workspace);

/** The routing file the service tests share; in the text a test gives, `|` marks the cursor. */
export const ROUTES = `import { draw } from "resource-routes";
export default draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { member: { publish: "put" }, has_one: "author" }, (post) => {
    post.resources("comments", { shallow: true, only: ["index", "show"] });
  });
  map.namespace("admin", (admin) => admin.resources("users", { only: "index" }));
});
`;

export function workspaceWith(cursorText: string, uri = "file:///app/views.ts"): { workspace: RoutingWorkspace; offset: number; uri: string } {
  const offset = cursorText.indexOf("|");
  const workspace = new RoutingWorkspace();
  workspace.set({ uri: "file:///app/routes.ts", version: 1, text: ROUTES.replace("|", "") });
  if (uri !== "file:///app/routes.ts") workspace.set({ uri, version: 1, text: cursorText.replace("|", "") });
  else workspace.set({ uri, version: 2, text: cursorText.replace("|", "") });
  return { workspace, offset, uri };
}
