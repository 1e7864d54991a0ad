import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { ROOT } from "./fixtures";

/**
 * The runtime as an application installs it: `resource-routes` packed, installed with --omit=dev
 * into a new project (no workspace, no TypeScript). Returns the project's folder.
 */
export function installRuntime(): string {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "rr-footprint-"));
  // A clean npm environment: run from `npm test`, the children would inherit its npm_* settings.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  const packed = cp
    .execFileSync("npm", ["pack", "--workspace", "runtime", "--pack-destination", project, "--silent"], { cwd: ROOT, encoding: "utf8", env })
    .trim()
    .split("\n")
    .pop()!;
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "app", private: true }));
  cp.execFileSync("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--silent", `./${packed}`], { cwd: project, stdio: "pipe", env });
  return project;
}

/** Bytes of the files below `dir`. */
export function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}
