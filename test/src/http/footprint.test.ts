import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as path from "path";

import { installRuntime, sizeOf } from "../support/footprint";

/**
 * The runtime installs light: the packed `resource-routes`, installed with --omit=dev into a
 * project without TypeScript, serves a request through fetchHandler and stays under 2 MB.
 */
const LIMIT_BYTES = 2 * 1024 * 1024;

describe("the runtime's footprint", function () {
  this.timeout(300_000);
  let project: string;

  before(() => {
    project = installRuntime();
  });
  after(() => fs.rmSync(project, { recursive: true, force: true }));

  it(`installs in under ${LIMIT_BYTES / 1024 / 1024} MB, without TypeScript or the language-server packages`, () => {
    const modules = path.join(project, "node_modules");
    const installed = fs.readdirSync(modules).filter((name) => !name.startsWith("."));
    assert.deepStrictEqual(installed.sort(), ["resource-routes"]);
    const size = sizeOf(modules);
    assert.ok(size < LIMIT_BYTES, `${(size / 1024).toFixed(0)} KB installed`);
  });

  it("draw(), the helpers and fetchHandler serve a request there", () => {
    fs.mkdirSync(path.join(project, "controllers"));
    fs.writeFileSync(
      path.join(project, "controllers", "posts.js"),
      `exports.show = ({ params, urls }) => ({ id: params.id, self: urls.post_url(params.id) });\n`,
    );
    fs.writeFileSync(
      path.join(project, "serve.js"),
      `const { draw } = require("resource-routes");
const { fetchHandler, loadControllers } = require("resource-routes/http");
const routes = draw((map) => map.resources("posts", { only: "show" }));
loadControllers(routes).then(async (controllers) => {
  const response = await fetchHandler(routes, controllers)(new Request("http://shop.test/posts/5"));
  console.log(response.status, await response.text(), routes.helpers.post_path(5));
});
`,
    );
    const out = cp.execFileSync(process.execPath, ["serve.js"], { cwd: project, encoding: "utf8" });
    assert.strictEqual(out, '200 {"id":"5","self":"http://shop.test/posts/5"} /posts/5\n');
  });
});
