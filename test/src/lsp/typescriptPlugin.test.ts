import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { ROOT } from "../support/fixtures";
import { TsServer } from "../support/tsServer";

/**
 * The TypeScript server plugin through tsserver's own protocol, as VS Code's TypeScript runs it:
 * a global plugin found in a probe location's node_modules (where the extension puts it). On an
 * untyped helper, TypeScript's definition (the runtime's UntypedHelpers index signature) and its
 * hover are dropped; anything else is TypeScript's answer unchanged.
 */

interface Definitions {
  definitions: Array<{ file: string; start: { line: number } }>;
}

describe("the TypeScript server plugin, through tsserver's protocol", function () {
  this.timeout(60_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-tsplugin-"));
  const app = path.join(dir, "app");
  const probe = path.join(dir, "probe");
  const view = path.join(app, "view.ts");
  const VIEW = `import routes from "./routes";\nexport const link = routes.helpers.post_path(1);\nexport const size = link.length;\n`;

  before(() => {
    fs.mkdirSync(path.join(app, "node_modules"), { recursive: true });
    fs.mkdirSync(path.join(probe, "node_modules"), { recursive: true });
    // The runtime as the application installs it, and the tools package where the extension puts the plugin.
    fs.symlinkSync(path.join(ROOT, "runtime"), path.join(app, "node_modules", "resource-routes"), "dir");
    fs.symlinkSync(path.join(ROOT, "tools"), path.join(probe, "node_modules", "resource-routes-tools"), "dir");
    fs.writeFileSync(path.join(app, "routes.ts"), `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("posts");\n});\n`);
    fs.writeFileSync(view, VIEW);
    fs.writeFileSync(path.join(app, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, module: "commonjs", target: "es2022" } }));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Definitions and the hover's text at `word` (its last character) in the view, with the plugin or without. */
  async function ask(plugin: boolean, word: string): Promise<{ definitions: string[]; hover: string | undefined }> {
    const server = new TsServer(plugin ? ["--globalPlugins", "resource-routes-tools", "--pluginProbeLocations", probe] : []);
    try {
      server.notify("open", { file: view });
      const lines = VIEW.split("\n");
      const line = lines.findIndex((text) => text.includes(word));
      const at = { file: view, line: line + 1, offset: lines[line].indexOf(word) + word.length };
      const found = await server.request<Definitions>("definitionAndBoundSpan", at);
      const hover = await server.request<{ displayString: string }>("quickinfo", at);
      return { definitions: (found?.definitions ?? []).map((d) => `${path.basename(d.file)}:${d.start.line}`), hover: hover?.displayString };
    } finally {
      server.stop();
    }
  }

  it("without the plugin, TypeScript defines an untyped helper as the UntypedHelpers index signature", async () => {
    const plain = await ask(false, "post_path");
    assert.deepStrictEqual(
      plain.definitions.map((d) => d.replace(/:\d+$/, "")),
      ["typedRoutes.d.ts"],
    );
    assert.match(plain.hover ?? "", /UntypedHelpers/);
  });

  it("with it, the helper has neither, and everything else is TypeScript's own answer", async () => {
    const helper = await ask(true, "post_path");
    assert.deepStrictEqual(helper, { definitions: [], hover: undefined });
    const other = await ask(true, "link.length");
    assert.deepStrictEqual(other.definitions.length > 0, true, "length is still defined by TypeScript's lib");
    assert.match(other.hover ?? "", /length: number/);
    const imported = await ask(true, "routes.helpers");
    assert.ok(
      imported.definitions.some((d) => d.startsWith("routeSet.d.ts")),
      imported.definitions.join(", "),
    );
  });
});
