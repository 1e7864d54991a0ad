import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import { isBuiltin } from "module";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";
import { pathToFileURL } from "url";
import * as rpc from "vscode-languageserver-protocol/node";

import { ROOT } from "../support/fixtures";
import { LanguageClient } from "../support/languageClient";

/**
 * The two packages as users install them from their tarballs: the runtime (`resource-routes`) and
 * the tools (`resource-routes-tools`), in new projects on TypeScript 5.0, 5.9 and the latest,
 * imported as ES modules and CommonJS, compiled with NodeNext and Bundler; the tools' command and
 * language server answer there whatever the project's TypeScript is. publint and
 * arethetypeswrong check each package's manifest and types.
 */

/** A clean npm environment: run from `npm test`, children would inherit its npm_* settings. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

function run(command: string, args: string[], cwd: string): string {
  return cp.execFileSync(command, args, { cwd, encoding: "utf8", env, stdio: ["ignore", "pipe", "pipe"] });
}

/** Packs a workspace into `into` and gives the tarball's path. */
function pack(workspace: string, into: string): string {
  return path.join(into, run("npm", ["pack", "--workspace", workspace, "--pack-destination", into, "--silent"], ROOT).trim().split("\n").pop()!);
}

/** The files a tarball holds, relative to its package folder. */
function tarballFiles(tarball: string): string[] {
  return run("tar", ["-tzf", tarball], ROOT)
    .trim()
    .split("\n")
    .map((file) => file.replace(/^package\//, ""));
}

const ROUTING = `const { draw } = require("resource-routes");\nmodule.exports = draw((map) => { map.resources("posts", { only: ["index", "show"] }); });\n`;
const TYPED_USE = `import { draw, RoutingError } from "resource-routes";
import { fetchHandler } from "resource-routes/http";
import { assertRecognizes } from "resource-routes/testing";

const routes = draw((map) => { map.resources("posts"); });
const path: string = routes.helpers.post_path(1) as string;
assertRecognizes(routes, "/posts/1", { controller: "posts", action: "show", id: "1" });
export const handler = fetchHandler(routes, {});
export const failure = new RoutingError("x");
export { path };
`;

/** A worker's application: resource-routes and fetchHandler, helpers used untyped, no node types anywhere. */
const FETCH_ONLY = `import { draw } from "resource-routes";
import { fetchHandler, type ActionContext } from "resource-routes/http";

const routes = draw((map) => { map.resources("posts"); });
export const path: string = routes.helpers.post_path(1);
export const options: Record<string, unknown> = routes.helpers.hash_for_post_path(1);
export default { fetch: fetchHandler(routes, { posts: { show: ({ urls, redirect }: ActionContext) => redirect(urls.post_path(1), 303) } }) };
`;

describe("the packages as users install them", function () {
  this.timeout(600_000);
  let tarballs: { runtime: string; tools: string };

  before(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-packages-"));
    tarballs = { runtime: pack("runtime", dir), tools: pack("tools", dir) };
  });

  it("each tarball carries its README, LICENSE and CHANGELOG, no source map, and only its own code", () => {
    const runtime = tarballFiles(tarballs.runtime);
    const tools = tarballFiles(tarballs.tools);
    for (const files of [runtime, tools])
      for (const file of ["README.md", "LICENSE", "CHANGELOG.md", "package.json"]) assert.ok(files.includes(file), `${file} missing`);
    assert.deepStrictEqual(
      [...runtime, ...tools].filter((file) => file.endsWith(".map")),
      [],
    );
    // The runtime ships draw(), the facility, the adapters and the test helpers: no analyser, CLI or language server.
    assert.deepStrictEqual(
      runtime.filter((file) => /^out\/(analysis|cli|lsp|service|format|files|ruby|import|literals)\//.test(file)),
      [],
    );
    assert.ok(tools.includes("dist/cli.js") && tools.includes("bin/resource-routes.js"));
    // Nor the editor's incremental layer: re-expansion, kept work, anchored ranges are the tools' own.
    assert.deepStrictEqual(
      runtime.filter((file) => /(^|\/)(reexpand|keptFor|diagnosticMemo|optionSources|ownership|groupedTable)\.(d\.m?ts|m?js)$/.test(file)),
      [],
    );
  });

  it("the runtime tarball holds only what its entry points reach", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-runtime-"));
    run("tar", ["-xzf", tarballs.runtime, "-C", dir], ROOT);
    const unpacked = path.join(dir, "package");
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, "package.json"), "utf8")) as Record<string, unknown>;
    // The entries: every file the manifest names (main, types, each export condition's target).
    const named: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === "string" && value.startsWith("./")) named.push(path.posix.normalize(value));
      else if (value && typeof value === "object") Object.values(value).forEach(collect);
    };
    collect([manifest.main, manifest.types, manifest.exports]);
    // Reached: what they require or import (a module's JavaScript, or its types), and so on.
    const reached = new Set<string>();
    const queue = named.filter((file) => fs.existsSync(path.join(unpacked, file)));
    assert.ok(queue.length >= 8, `entries: ${named.join(", ")}`);
    while (queue.length) {
      const file = queue.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      for (const [, specifier] of fs.readFileSync(path.join(unpacked, file), "utf8").matchAll(/(?:require\(|from |import\()\s*"(\.[^"]+)"/g)) {
        const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
        // A specifier names a module's JavaScript (`../out/http/worker.js`) or leaves the extension out; its types are beside it.
        const stem = base.replace(/\.js$/, "");
        for (const candidate of [base, `${stem}.js`, `${stem}.d.ts`, `${stem}/index.js`, `${stem}/index.d.ts`]) {
          if (/\.(m?js|d\.m?ts)$/.test(candidate) && fs.existsSync(path.join(unpacked, candidate))) queue.push(candidate);
        }
      }
    }
    const code = tarballFiles(tarballs.runtime).filter((file) => /\.(m?js|d\.m?ts)$/.test(file));
    assert.deepStrictEqual(
      code.filter((file) => !reached.has(file)),
      [],
      "files in the runtime tarball that no entry point reaches",
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("publint and arethetypeswrong find nothing wrong", () => {
    for (const workspace of ["runtime", "tools"])
      run(process.execPath, [path.join(ROOT, "node_modules", "publint", "src", "cli.js"), "--strict"], path.join(ROOT, workspace));
    const attw = cp.spawnSync(
      process.execPath,
      [path.join(ROOT, "node_modules", "@arethetypeswrong", "cli", "dist", "index.js"), tarballs.runtime, "--format", "ascii"],
      { encoding: "utf8", env },
    );
    assert.strictEqual(attw.status, 0, attw.stdout + attw.stderr);
    assert.match(attw.stdout, /No problems found/);
  });

  for (const typescript of ["5.0", "5.9", "latest"]) {
    describe(`in a new project on TypeScript ${typescript}`, () => {
      let project: string;
      before(() => {
        project = fs.mkdtempSync(path.join(os.tmpdir(), `rr-project-ts${typescript}-`));
        fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
        // The README's two install commands.
        run("npm", ["install", "--no-audit", "--no-fund", "--silent", tarballs.runtime], project);
        run("npm", ["install", "--save-dev", "--no-audit", "--no-fund", "--silent", tarballs.tools, `typescript@${typescript}`, "@types/node@20"], project);
      });

      it("imports the runtime as an ES module and as CommonJS: the same functions, and only its own names", () => {
        fs.writeFileSync(
          path.join(project, "imports.mjs"),
          `import * as esm from "resource-routes";\nimport * as http from "resource-routes/http";\nimport { createRequire } from "node:module";\nconst cjs = createRequire(import.meta.url)("resource-routes");\nconsole.log(JSON.stringify({ names: Object.keys(esm).filter((k) => k === "default" || k === "__esModule"), same: esm.draw === cjs.draw && esm.RouteSet === cjs.RouteSet, http: typeof http.nodeHandler, path: esm.draw((m) => m.resources("posts")).helpers.post_path(3) }));\n`,
        );
        assert.deepStrictEqual(JSON.parse(run(process.execPath, ["imports.mjs"], project)), { names: [], same: true, http: "function", path: "/posts/3" });
      });

      for (const resolution of ["NodeNext", "Bundler"]) {
        it(`type-checks an application with moduleResolution ${resolution}`, () => {
          const dir = path.join(project, resolution);
          fs.mkdirSync(dir, { recursive: true });
          fs.writeFileSync(path.join(dir, "app.ts"), TYPED_USE);
          const module = resolution === "NodeNext" ? "NodeNext" : "ESNext";
          fs.writeFileSync(
            path.join(dir, "tsconfig.json"),
            JSON.stringify({
              compilerOptions: { strict: true, noEmit: true, target: "ES2022", module, moduleResolution: resolution, lib: ["ES2022", "DOM"], types: ["node"] },
              files: ["app.ts"],
            }),
          );
          const tsc = cp.spawnSync(process.execPath, [path.join(project, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { encoding: "utf8", env });
          assert.strictEqual(tsc.status, 0, tsc.stdout + tsc.stderr);
        });
      }

      it("type-checks a fetch-only application without node's types: untyped helpers give strings, hash_for_ their options", () => {
        const dir = path.join(project, "fetch-only");
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, "app.ts"), FETCH_ONLY);
        fs.writeFileSync(
          path.join(dir, "tsconfig.json"),
          JSON.stringify({
            compilerOptions: {
              strict: true,
              noEmit: true,
              target: "ES2022",
              module: "NodeNext",
              moduleResolution: "NodeNext",
              lib: ["ES2022", "DOM"],
              types: [],
              skipLibCheck: false,
            },
            files: ["app.ts"],
          }),
        );
        const tsc = cp.spawnSync(process.execPath, [path.join(project, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { encoding: "utf8", env });
        assert.strictEqual(tsc.status, 0, tsc.stdout + tsc.stderr);
      });

      it("the tools' command reads a routing file with their own TypeScript", () => {
        fs.writeFileSync(path.join(project, "routes.cjs"), ROUTING);
        const printed = run(process.execPath, [path.join(project, "node_modules", ".bin", "resource-routes"), "routes", "routes.cjs"], project)
          .replace(/\s+/g, " ")
          .trim();
        assert.strictEqual(printed, "posts GET /posts.:format posts#index post GET /posts/:id.:format posts#show");
      });

      it("the tools' command imports a Rails 2 routes.rb with Prism, in its worker thread", () => {
        fs.mkdirSync(path.join(project, "config"), { recursive: true });
        fs.writeFileSync(
          path.join(project, "config", "routes.rb"),
          "ActionController::Routing::Routes.draw do |map|\n  map.resources :posts, :only => [:index, :show]\nend\n",
        );
        const printed = run(
          process.execPath,
          [path.join(project, "node_modules", ".bin", "resource-routes"), "import", "config/routes.rb", "--stdout"],
          project,
        );
        assert.match(printed, /map\.resources\("posts", \{ only: \["index", "show"\] \}\);/);
      });

      it("the language server from the installed tools answers a hover over stdio", async () => {
        const client = new LanguageClient([], { cli: path.join(project, "node_modules", ".bin", "resource-routes"), cwd: project });
        try {
          const uri = pathToFileURL(path.join(project, "routes.cjs")).toString();
          await client.start(pathToFileURL(project).toString());
          await client.open(uri, ROUTING);
          const hover = await client.connection.sendRequest(rpc.HoverRequest.type, { textDocument: { uri }, position: { line: 1, character: 38 } });
          assert.match((hover!.contents as rpc.MarkupContent).value, /posts#show/);
        } finally {
          await client.stop();
        }
      });
    });
  }
});

describe("the runtime package's boundary", () => {
  const RUNTIME_SRC = path.join(ROOT, "runtime", "src");
  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? sources(full) : entry.name.endsWith(".ts") ? [full] : [];
    });

  it("runtime/src imports its own modules and Node's built-ins, nothing else", () => {
    const outside: string[] = [];
    for (const file of sources(RUNTIME_SRC)) {
      for (const { fileName } of ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true).importedFiles) {
        const own = fileName.startsWith(".") && !path.relative(RUNTIME_SRC, path.resolve(path.dirname(file), fileName)).startsWith("..");
        if (!own && !isBuiltin(fileName)) outside.push(`${path.relative(ROOT, file)}: ${fileName}`);
      }
    }
    assert.deepStrictEqual(outside, []);
  });

  it("the compiler refuses a runtime file that imports the tools", () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(ROOT, "runtime", "tsconfig.json"),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    )!;
    const probe = path.join(RUNTIME_SRC, "probe.ts");
    const host = ts.createCompilerHost(config.options);
    const getSourceFile = host.getSourceFile;
    host.getSourceFile = (name, language) =>
      path.resolve(name) === probe
        ? ts.createSourceFile(
            name,
            'import { ANALYSIS_LIMITS } from "../../server/src/analysis/budget";\nexport const steps = ANALYSIS_LIMITS.steps;\n',
            language,
          )
        : getSourceFile(name, language);
    const program = ts.createProgram({ rootNames: [...config.fileNames, probe], options: { ...config.options, noEmit: true }, host });
    const codes = ts.getPreEmitDiagnostics(program).map((d) => d.code);
    // TS6059: not under rootDir; TS6307: not listed within the project's files.
    assert.ok(codes.includes(6059) || codes.includes(6307), `diagnostics: ${codes.join(", ")}`);
  });
});
