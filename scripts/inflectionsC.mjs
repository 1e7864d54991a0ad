#!/usr/bin/env node
// Asks ActiveSupport 6.1's own inflector (Debian's ruby-activesupport, which the rails6 oracle's
// ruby-actionpack brings) for the plural and the singular of each word of
// test/fixtures/behaviour-c/inflection-words.txt, and writes them beside it as inflections.json:
// behaviour C names routes with these rules.
//
//   node scripts/inflectionsC.mjs
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const folder = path.join(root, "test/fixtures/behaviour-c");
const words = fs
  .readFileSync(path.join(folder, "inflection-words.txt"), "utf8")
  .split("\n")
  .filter((line) => !line.startsWith("#"))
  .flatMap((line) => line.split(/\s+/))
  .filter(Boolean);
const script = `
require "json"
require "active_support"
require "active_support/inflector"
words = JSON.parse(STDIN.read)
puts JSON.generate({ activesupport: ActiveSupport::VERSION::STRING, words: words.map { |w| [w, w.pluralize, w.singularize] } })
`;
const out = JSON.parse(execFileSync("ruby", ["-e", script], { input: JSON.stringify(words), encoding: "utf8" }));
const lines = out.words.map((entry) => `  ${JSON.stringify(entry)}`).join(",\n");
fs.writeFileSync(path.join(folder, "inflections.json"), `{\n "activesupport": ${JSON.stringify(out.activesupport)},\n "words": [\n${lines}\n ]\n}\n`);
console.log(`${out.words.length} words from ActiveSupport ${out.activesupport}`);
