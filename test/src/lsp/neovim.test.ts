import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ROOT } from "../support/fixtures";

const ROUTES = `import { draw } from "resource-routes";
export default draw((map) => {
  map.resources("posts", { member: { publish: "put" } }, (post) => post.resources("comments"));
});
`;
const VIEW = "link(publish_);\n";

/** Neovim's own LSP client drives the server headless (test/neovim/drive.lua). */
describe("a real editor: Neovim", function () {
  this.timeout(60_000);

  it("shows the hover of a declaration and completes helper names in another file", function () {
    if (cp.spawnSync("nvim", ["--version"]).error) {
      // .ci/run installs Neovim; a developer machine without it skips only this test.
      this.skip();
    }
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-nvim-"));
    try {
      fs.mkdirSync(path.join(root, "config"));
      fs.mkdirSync(path.join(root, "app"));
      fs.writeFileSync(path.join(root, "config", "routes.ts"), ROUTES);
      fs.writeFileSync(path.join(root, "app", "views.ts"), VIEW);
      const out = path.join(root, "answers.json");
      const run = cp.spawnSync("nvim", ["--headless", "--clean", "-c", `luafile ${path.join(ROOT, "test", "neovim", "drive.lua")}`], {
        env: { ...process.env, RR_SERVER: path.join(ROOT, "server", "bin", "resource-routes-language-server.js"), RR_ROOT: root, RR_OUT: out, XDG_STATE_HOME: root, XDG_DATA_HOME: root },
        timeout: 50_000,
        encoding: "utf8",
      });
      assert.ok(fs.existsSync(out), `Neovim wrote no answers (exit ${run.status}): ${run.stderr}${run.stdout}`);
      const answers = JSON.parse(fs.readFileSync(out, "utf8"));
      assert.strictEqual(answers.error, undefined);
      assert.match(answers.hover.contents.value, /^\*\*resources\*\* `posts`: 8 routes/);
      assert.match(answers.hover.contents.value, /\| PUT \| `\/posts\/:id\/publish\.:format` \| `publish_post_path` \|/);
      assert.deepStrictEqual(answers.completion.sort(), ["publish_post_path", "publish_post_url"]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
