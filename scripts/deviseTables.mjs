#!/usr/bin/env node
// Answers the Devise fixtures (test/fixtures/devise/*/) with Rails 6.1 and Devise 4's own routing
// (the rails6 oracle, with Debian's ruby-devise and ruby-activemodel beside ruby-actionpack): each
// application's config/routes.rb drawn after its config/initializers/devise.rb and app/models
// (scripts/oracleDevise.rb), its table written to rails.json beside it.
//
//   node scripts/deviseTables.mjs [path/to/oracle.rb]   (default: ../shared/rails6-oracle/oracle.rb)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { railsTable } from "./railsTable.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const oracle = path.resolve(process.argv[2] ?? path.join(root, "../shared/rails6-oracle/oracle.rb"));
const folder = path.join(root, "test/fixtures/devise");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "devise-"));
const prelude = fs.readFileSync(path.join(root, "scripts/oracleDevise.rb"), "utf8");

for (const app of fs.readdirSync(folder).filter((name) => fs.existsSync(path.join(folder, name, "config/routes.rb")))) {
  const input = path.join(work, `${app}-routes.rb`);
  const output = path.join(work, `${app}-out.json`);
  fs.writeFileSync(input, `${prelude}\n${fs.readFileSync(path.join(folder, app, "config/routes.rb"), "utf8")}`);
  execFileSync("ruby", [oracle, input, output], { stdio: "pipe", env: { ...process.env, DEVISE_APP: path.join(folder, app) } });
  const out = JSON.parse(fs.readFileSync(output, "utf8"));
  if (out.error) throw new Error(`${app}: ${out.error}`);
  fs.writeFileSync(path.join(folder, app, "rails.json"), `${JSON.stringify({ rails: out.rails, routes: railsTable(out.routes) }, null, 1)}\n`);
  console.log(`${app}: ${out.routes.length} routes drawn by Rails ${out.rails} and Devise into test/fixtures/devise/${app}/rails.json`);
}
