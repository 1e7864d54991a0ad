import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import { isLicenseOk, validateManifest } from "ovsx";
import { readVSIXPackage } from "ovsx/lib/zip";
import * as path from "path";
import yauzl from "yauzl";

import { ROOT } from "../support/fixtures";

/** Every file of a zip, by name. */
function zipEntries(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (failed, stream) => {
          if (failed) return reject(failed);
          const chunks: Buffer[] = [];
          stream
            .on("data", (chunk: Buffer) => chunks.push(chunk))
            .on("end", () => {
              entries.set(entry.fileName, Buffer.concat(chunks));
              zip.readEntry();
            });
        }),
      );
      zip.on("end", () => resolve(entries)).on("error", reject);
      zip.readEntry();
    }),
  );
}

/** The largest .vsix accepted: the bundles (the server's three-quarters TypeScript), Prism's WebAssembly, the grammar, the icon and the docs are about 1.7 MB. */
const MAX_VSIX_BYTES = 1.8 * 1024 * 1024;

/**
 * The extension as the Marketplace and Open VSX receive it: `vsce package` (its prepublish bundles
 * the client and the server) with no warning, Open VSX's manifest and licence checks, and the size.
 */
describe("the packaged extension (.vsix)", function () {
  this.timeout(240_000);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "resource-routes-vsix-"));
  const vsix = path.join(out, "resource-routes.vsix");
  let log = "";

  before(() => {
    const vsce = path.join(ROOT, "node_modules/@vscode/vsce/vsce");
    // Both streams in one: vsce writes its warnings to stderr and its summary to stdout.
    log = execFileSync(process.execPath, [vsce, "package", "--no-dependencies", "--readme-path", "client/README.md", "--out", vsix], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0" },
    });
    // As `npm run package` does: the TypeScript plugin added as a package of the extension's node_modules.
    execFileSync(process.execPath, [path.join(ROOT, "client", "addTypescriptPlugin.mjs"), vsix], { cwd: ROOT, stdio: "ignore" });
  });
  after(() => fs.rmSync(out, { recursive: true, force: true }));

  it("packages with no warning from vsce", () => {
    assert.match(log, /DONE\s+Packaged:/);
    assert.doesNotMatch(log, /WARNING/);
  });

  it(`stays under ${(MAX_VSIX_BYTES / 1024 / 1024).toFixed(1)} MB`, () => {
    const size = fs.statSync(vsix).size;
    assert.ok(size <= MAX_VSIX_BYTES, `${size} bytes`);
  });

  it("passes Open VSX's manifest and licence checks", async () => {
    // Open VSX's own checks of a package, as `ovsx publish` runs them before it uploads.
    const manifest = await readVSIXPackage(vsix);
    validateManifest(manifest);
    assert.strictEqual(await isLicenseOk(ROOT, manifest), true);
    assert.strictEqual(manifest.name, "resource-routes-vscode");
  });

  it("carries the TypeScript server plugin it contributes, as the package VS Code looks up in its node_modules", async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      contributes: { typescriptServerPlugins: Array<{ name: string }> };
    };
    const [plugin] = manifest.contributes.typescriptServerPlugins;
    const entries = await zipEntries(vsix);
    const pluginManifest = JSON.parse(entries.get(`extension/node_modules/${plugin.name}/package.json`)!.toString("utf8")) as { name: string; main: string };
    assert.strictEqual(pluginManifest.name, plugin.name);
    const main = entries.get(`extension/node_modules/${plugin.name}/${pluginManifest.main}`);
    assert.ok(main, `${pluginManifest.main} is in the package`);
    // The module is the plugin's init: a function giving { create }.
    const module = { exports: {} as unknown };
    new Function("module", "exports", "require", main.toString("utf8"))(module, module.exports, require);
    assert.strictEqual(typeof (module.exports as () => { create: unknown })().create, "function");
    // The rest of the package is still there, and still passes Open VSX's checks.
    assert.ok(entries.has("extension/client/dist/extension.js"));
    validateManifest(await readVSIXPackage(vsix));
  });

  it("has a 256×256 PNG icon", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { icon: string };
    const png = fs.readFileSync(path.join(ROOT, manifest.icon));
    assert.strictEqual(png.subarray(1, 4).toString("latin1"), "PNG");
    // The IHDR chunk opens every PNG: width and height, big-endian, at bytes 16 and 20.
    assert.deepStrictEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [256, 256]);
  });
});
