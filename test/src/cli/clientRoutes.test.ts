import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { draw } from "resource-routes";
import { pathToFileURL } from "url";

import { helpersModuleOf } from "../../../server/out/format/browserHelpers";
import { helpersFilesOf } from "../../../server/out/format/helpersFiles";

/** The typed client reaches every route of an action: the first by default, each other one by its route's name. */

type Answer = { ok: boolean; status: number };
type Request = (params?: Record<string, unknown>, init?: Record<string, unknown>) => Promise<Answer>;

describe("the typed client's requests to an action with several routes", () => {
  it('todosUpdate goes to the nested route, or to PUT /todos/:id with { route: "todo" }; a name no route of the action has is refused', async () => {
    const routes = draw({ behaviour: "B" }, (map) => {
      map.resources("contexts", (context) => context.resources("todos"));
      map.resources("todos");
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-client-routes-"));
    try {
      const out = path.join(dir, "routes.js");
      const made = helpersModuleOf(routes, { routes: "./routes.ts", client: true });
      for (const file of helpersFilesOf(made, out, path.join(dir, "routes.ts"), true)) fs.writeFileSync(file.file, file.text);
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
      const dts = fs.readFileSync(path.join(dir, "routes.client.d.ts"), "utf8");
      assert.match(dts, /export declare function todosUpdate\(\.\.\.args: RouteCall<Segments\d+, ActionInput<"todos#update">, "todo">\)/);
      const client = (await import(pathToFileURL(path.join(dir, "routes.client.js")).href)) as Record<string, Request> & { configure(options: unknown): void };
      const asked: string[] = [];
      client.configure({
        baseUrl: "http://app.test",
        fetch: async (url: string, init: { method: string; body?: string }) => {
          asked.push(`${init.method} ${url} ${init.body ?? ""}`);
          return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
        },
      });
      await client.todosUpdate({ context_id: 3, id: 5, todo: { done: true } });
      await client.todosUpdate({ id: 5, todo: { done: true } }, { route: "todo" });
      assert.deepStrictEqual(asked, ['put http://app.test/contexts/3/todos/5 {"todo":{"done":true}}', 'put http://app.test/todos/5 {"todo":{"done":true}}']);
      await assert.rejects(client.todosUpdate({ id: 5 }, { route: "constructor" }), /no route constructor for this request/);
      // An action with one route takes no name: it has no alternatives.
      assert.doesNotMatch(dts, /export declare function contextsUpdate\(\.\.\.args: RouteCall/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
