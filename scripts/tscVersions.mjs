// Installs the TypeScript compilers the typed-client test checks the generated types with (5.0 and 7),
// in test/tsc-versions, a package of its own: two TypeScript packages in the project's node_modules
// would fight over its tsc command. Nothing to do when they are there already.
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { fileURLToPath } from "url";

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "test", "tsc-versions");
const installed = ["typescript-5.0", "typescript-7"].every((name) => fs.existsSync(path.join(folder, "node_modules", name, "package.json")));
if (!installed) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  execFileSync(npm, ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: folder, stdio: "inherit" });
}
