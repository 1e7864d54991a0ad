// Adds the TypeScript server plugin to a packaged .vsix as extension/node_modules/resource-routes-tools:
// VS Code's TypeScript looks a contributed plugin up as a package in the extension's node_modules,
// which `vsce package --no-dependencies` leaves out. The package holds the plugin alone (its
// package.json names it and its main). yauzl and yazl read and write the zip, as vsce itself does.
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import yauzl from "yauzl";
import yazl from "yazl";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const vsix = path.resolve(process.argv[2] ?? "resource-routes.vsix");
const PLUGIN = "extension/node_modules/resource-routes-tools";
const tools = JSON.parse(fs.readFileSync(path.join(root, "tools", "package.json"), "utf8"));
const added = new Map([
  [`${PLUGIN}/package.json`, Buffer.from(`${JSON.stringify({ name: tools.name, version: tools.version, main: tools.main, license: tools.license }, null, 2)}\n`)],
  [`${PLUGIN}/${tools.main}`, fs.readFileSync(path.join(root, "tools", tools.main))],
]);

const zip = await new Promise((resolve, reject) => yauzl.open(vsix, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))));
const out = new yazl.ZipFile();
const written = new Promise((resolve, reject) => {
  const temporary = `${vsix}.tmp`;
  out.outputStream.pipe(fs.createWriteStream(temporary)).on("close", () => resolve(fs.renameSync(temporary, vsix))).on("error", reject);
});
await new Promise((resolve, reject) => {
  zip.on("entry", (entry) => {
    if (added.has(entry.fileName) || entry.fileName.endsWith("/")) return zip.readEntry();
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk)).on("end", () => {
        out.addBuffer(Buffer.concat(chunks), entry.fileName, { mtime: entry.getLastModDate() });
        zip.readEntry();
      });
    });
  });
  zip.on("end", resolve).on("error", reject);
  zip.readEntry();
});
for (const [name, contents] of added) out.addBuffer(contents, name);
out.end();
await written;
console.log(`${path.basename(vsix)}: added ${[...added.keys()].join(", ")}`);
