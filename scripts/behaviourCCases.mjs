#!/usr/bin/env node
// Answers behaviour C's conformance cases with Rails 6.1's own routing (the rails6 oracle, which
// needs Ruby and Debian's ruby-actionpack): reads test/fixtures/behaviour-c/cases.source.json and
// writes cases.json beside it, each case with the routes, recognitions and generations Rails gave,
// and, for a case with `served` requests, the status and Location Rails' route set answered each
// with (scripts/railsServe.rb: a redirect route is served, not recognised), and what a Rack
// application of the case's prelude was given (its X-Script-Name and X-Path-Info answers), and,
// for a case with `polymorphic` calls, what Rails' polymorphic_path and polymorphic_url answer
// (scripts/railsPolymorphic.rb, which needs Debian's ruby-activemodel too).
//
//   node scripts/behaviourCCases.mjs [path/to/oracle.rb]   (default: ../shared/rails6-oracle/oracle.rb)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { railsTable } from "./railsTable.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const oracle = path.resolve(process.argv[2] ?? path.join(root, "../shared/rails6-oracle/oracle.rb"));
const folder = path.join(root, "test/fixtures/behaviour-c");
const cases = JSON.parse(fs.readFileSync(path.join(folder, "cases.source.json"), "utf8"));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "behaviour-c-"));

const answered = cases.map((c, i) => {
  const file = (name) => path.join(work, `${i}-${name}`);
  // A case's prelude: what the application defines before its routes (the Rack applications it mounts).
  fs.writeFileSync(file("routes.rb"), `${c.prelude ? `${c.prelude}\n` : ""}Rails.application.routes.draw do\n${c.ruby}\nend\n`);
  fs.writeFileSync(file("requests.json"), JSON.stringify(c.requests));
  fs.writeFileSync(file("generations.json"), JSON.stringify(c.generations));
  execFileSync("ruby", [oracle, file("routes.rb"), file("out.json"), file("requests.json"), file("generations.json")], { stdio: "pipe" });
  const out = JSON.parse(fs.readFileSync(file("out.json"), "utf8"));
  const routes = railsTable(out.routes);
  let served;
  if (c.served) {
    fs.writeFileSync(file("served.json"), JSON.stringify(c.served));
    execFileSync("ruby", [path.join(root, "scripts/railsServe.rb"), oracle, file("routes.rb"), file("answers.json"), file("served.json")], { stdio: "pipe" });
    served = JSON.parse(fs.readFileSync(file("answers.json"), "utf8"));
  }
  let polymorphic;
  if (c.polymorphic) {
    fs.writeFileSync(file("polymorphic.json"), JSON.stringify(c.polymorphic));
    execFileSync(
      "ruby",
      [path.join(root, "scripts/railsPolymorphic.rb"), oracle, file("routes.rb"), file("polymorphic-answers.json"), file("polymorphic.json")],
      { stdio: "pipe" },
    );
    polymorphic = JSON.parse(fs.readFileSync(file("polymorphic-answers.json"), "utf8"));
  }
  // The error without the place in the temporary file Rails gives after it.
  const error = out.error && out.error.replace(/ \([^\n]*?routes\.rb:\d+:in [^\n]*\)$/, "");
  return {
    ...c,
    rails: {
      version: out.rails,
      error,
      routes,
      recognitions: out.recognitions ?? [],
      generations: out.generations ?? [],
      ...(served ? { served } : {}),
      ...(polymorphic ? { polymorphic } : {}),
    },
  };
});
fs.writeFileSync(path.join(folder, "cases.json"), `${JSON.stringify(answered, null, 1)}\n`);
console.log(`${answered.length} cases answered by Rails ${answered[0]?.rails.version} into test/fixtures/behaviour-c/cases.json`);
