import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as oniguruma from "vscode-oniguruma";
import * as textmate from "vscode-textmate";

import { routesTableOf } from "../../../server/out/service/routesTable";
import { RoutingWorkspace } from "../../../server/out/service/workspace";
import { ROOT } from "../support/fixtures";

/** The routes-table grammar (syntaxes/), run by VS Code's own TextMate engine; scopes asserted token by token. */
const GRAMMAR = path.join(ROOT, "syntaxes", "resource-routes-table.tmLanguage.json");

async function loadGrammar(): Promise<textmate.IGrammar> {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () => textmate.parseRawGrammar(fs.readFileSync(GRAMMAR, "utf8"), GRAMMAR),
  });
  return (await registry.loadGrammar("source.resource-routes-table"))!;
}

/** Each token's text and its most specific scope (the root scope for plain text). */
function tokens(grammar: textmate.IGrammar, line: string): Array<[string, string]> {
  const { tokens } = grammar.tokenizeLine(line, textmate.INITIAL);
  return tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes[t.scopes.length - 1].replace(/\.resource-routes-table$/, "")]);
}

describe("syntaxes: the routes-table grammar", () => {
  let grammar: textmate.IGrammar;
  before(async () => {
    grammar = await loadGrammar();
  });

  it("a named route: name, verb, path with its segments, controller#action", () => {
    assert.deepStrictEqual(tokens(grammar, "  publish_article PUT    /articles/:id/publish.:format   articles#publish"), [
      ["  ", "source"],
      ["publish_article", "entity.name.function.route-name"],
      [" ", "source"],
      ["PUT", "keyword.other.verb.put"],
      ["    ", "source"],
      ["/articles/", "string.unquoted.path"],
      [":id", "variable.parameter.segment"],
      ["/publish", "string.unquoted.path"],
      [".:format", "variable.parameter.format"],
      ["   ", "source"],
      ["articles", "entity.name.type.controller"],
      ["#", "punctuation.separator.action"],
      ["publish", "entity.name.function.action"],
    ]);
  });

  it("an unnamed route with several methods", () => {
    assert.deepStrictEqual(tokens(grammar, "                  GET|POST /search  articles#search").slice(1, 5), [
      ["GET", "keyword.other.verb.get"],
      ["|", "punctuation.separator.verb"],
      ["POST", "keyword.other.verb.post"],
      [" ", "source"],
    ]);
  });

  it("a catch-all route: ANY, :controller and :action", () => {
    assert.deepStrictEqual(tokens(grammar, "  ANY /:controller/:action/:id :controller#:action").slice(1), [
      ["ANY", "keyword.other.verb.any"],
      [" ", "source"],
      ["/", "string.unquoted.path"],
      [":controller", "variable.parameter.segment"],
      ["/", "string.unquoted.path"],
      [":action", "variable.parameter.segment"],
      ["/", "string.unquoted.path"],
      [":id", "variable.parameter.segment"],
      [" ", "source"],
      [":controller", "entity.name.type.controller"],
      ["#", "punctuation.separator.action"],
      [":action", "entity.name.function.action"],
    ]);
  });

  it("a file heading", () => {
    assert.deepStrictEqual(tokens(grammar, "# file:///app/routes.ts — behaviour B, 3 of 17 routes"), [
      ["#", "punctuation.definition.heading"],
      [" ", "markup.heading"],
      ["file:///app/routes.ts", "string.unquoted.file"],
      [" — ", "markup.heading"],
      ["behaviour", "keyword.other.behaviour"],
      [" ", "markup.heading"],
      ["B", "constant.language.behaviour"],
      [", ", "markup.heading"],
      ["3 of 17 routes", "comment.line.count"],
    ]);
  });

  it("every line the server's table prints for the examples is a heading or a route", () => {
    const workspace = new RoutingWorkspace();
    for (const example of ["examples/blog/routes.ts", "examples/shop/routes.js"]) {
      workspace.set({ uri: `file:///${example}`, version: 1, text: fs.readFileSync(path.join(ROOT, example), "utf8") });
    }
    const lines = routesTableOf(workspace)
      .text.split("\n")
      .filter((l) => l.trim());
    for (const line of lines) {
      const scopes = grammar.tokenizeLine(line, textmate.INITIAL).tokens.flatMap((t) => t.scopes);
      assert.ok(
        scopes.some((s) => /^(markup\.heading|keyword\.other\.verb)/.test(s)),
        `not recognised: ${line}`,
      );
    }
  });
});
