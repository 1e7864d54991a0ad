import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as rpc from "vscode-languageserver-protocol/node";
import { URI } from "vscode-uri";

import { LanguageClient } from "../support/languageClient";

/** The real server over stdio: a declaration's hover says which routes the recorded tests exercised, read from the workspace's coverage folder. */

const ROUTES = `import { draw } from "resource-routes";
export default draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { only: ["index", "show"] });
});
`;

describe("language server over stdio: recorded test coverage in the hover", function () {
  this.timeout(30_000);

  it("reads coverage/routes when a hover asks, and again when its files change", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "rr-hover-coverage-"));
    const routesFile = path.join(folder, "config", "routes.ts");
    fs.mkdirSync(path.dirname(routesFile));
    fs.writeFileSync(routesFile, ROUTES);
    const client = new LanguageClient();
    const record = (routes: Array<[string, string, string]>) => {
      fs.mkdirSync(path.join(folder, "coverage", "routes"), { recursive: true });
      const uses = routes.map(([verb, routePath, target]) => ({ file: routesFile, verb, path: routePath, target, count: 1 }));
      fs.writeFileSync(path.join(folder, "coverage", "routes", "routes-1.json"), JSON.stringify({ version: 1, routes: uses }));
    };
    try {
      await client.start(URI.file(folder).toString());
      const uri = URI.file(routesFile).toString();
      await client.open(uri, ROUTES);
      const rows = async () => {
        const hover = await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: { line: 2, character: 18 } });
        return (hover!.contents as rpc.MarkupContent).value.split("\n").filter((line) => line.startsWith("| GET"));
      };
      // No coverage recorded: no tests column.
      assert.deepStrictEqual(await rows(), [
        "| GET | `/posts.:format` | `posts_path` | `posts#index` | 0 |",
        "| GET | `/posts/:id.:format` | `post_path` | `posts#show` | 0 |",
      ]);
      record([["GET", "/posts/:id.:format", "posts#show"]]);
      assert.deepStrictEqual(await rows(), [
        "| GET | `/posts.:format` | `posts_path` | `posts#index` | 0 | — |",
        "| GET | `/posts/:id.:format` | `post_path` | `posts#show` | 0 | ✓ |",
      ]);
      record([
        ["GET", "/posts.:format", "posts#index"],
        ["GET", "/posts/:id.:format", "posts#show"],
      ]);
      assert.deepStrictEqual(await rows(), [
        "| GET | `/posts.:format` | `posts_path` | `posts#index` | 0 | ✓ |",
        "| GET | `/posts/:id.:format` | `post_path` | `posts#show` | 0 | ✓ |",
      ]);
    } finally {
      assert.strictEqual(await client.stop(), 0);
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
