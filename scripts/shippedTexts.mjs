// Writes server/src/format/shipped/texts.ts from the files beside it: the code and declarations the
// helpers and client modules ship, written as real JavaScript and declaration files (checked, linted
// and formatted with the rest) and read by the generators as the texts of their regions. Run by
// `npm run build` before tsc; the file is written only when its text changes (tsc -b then keeps its work).
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "server", "src", "format", "shipped");
const TEXTS = [
  ["HELPERS_CORE", "helpers.js", "core", "the core of every helpers module"],
  ["HELPERS_QUERY", "helpers.js", "query", "a helpers module's query string in behaviours A and B"],
  ["HELPERS_QUERY_OMITTING_NULL", "helpersQueryC.js", "query", "a helpers module's query string in behaviour C"],
  ["HELPERS_RECOGNITION", "helpers.js", "recognition", "a helpers module's recognition (match, current, isCurrent)"],
  ["HELPERS_DECLARATIONS", "helpersDeclarations.d.ts", "declarations", "the declarations every helpers module's declaration file starts with"],
  ["CLIENT_CORE", "client.js", "core", "the core of the typed client module"],
  ["CLIENT_DECLARATIONS", "clientDeclarations.d.ts", "declarations", "the declarations the typed client's declaration file starts with"],
];

/** The lines between `//#region NAME` and the next `//#endregion`, each line ended. */
function region(file, name) {
  const lines = fs.readFileSync(path.join(folder, file), "utf8").split("\n");
  const start = lines.indexOf(`//#region ${name}`);
  const end = lines.indexOf("//#endregion", start);
  if (start < 0 || end < 0) throw new Error(`${file} has no region ${name}`);
  return lines.slice(start + 1, end).map((line) => `${line}\n`).join("");
}

const text = [
  "// Made by scripts/shippedTexts.mjs (npm run build) from the files beside it: edit those.",
  ...TEXTS.map(([name, file, part, about]) => `\n/** ${about} (${file}, region ${part}). */\nexport const ${name} = ${JSON.stringify(region(file, part))};`),
  "",
].join("\n");
const out = path.join(folder, "texts.ts");
if (!fs.existsSync(out) || fs.readFileSync(out, "utf8") !== text) fs.writeFileSync(out, text);
