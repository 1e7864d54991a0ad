import * as assert from "assert";
import * as cp from "child_process";
import fc from "fast-check";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ts = require("typescript");
import { commentLines } from "resource-routes/internal";

import { importedFileText } from "../../../server/out/import/typescriptText";
import { importedOutline, statementDifference } from "../../../server/out/import/writtenStatements";
import { type ImportedStatement, mapperMethodsOf } from "../../../server/out/ruby/routesRb";
import { RubyCode, RubyHash, RubyRedirect, RubySymbol } from "../../../server/out/ruby/rubyValues";
import { ROOT } from "../support/fixtures";

/** What an import writes into comments: any text stays a comment, and the proof reads the written file's statements. */

const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const TERMS = { from: "routes.rb", behaviour: "B", why: "the default", env: "production" } as const;
const SPAN = { start: 0, end: 0 };

/** Text from every plane, with JavaScript's line terminators, comment ends and code often among it. */
const TEXT = fc
  .array(
    fc.oneof(
      fc.constantFrom("\n", "\r", "\r\n", "\u2028", "\u2029", "*/", "/*", "require('x')", ";", "}", 'map.resources("x")', "\u0085", "\u000b"),
      fc.string({ unit: "binary", maxLength: 4 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(""));

function call(method: string, block?: ImportedStatement[]): ImportedStatement {
  const source = { call: SPAN, method: SPAN, names: [], options: [] };
  return {
    kind: "call",
    receiver: "map",
    method,
    args: [new RubySymbol("posts")],
    line: 2,
    source,
    ...(block ? { block: { variable: "map", body: block } } : {}),
  };
}

/** The number of lines TypeScript (so Node) sees in a text: every line terminator counts. */
function linesOf(text: string): number {
  return ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest).getLineStarts().length;
}

describe("the text an import writes", () => {
  it("commentLines splits at each of JavaScript's line terminators and nowhere else", () => {
    assert.deepStrictEqual(commentLines("a\nb\rc\r\nd\u2028e\u2029f\u0085g"), ["a", "b", "c", "d", "e", "f\u0085g"]);
    fc.assert(fc.property(TEXT, (text) => commentLines(text).every((line) => linesOf(line) === 1)));
  });

  it("any text in a Ruby comment, a note or an unread part stays a comment: the file's statements are the calls the import wrote", () => {
    fc.assert(
      fc.property(TEXT, TEXT, TEXT, TEXT, (preamble, comment, note, unread) => {
        const body: ImportedStatement[] = [
          { kind: "comment", text: comment },
          call("resources", [{ kind: "note", text: note }, call("resources")]),
          { kind: "unread", reason: note, text: unread, line: 3, span: SPAN },
          call("resource"),
        ];
        const text = importedFileText({ preamble: [preamble], body, unread: [], syntaxErrors: [] }, TERMS);
        assert.deepStrictEqual(importedOutline(body), ["  map.resources", "    map.resources", "  map.resource"]);
        assert.strictEqual(statementDifference(text, importedOutline(body)), undefined, text);
      }),
      { numRuns: 300 },
    );
  });

  it("the proof refuses a file with a statement the import did not write, wherever it stands", () => {
    const body = [call("resources", [call("resources")])];
    const good = importedFileText({ preamble: [], body, unread: [], syntaxErrors: [] }, TERMS);
    assert.strictEqual(statementDifference(good, importedOutline(body)), undefined);
    const injected = [
      good.replace('map.resources("posts", (map) => {', 'map.resources("posts", (map) => {\n    globalThis.process.exit(3);'),
      good.replace("export default", "process.exit(3);\nexport default"),
      `${good}process.exit(3);\n`,
      good.replace('map.resources("posts");', 'map.resources("posts", { a: process.exit(3) });'),
      good.replace('map.resources("posts");', 'map.resources("posts");\n    map.resources("posts");'),
    ];
    for (const text of injected) assert.match(statementDifference(text, importedOutline(body)) ?? "", /line \d+|statement|lacks/, text);
  });

  it("the proof takes the package's redirect() of written values, and no other call", () => {
    const redirectCall = {
      ...call("get"),
      receiver: "r",
      args: ["old", new RubyHash([[new RubySymbol("to"), new RubyRedirect("/new", 302)]])],
    } as ImportedStatement;
    const body = [redirectCall];
    const imported = { preamble: [], body, unread: [], syntaxErrors: [], modern: true as const };
    const outline = importedOutline(body, mapperMethodsOf(imported));
    const good = importedFileText(imported, { ...TERMS, behaviour: "C" });
    assert.match(good, /import \{ draw, redirect \} from "resource-routes";/);
    assert.match(good, /r\.get\("old", \{ to: redirect\("\/new", \{ status: 302 \}\) \}\);/);
    assert.strictEqual(statementDifference(good, outline), undefined);
    const injected = [
      // redirect() that is not the package's.
      good.replace("import { draw, redirect }", "import { draw }"),
      good.replace("import { draw, redirect }", "import { draw, unset as redirect }"),
      // Any argument that could run.
      good.replace('redirect("/new"', "redirect(process.exit(3) as never"),
      good.replace("{ status: 302 }", "{ status: 302 }, process.exit(3)"),
    ];
    for (const text of injected) assert.match(statementDifference(text, outline) ?? "", /line \d+/, text);
  });

  it('the proof takes the placeholder of the application\'s code, () => unset("…"), and no other function', () => {
    const codeCall = {
      ...call("get"),
      receiver: "r",
      args: ["beta", new RubyHash([[new RubySymbol("constraints"), new RubyCode("BetaUsers.new", 3)]])],
    } as ImportedStatement;
    const body = [codeCall];
    const imported = { preamble: [], body, unread: [], syntaxErrors: [], modern: true as const };
    const outline = importedOutline(body, mapperMethodsOf(imported));
    const good = importedFileText(imported, { ...TERMS, behaviour: "C" });
    assert.match(good, /import \{ draw, unset \} from "resource-routes";/);
    assert.match(good, /r\.get\("beta", \{ constraints: \(\) => unset\("the constraint of routes\.rb line 3, `BetaUsers\.new`, in TypeScript,"\) \}\);/);
    assert.strictEqual(statementDifference(good, outline), undefined);
    const injected = [
      good.replace("import { draw, unset }", "import { draw }"),
      good.replace("() => unset(", "() => process.exit(3) || unset("),
      good.replace("() => unset(", "(request = process.exit(3)) => unset("),
      good.replace('in TypeScript,")', 'in TypeScript," + process.exit(3))'),
    ];
    for (const text of injected) assert.match(statementDifference(text, outline) ?? "", /line \d+/, text);
  });

  it("import: a U+2028 in a Ruby comment is a line break in the written comment, and --check refuses a file whose comment became code", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-import-text-"));
    const routes = path.join(dir, "routes.rb");
    const code = 'require("child_process").execSync("exit 0")';
    fs.writeFileSync(routes, `ActionController::Routing::Routes.draw do |map|\n  # note\u2028${code}\n  map.resources :posts\nend\n`);
    const run = (...args: string[]) => cp.spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 60_000 });
    const imported = run("import", routes);
    assert.strictEqual(imported.status, 0, imported.stderr);
    const written = fs.readFileSync(path.join(dir, "routes.ts"), "utf8");
    assert.ok(written.includes(`  // note\n  // ${code}\n`), written);
    assert.ok(!written.includes("\u2028"));

    // The file an earlier writer made: the same text with the separator kept, which runs the code.
    fs.writeFileSync(path.join(dir, "routes.ts"), written.replace(`// note\n  // ${code}`, `// note\u2028${code}`));
    const checked = run("import", routes, "--check");
    assert.strictEqual(checked.status, 1);
    assert.match(checked.stderr, /routes\.ts: line \d+ holds a statement the import did not write/);
  });
});
