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
/** Behaviour C: a TypeScript routing file (its hover on line 1) and a modern Rails routes.rb, each with an option Rails does not read. */
const MODERN_ROUTES = `export default draw({ behaviour: "C" }, (r) => {
  r.resources("articles", { only: ["index", "show"], shalow: true });
});
import { draw } from "resource-routes";
`;
const MODERN_RUBY_ROUTES = `Rails.application.routes.draw do
  resources :orders, only: [:index], shalow: true
end
`;
const RUBY_ROUTES = `ActionController::Routing::Routes.draw do |map|
  map.resources :invoices, :membr => { :void => :put }
end
`;

/**
 * Runs a script of test/neovim in a headless Neovim in `root` (with npm's settings left out of its
 * environment, so that npx resolves as in a project) and gives the answers it wrote, none an error.
 */
function runNeovim(
  script: string,
  root: string,
  env: Record<string, string>,
): {
  hover: { contents: { value: string } };
  completion: string[];
  clients: number;
  attached: number[];
  rubyHover?: { contents: { value: string } };
  rubyDiagnostics?: Array<{ line: number; col: number; code: string }>;
  modernHover?: { contents: { value: string } };
  modernDiagnostics?: Array<{ line: number; col: number; code: string }>;
  modernRubyHover?: { contents: { value: string } };
  modernRubyDiagnostics?: Array<{ line: number; col: number; code: string }>;
} {
  const out = path.join(root, "answers.json");
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const run = cp.spawnSync("nvim", ["--headless", "--clean", "-c", `luafile ${path.join(ROOT, "test", "neovim", script)}`], {
    cwd: root,
    env: { ...clean, ...env, RR_ROOT: root, RR_OUT: out, XDG_STATE_HOME: root, XDG_DATA_HOME: root },
    timeout: 50_000,
    encoding: "utf8",
  });
  assert.ok(fs.existsSync(out), `Neovim wrote no answers (exit ${run.status}): ${run.stderr}${run.stdout}`);
  const answers = JSON.parse(fs.readFileSync(out, "utf8"));
  assert.strictEqual(answers.error, undefined);
  return answers;
}

/** Neovim's own LSP client drives the server headless (test/neovim/drive.lua). */
describe("a real editor: Neovim", function () {
  this.timeout(60_000);

  it("shows the hover of a declaration and completes helper names in another file; hovers and diagnoses a Rails 2 routes.rb, a behaviour-C routing file and a modern routes.rb", function () {
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
      fs.mkdirSync(path.join(root, "legacy", "config"), { recursive: true });
      fs.writeFileSync(path.join(root, "legacy", "config", "routes.rb"), RUBY_ROUTES);
      fs.mkdirSync(path.join(root, "modern", "config"), { recursive: true });
      fs.writeFileSync(path.join(root, "modern", "config", "routes.ts"), MODERN_ROUTES);
      fs.mkdirSync(path.join(root, "shop", "config"), { recursive: true });
      fs.writeFileSync(path.join(root, "shop", "config", "routes.rb"), MODERN_RUBY_ROUTES);
      const answers = runNeovim("drive.lua", root, { RR_SERVER: path.join(ROOT, "server", "bin", "resource-routes-language-server.js") });
      assert.match(answers.rubyHover!.contents.value, /^\*\*resources\*\* `invoices`: 7 routes/);
      assert.deepStrictEqual(answers.rubyDiagnostics, [{ line: 1, col: 27, code: "unknown-option" }]);
      assert.match(answers.hover.contents.value, /^\*\*resources\*\* `posts`: 8 routes/);
      assert.match(answers.hover.contents.value, /\| PUT \| `\/posts\/:id\/publish\.:format` \| `publish_post_path` \|/);
      assert.deepStrictEqual(answers.completion.sort(), ["publish_post_path", "publish_post_url"]);
      // Behaviour C, in a TypeScript routing file and a modern routes.rb: Rails 6.1's routes, and the option it does not read.
      assert.match(answers.modernHover!.contents.value, /^\*\*resources\*\* `articles`: 2 routes/);
      assert.match(answers.modernHover!.contents.value, /\| GET \| `\/articles\/:id\(\.:format\)` \| `article_path` \|/);
      assert.deepStrictEqual(answers.modernDiagnostics, [{ line: 1, col: 53, code: "unknown-option" }]);
      assert.match(answers.modernRubyHover!.contents.value, /^\*\*resources\*\* `orders`: 1 route\n/);
      assert.deepStrictEqual(answers.modernRubyDiagnostics, [{ line: 1, col: 37, code: "unknown-option" }]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("the Neovim 0.7-0.9 setup of docs/editor.md, as written there: one server for the project, attached to each file, answering", function () {
    if (cp.spawnSync("nvim", ["--version"]).error) this.skip();
    const docs = fs.readFileSync(path.join(ROOT, "docs", "editor.md"), "utf8");
    const section = docs.slice(docs.indexOf("**Neovim 0.7 to 0.9**"));
    const setup = /```lua\n([\s\S]*?)```/.exec(section)![1];
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-nvim-docs-"));
    try {
      fs.mkdirSync(path.join(root, "config"));
      fs.mkdirSync(path.join(root, "app"));
      fs.mkdirSync(path.join(root, "node_modules", ".bin"), { recursive: true });
      fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "app", private: true }));
      // The project's installed command, as npx finds it after `npm install --save-dev resource-routes-tools`.
      fs.symlinkSync(path.join(ROOT, "server", "bin", "resource-routes.js"), path.join(root, "node_modules", ".bin", "resource-routes"));
      fs.writeFileSync(path.join(root, "config", "routes.ts"), ROUTES);
      fs.writeFileSync(path.join(root, "app", "views.ts"), VIEW);
      fs.writeFileSync(path.join(root, "setup.lua"), setup);
      const answers = runNeovim("docs-setup.lua", root, { RR_SETUP: path.join(root, "setup.lua") });
      assert.match(answers.hover.contents.value, /^\*\*resources\*\* `posts`: 8 routes/);
      assert.deepStrictEqual([answers.clients, answers.attached], [1, [1, 1]]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
