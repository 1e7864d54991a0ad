#!/usr/bin/env node
// Asks Rails 6.1's own routing (the rails6 oracle: Ruby and Debian's ruby-actionpack) for the route
// table of each modern routes.rb under test/fixtures/modern-routes, its lines marked
// `# oracle: skip` left out (what only a gem's code draws, which the oracle has not) and a
// `draw :name # oracle: inline` replaced by config/routes/name.rb (what Rails' draw evaluates there,
// which the oracle's route set has no folder for), after oracle-mount.rb (mount as the import reads it)
// and the application's oracle-prelude.rb where it has one (what its gems add to Rails' mapper), and
// writes it beside the application as rails.json.
//
//   node scripts/modernRoutesTables.mjs [path/to/oracle.rb]   (default: ../shared/rails6-oracle/oracle.rb)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { railsTable } from "./railsTable.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const oracle = path.resolve(process.argv[2] ?? path.join(root, "../shared/rails6-oracle/oracle.rb"));
const folder = path.join(root, "test/fixtures/modern-routes");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "modern-routes-"));
// Mount as the import reads it, before every file (see oracle-mount.rb).
const MOUNT = fs.readFileSync(path.join(folder, "oracle-mount.rb"), "utf8");

for (const app of fs.readdirSync(folder)) {
  const routes = path.join(folder, app, "config", "routes.rb");
  if (!fs.existsSync(routes)) continue;
  const kept = fs
    .readFileSync(routes, "utf8")
    .split("\n")
    .filter((line) => !line.includes("# oracle: skip"))
    .map((line) => {
      const drawn = /^\s*draw[ (]:?(\w+)\)?\s*# oracle: inline/.exec(line);
      return drawn ? fs.readFileSync(path.join(folder, app, "config", "routes", `${drawn[1]}.rb`), "utf8") : line;
    })
    .join("\n");
  // A real application's file stays as it is: what its gems add to Rails is given by a prelude the oracle runs first.
  const prelude = path.join(folder, app, "oracle-prelude.rb");
  const input = path.join(work, `${app}.rb`);
  const output = path.join(work, `${app}.json`);
  const preludes = [MOUNT, ...(fs.existsSync(prelude) ? [fs.readFileSync(prelude, "utf8")] : [])];
  fs.writeFileSync(input, `${preludes.join("\n")}\n${kept}`);
  execFileSync("ruby", [oracle, input, output], { stdio: "pipe" });
  const drawn = JSON.parse(fs.readFileSync(output, "utf8"));
  if (drawn.error) throw new Error(`${app}: Rails refused the routes: ${drawn.error}`);
  // A real application's named routes, each asked of its helper as a front end calls it (see sampledCalls).
  const real = fs.existsSync(prelude);
  const calls = path.join(work, `${app}.calls.json`);
  if (real) {
    fs.writeFileSync(calls, JSON.stringify(sampledCalls(drawn.routes)));
    execFileSync("ruby", [oracle, input, output, path.join(work, "none.json"), calls], { stdio: "pipe" });
  }
  const out = JSON.parse(fs.readFileSync(output, "utf8"));
  const table = railsTable(out.routes);
  const answered = real ? { generations: out.generations } : {};
  fs.writeFileSync(path.join(folder, app, "rails.json"), `${JSON.stringify({ rails: out.rails, routes: table, ...answered }, null, 1)}\n`);
  console.log(`${app}: ${table.length} routes${real ? `, ${out.generations.length} helper calls` : ""} from Rails ${out.rails}`);
}

/**
 * Calls of each named route's path helper, the first route of each name: its required segments
 * given in order (`p1`, `p2`…), then once more with a format and a query of a text that must be
 * escaped, where the route takes a format.
 */
function sampledCalls(routes) {
  const seen = new Set();
  return routes.flatMap((route) => {
    if (!route.name || seen.has(route.name)) return [];
    seen.add(route.name);
    const helper = `${route.name}_path`;
    const args = route.required_parts.map((_, i) => `p${i + 1}`);
    const formatted = route.segment_keys.includes("format") ? [[helper, ...args, { format: "json", q: "a b&c" }]] : [];
    return [[helper, ...args], ...formatted];
  });
}
