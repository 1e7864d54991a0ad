import * as assert from "assert";
import fc from "fast-check";
import * as fs from "fs";
import * as path from "path";
import { Declaration } from "resource-routes";
import { originSpan } from "resource-routes/internal";
import * as ts from "typescript";

import { nodesAt } from "../../../server/out/analysis/analyze";
import { compacted } from "../../../server/out/analysis/rereading";
import { LoadedRoutingFile, loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { GroupedTable } from "../../../server/out/incremental/groupedTable";
import { ROOT } from "../support/fixtures";
import { runs } from "../support/runs";

/** The editor's table of a loaded file, with its groups. */
const grouped = (file: { routes: { table: unknown } }): GroupedTable => file.routes.table as GroupedTable;

/** Re-analysis after an edit (updated syntax tree, re-used declarations) gives exactly what a fresh analysis gives. */
const BLOG = fs.readFileSync(path.join(ROOT, "examples", "blog", "routes.ts"), "utf8");
const PIECES = [
  'map.resources("extra");\n',
  "x",
  ",",
  '"',
  "(",
  ")",
  "{",
  "}",
  "shallow: true, ",
  'only: ["index"], ',
  "\n",
  "// ",
  "member",
  "m",
  'const extra = ["a"];\n',
  '"faq", ',
  "admin",
  ";",
  "`",
  "/*",
  "*/",
  " as const",
  "\n(",
  "\n[",
  "\n.x",
  " in ",
  "\n`",
  'map.resource("article");\n',
  'map.resources("articles");\n',
  // A syntax error the incremental parser could forget beside an edit elsewhere.
  'map.resources("groups", { a...b });\n',
];

/** Random edits: at a place (taken modulo the text's length), up to ten characters removed, one of `pieces` inserted. */
const randomEdits = (pieces: readonly string[], maxLength: number) =>
  fc.array(fc.record({ at: fc.nat(), remove: fc.nat({ max: 10 }), piece: fc.constantFrom(...pieces) }), { minLength: 1, maxLength });

/** The text with `edit` made at `at`. */
const withEdit = (text: string, at: number, edit: { remove: number; piece: string }) => text.slice(0, at) + edit.piece + text.slice(at + edit.remove);

const RUNS = runs(150);

/** Everything a user can see of a loaded file: routes, names, diagnostics, and where each route was declared. */
function observable(file: LoadedRoutingFile | undefined): unknown {
  if (!file) return undefined;
  return {
    routes: file.routes.toJSON(),
    // The name lookup: every name, and the route holding it (a patched table must not keep a name it lost).
    named: [...file.routes.table.named].map(([name, route]) => [name, file.routes.routes.indexOf(route)]).sort(),
    namedInOrder: [...file.routes.table.namedRoutes()].map(([name]) => name),
    // Each declaration's routes (a patched table keeps this grouping up too).
    grouped: declarationsOf(file.analysis.tree?.body ?? []).map((declaration) =>
      file.routes.table.routesOf({ declaration }).map((r) => file.routes.routes.indexOf(r)),
    ),
    diagnostics: file.diagnostics,
    origins: file.routes.routes.map((r) => r.origin && [originSpan(r.origin), r.origin.declaration.source?.call]),
    tree: JSON.stringify(file.analysis.tree, (_key, value) => (value instanceof Map ? [...value] : value instanceof RegExp ? String(value) : value)),
  };
}

function declarationsOf(declarations: Declaration[]): Declaration[] {
  return declarations.flatMap((d) => [d, ...declarationsOf(d.block ?? [])]);
}

/** A syntax tree as positions and kinds, node by node. */
function shape(node: ts.Node): unknown {
  const children: unknown[] = [];
  ts.forEachChild(node, (child) => {
    children.push(shape(child));
  });
  return [ts.SyntaxKind[node.kind], node.pos, node.end, children];
}

/** The nodes holding `offset` (nodesAt), as kinds and positions. */
function pathShape(file: LoadedRoutingFile, offset: number): unknown[] {
  return nodesAt(file.analysis, offset).map((node) => [ts.SyntaxKind[node.kind], node.pos, node.end]);
}

describe("incremental re-analysis", () => {
  it("an edit inside a function of the file that the draw callback calls with the mapper: the calls' routes follow it", () => {
    const before = [
      'import { draw, type Mapper } from "resource-routes";',
      "function shared(m: Mapper) {",
      '  m.resources("photos", { only: "index" });',
      "}",
      "export default draw((map) => {",
      '  map.resources("posts", { only: "index" });',
      "  shared(map);",
      '  map.namespace("admin", (admin) => shared(admin));',
      '  map.namespace("api", (api) => {\n    api.resources("keys", { only: "index" });\n    shared(api);\n  });',
      "});",
      "",
    ].join("\n");
    const previous = loadRoutingFile(before, "routes.ts");
    for (const after of [before.replace('only: "index" });\n}', 'only: ["index", "show"] });\n}'), before.replace('"photos"', '"albums"')]) {
      const incremental = loadRoutingFile(after, "routes.ts", { previous });
      assert.deepStrictEqual(observable(incremental), observable(loadRoutingFile(after, "routes.ts")));
      assert.notDeepStrictEqual(observable(incremental), observable(previous));
    }
  });

  it("a sequence of random edits: each version re-analysed from the previous equals a fresh analysis (the file with and without `;`)", () => {
    // Without semicolons, statements are apart by line breaks only (automatic semicolon insertion).
    const unended = BLOG.replace(/;\n/g, "\n");
    fc.assert(
      fc.property(fc.boolean(), randomEdits(PIECES, 15), (semicolons, edits) => {
        let text = semicolons ? BLOG : unended;
        let previous = loadRoutingFile(text, "routes.ts");
        for (const [i, edit] of edits.entries()) {
          const at = edit.at % (text.length + 1);
          text = withEdit(text, at, edit);
          const incremental = loadRoutingFile(text, "routes.ts", { previous });
          const fresh = loadRoutingFile(text, "routes.ts");
          assert.deepStrictEqual(observable(incremental), observable(fresh));
          // Now and then the syntax tree is asked for (it is made only then): it is the text's.
          if (i % 2 === 1 && incremental) assert.deepStrictEqual(shape(incremental.analysis.syntax!()), shape(fresh!.analysis.syntax!()));
          // The nodes at the place edited, found without the file's tree where they can be, are the fresh tree's.
          if (i % 2 === 0 && incremental) assert.deepStrictEqual(pathShape(incremental, at), pathShape(fresh!, at).slice(-pathShape(incremental, at).length));
          previous = incremental;
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("behaviour C: random edits (names taken and freed, concerns, static paths named after themselves, a name used twice, consts and functions the statements read): each version, its statements read again where the edit touched them, equals a fresh analysis", () => {
    const modern = fs.readFileSync(path.join(ROOT, "examples", "blog-modern", "routes.ts"), "utf8");
    const pieces = [
      'r.resources("extra");\n',
      'r.get("about", { to: "pages#about" });\n',
      'r.get("about");\n',
      'r.resources("articles", { only: ["index"] });\n',
      'r.get("feed", { to: "feeds#show", as: "articles" });\n',
      'r.concerns("taggable");\n',
      'r.concern("taggable", () => r.resources("labels"));\n',
      'r.resources("pages", { concerns: "taggable" });\n',
      'r.namespace("api", () => r.resources("articles"));\n',
      'r.scope("(:locale)", () => r.get("contact"));\n',
      'r.get("old", { to: redirect("/new") });\n',
      // Path names merged in a block: what the routes after it draw, in the statements after it too.
      'r.scope("x", () => r.resources_path_names({ new: "nuevo" }));\n',
      'r.resources_path_names({ edit: "editar" });\n',
      "x",
      '"',
      "(",
      ")",
      ";",
      "\n",
      "// ",
      'only: ["show"], ',
      // What a statement read with the file's consts and functions depends on.
      'const PUBLIC_PAGES = ["help"];\n',
      "PUBLIC_PAGES",
      'const pages = () => r.resources("pages");\n',
      "pages();\n",
      'for (const page of ["a", "b"]) r.get(page);\n',
    ];
    fc.assert(
      fc.property(randomEdits(pieces, 12), (edits) => {
        let text = modern;
        let previous = loadRoutingFile(text, "routes.ts");
        for (const edit of edits) {
          text = withEdit(text, edit.at % (text.length + 1), edit);
          const incremental = loadRoutingFile(text, "routes.ts", { previous });
          assert.deepStrictEqual(observable(incremental), observable(loadRoutingFile(text, "routes.ts")), text);
          previous = incremental;
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("behaviour C: an edit of one top-level declaration expands that one again, the others keeping their routes", () => {
    const lines = Array.from({ length: 200 }, (_, i) => `  r.resources("things${i}", { only: ["index", "show"] }, () => r.get("preview", { on: "member" }));`);
    const text = (body: string[]) => `import { draw } from "resource-routes";\nexport default draw({ behaviour: "C" }, (r) => {\n${body.join("\n")}\n});\n`;
    const first = loadRoutingFile(text(lines), "routes.ts")!;
    const edited = [...lines];
    edited[100] = edited[100].replace('"show"', '"show", "update"');
    const second = loadRoutingFile(text(edited), "routes.ts", { previous: first })!;
    const edit = grouped(second).edit!;
    assert.deepStrictEqual([edit.at, edit.removed.length, edit.added.length], [100, 1, 1]);
    assert.strictEqual(second.routes.routes.length, first.routes.routes.length + 2);
    assert.strictEqual(second.routes.routes[0], first.routes.routes[0], "a route of a declaration before the edit is the same object");
    assert.deepStrictEqual(second.routes.toJSON(), loadRoutingFile(text(edited), "routes.ts")!.routes.toJSON());
  });

  it("behaviour C: path names merged in a block, edited, change the routes of the statements after it, as a fresh analysis", () => {
    const text = (names: string) =>
      `import { draw } from "resource-routes";\nexport default draw({ behaviour: "C" }, (r) => {\n  r.resources("a", { only: ["new"] });\n  r.scope("x", () => r.resources_path_names(${names}));\n  r.resources("b", { only: ["new"] });\n});\n`;
    const first = loadRoutingFile(text('{ new: "nuevo" }'), "routes.ts")!;
    const second = loadRoutingFile(text('{ new: "neu" }'), "routes.ts", { previous: first })!;
    assert.deepStrictEqual(
      second.routes.routes.map((route) => route.path),
      ["/a/new(.:format)", "/b/neu(.:format)"],
    );
    assert.deepStrictEqual(second.routes.toJSON(), loadRoutingFile(text('{ new: "neu" }'), "routes.ts")!.routes.toJSON());
  });

  it("random edits inside blocks nested in blocks (namespaces, with_options, resources; a block calling an outer mapper, a mapper named as the outer one): each version equals a fresh analysis", () => {
    const nested = [
      `import { draw } from "resource-routes";`,
      `const ONLY = ["index", "show"] as const;`,
      `export default draw((map) => {`,
      `  map.resources("home");`,
      `  map.namespace("api", (api) => {`,
      `    api.resources("posts", { only: ONLY });`,
      `    api.namespace("v2", (v2) => {`,
      `      v2.resources("users", { has_many: ["roles"] }, (user) => {`,
      `        user.resources("keys", { shallow: true });`,
      `        user.resource("avatar");`,
      `      });`,
      `      v2.with_options({ requirements: { id: /\\d+/ } }, (scoped) => {`,
      `        scoped.resources("orders");`,
      `        map.resources("outside");`,
      `        scoped.resources("invoices", { member: { pay: "put" } });`,
      `      });`,
      `      v2.namespace("admin", (map) => {`,
      `        map.resources("audits");`,
      `      });`,
      `    });`,
      `    api.resources("tags");`,
      `  });`,
      `  map.resources("tail");`,
      `});`,
      ``,
    ].join("\n");
    const pieces = [...PIECES, 'v2.resources("more");\n', 'scoped.resources("x");\n', "api.", '"users"'];
    // Without the call of the outer mapper, the blocks are read a statement at a time.
    const contained = nested.replace(`        map.resources("outside");\n`, "");
    fc.assert(
      fc.property(fc.boolean(), randomEdits(pieces, 12), (escaping, edits) => {
        let text = escaping ? nested : contained;
        let previous = loadRoutingFile(text, "routes.ts");
        for (const edit of edits) {
          // Most edits land inside the namespace, past the consts.
          const at = nested.indexOf("map.namespace") + (edit.at % Math.max(1, text.length - nested.indexOf("map.namespace")));
          text = withEdit(text, at, edit);
          const incremental = loadRoutingFile(text, "routes.ts", { previous });
          assert.deepStrictEqual(observable(incremental), observable(loadRoutingFile(text, "routes.ts")));
          previous = incremental;
        }
      }),
      { numRuns: RUNS },
    );
    // Such an edit is read a statement of a block at a time (unless a statement in the block calls a mapper of a block around it).
    const first = loadRoutingFile(contained, "routes.ts")!;
    const before = first.analysis.reuse!.readings!.find((reading) => reading.block)!.block!.statements;
    const edited = contained.replace(`user.resource("avatar")`, `user.resource("avatars")`);
    const second = loadRoutingFile(edited, "routes.ts", { previous: first })!;
    const again = second.analysis.reuse!.readAgain!.reading;
    assert.deepStrictEqual(
      again.block?.statements.map((reading, i) => reading === before[i]),
      [true, false, true],
      "inside the namespace, only the statement holding the edit was read again",
    );
  });

  it("a root that takes a named route's options follows an edit of that route: the file is expanded whole, as a fresh analysis", () => {
    const text = [
      `import { draw } from "resource-routes";`,
      `export default draw((map) => {`,
      `  map.named_route("episodes", "episodes", { controller: "episodes", action: "index", conditions: { method: "get" } });`,
      `  map.resources("shows");`,
      `  map.root("episodes");`,
      `});`,
      ``,
    ].join("\n");
    const first = loadRoutingFile(text, "routes.ts")!;
    const root = (file: LoadedRoutingFile) => file.routes.routes.find((route) => route.name === "root")!.toJSON();
    assert.deepStrictEqual([root(first).verb, root(first).controller, root(first).action], ["GET", "episodes", "index"]);
    const edited = text.replace(`action: "index"`, `action: "list"`);
    const again = loadRoutingFile(edited, "routes.ts", { previous: first })!;
    assert.deepStrictEqual(root(again), root(loadRoutingFile(edited, "routes.ts")!));
    assert.strictEqual(root(again).action, "list");
  });

  it("a syntax error below a block is kept through an edit in the statement above it", () => {
    const text = [
      `import { draw } from "resource-routes";`,
      `export default draw((map) => {`,
      `  map.namespace("admin", (admin) => {`,
      `    admin.resources("users");`,
      `  });`,
      `  map.resources("groups", { a...b });`,
      `});`,
      ``,
    ].join("\n");
    const first = loadRoutingFile(text, "routes.ts");
    const edited = text.replace(`"users"`, `"userz"`);
    const second = loadRoutingFile(edited, "routes.ts", { previous: first });
    assert.deepStrictEqual(
      second!.diagnostics.filter((d) => d.code === "syntax-error").map((d) => edited.slice(d.span!.start, d.span!.end)),
      ["..."],
    );
    assert.deepStrictEqual(observable(second), observable(loadRoutingFile(edited, "routes.ts")));
  });

  it("an edit inside one call statement parses and reads that statement alone; the file's tree is updated only when asked for", () => {
    const first = loadRoutingFile(BLOG, "routes.ts")!;
    const edited = BLOG.replace(`"articles"`, `"posts"`);
    const second = loadRoutingFile(edited, "routes.ts", { previous: first })!;
    assert.notStrictEqual(second.analysis.reuse!.trees.current?.text, edited, "no tree of the whole file was made");
    assert.ok(second.routes.table.named.has("posts"));
    assert.strictEqual(second.analysis.syntax!().text, edited);
    assert.strictEqual(second.analysis.reuse!.trees.current?.text, edited);
    // Without semicolons, an edit inside a statement between lines that start with names is read alone…
    const plain = loadRoutingFile(BLOG.replace(/;\n/g, "\n"), "routes.ts")!;
    const plainEdited = BLOG.replace(/;\n/g, "\n").replace(`"authors"`, `"writers"`);
    const third = loadRoutingFile(plainEdited, "routes.ts", { previous: plain })!;
    assert.notStrictEqual(third.analysis.reuse!.trees.current?.text, plainEdited);
    assert.ok(third.routes.table.named.has("writers"));
    // …but one that makes a line start with `(`, which goes on with the statement before, is not.
    const joined = plainEdited.replace(`map.resource("session"`, `(map).resource("session"`);
    const fourth = loadRoutingFile(joined, "routes.ts", { previous: third })!;
    assert.strictEqual(fourth.analysis.reuse!.trees.current?.text, joined);
    assert.deepStrictEqual(observable(fourth), observable(loadRoutingFile(joined, "routes.ts")));
  });

  it("a statement parsed alone keeps no syntax nodes: editing statement after statement of a closed file's analysis keeps none", () => {
    let text = BLOG;
    let file = loadRoutingFile(text, "routes.ts")!;
    file = { ...file, analysis: compacted(file.analysis) };
    for (const name of [`"articles"`, `"session"`, `"reports"`]) {
      assert.ok(text.includes(name), name);
      text = text.replace(name, name.replace(/"$/, `x"`));
      file = loadRoutingFile(text, "routes.ts", { previous: file })!;
      assert.strictEqual(file.analysis.reuse!.trees.current, undefined, "read statement by statement");
    }
    assert.deepStrictEqual(file.analysis.reuse!.readings!.filter((reading) => reading.node).length, 0);
    assert.deepStrictEqual(observable(file), observable(loadRoutingFile(text, "routes.ts")));
  });

  it("brackets nested past the parser's stack, typed inside one statement, give what a fresh analysis gives (nothing thrown)", () => {
    const text = `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("a");\n  map.resources("b", { only: ["index"] });\n});\n`;
    const first = loadRoutingFile(text, "routes.ts")!;
    const deep = text.replace(`["index"]`, "[".repeat(20_000) + "]".repeat(20_000));
    const second = loadRoutingFile(deep, "routes.ts", { previous: first });
    assert.deepStrictEqual(observable(second), observable(loadRoutingFile(deep, "routes.ts")));
    assert.deepStrictEqual(
      second!.diagnostics.map((d) => d.code),
      ["too-deep"],
    );
  });

  it("near the file's loop budget, an edit inside one statement is read with the whole file, and gives what a fresh analysis gives", () => {
    const list = `const NAMES = [${Array.from({ length: 500 }, (_, i) => `"n${i}"`).join(", ")}];`;
    const file = (statements: number, suffix: string) =>
      `import { draw } from "resource-routes";\n${list}\nexport default draw((map) => {\n${Array.from({ length: statements }, (_, i) => `  NAMES.forEach((n) => map.resource(\`\${n}_${i}${i === 0 ? suffix : ""}\`));`).join("\n")}\n});\n`;
    for (const statements of [4, 30]) {
      const first = loadRoutingFile(file(statements, ""), "routes.ts")!;
      const text = file(statements, "x");
      const second = loadRoutingFile(text, "routes.ts", { previous: first })!;
      assert.deepStrictEqual(observable(second), observable(loadRoutingFile(text, "routes.ts")));
      // 4 × 500 iterations is well within the 10,000 of a file: read alone; 30 × 500 is past it.
      assert.strictEqual(second.analysis.reuse!.trees.current?.text === text, statements === 30);
    }
  });

  it("past the file's step budget: statements re-used after an edit are charged what they spent, and what is left unread is one report a block", () => {
    const list = (n: number) => `[${Array.from({ length: n }, () => '"x"').join(",")}]`;
    const file = (first: string) =>
      [
        'import { draw } from "resource-routes";',
        "export default draw((map) => {",
        `  map.resources("${first}");`,
        ...Array.from({ length: 5 }, (_, i) => `  map.resources("m${i}", { conditions: { c: ${list(2_000)} } });`),
        `  map.with_options({ conditions: { c: ${list(9_000)} } }, (m) => {`,
        ...Array.from({ length: 120 }, (_, i) => `    m.resources("w${i}");`),
        "  });",
        ...Array.from({ length: 10 }, (_, i) => `  map.resources("after${i}");`),
        "});",
      ].join("\n");
    const first = loadRoutingFile(file("first"), "routes.ts")!;
    const text = file("firstx");
    const second = loadRoutingFile(text, "routes.ts", { previous: first })!;
    // Were the five re-used statements free, the block would read further than a whole reading does.
    assert.deepStrictEqual(observable(second), observable(loadRoutingFile(text, "routes.ts")));
    const budget = second.diagnostics.filter((d) => d.code === "not-static").map((d) => text.slice(d.span!.start, d.span!.end).split("\n")[0].trim());
    const stoppedAt = budget[0].match(/w(\d+)/)![1];
    assert.deepStrictEqual(budget, [`m.resources("w${stoppedAt}")`, `m.resources("w${Number(stoppedAt) + 1}");`, 'map.resources("after0");']);
    assert.match(
      second.diagnostics.find((d) => d.code === "not-static" && d.span!.start === text.indexOf('map.resources("after0'))!.message,
      /and the 9 after it/,
    );
  });

  it("a file that spends well under half its step budget: an edit inside one statement is read alone, and gives what a fresh analysis gives", () => {
    const list = `[${Array.from({ length: 1_000 }, () => '"x"').join(",")}]`;
    const file = (suffix: string) =>
      [
        'import { draw } from "resource-routes";',
        "export default draw((map) => {",
        ...Array.from({ length: 100 }, (_, i) => `  map.resources("r${i}${i === 50 ? suffix : ""}", { conditions: { c: ${list} } });`),
        "});",
      ].join("\n");
    const first = loadRoutingFile(file(""), "routes.ts")!;
    const steps = first.analysis.cost!.steps;
    // Counted twice (the whole reading's and the statements'), the file would seem past half its budget and be read whole.
    assert.ok(steps > 250_000 && steps < 500_000, `${steps} steps`);
    let text = file("x");
    let second = loadRoutingFile(text, "routes.ts", { previous: first })!;
    assert.ok(second.analysis.reuse!.readAgain, "read alone");
    assert.deepStrictEqual(observable(second), observable(loadRoutingFile(text, "routes.ts")));
    text = file("xy");
    second = loadRoutingFile(text, "routes.ts", { previous: second })!;
    assert.ok(second.analysis.reuse!.readAgain, "read alone again");
    assert.deepStrictEqual(observable(second), observable(loadRoutingFile(text, "routes.ts")));
  });

  it("an unchanged declaration keeps its route objects, and they point at its new position", () => {
    const first = loadRoutingFile(BLOG, "routes.ts")!;
    const sessionRoute = first.routes.routes.find((r) => r.name === "new_session")!;
    const edited = BLOG.replace(`map.root(`, `map.resources("extra");\n  map.root(`);
    const second = loadRoutingFile(edited, "routes.ts", { previous: first })!;
    const again = second.routes.routes.find((r) => r.name === "new_session")!;
    assert.strictEqual(again, sessionRoute);
    // Patched, not rebuilt: the name lookup was taken over, and only the new declaration's routes were made.
    assert.strictEqual(second.routes.table.named, first.routes.table.named);
    assert.deepStrictEqual(
      second.routes.routes.filter((r) => !first.routes.routes.includes(r)).map((r) => r.controller),
      ["extra", "extra", "extra", "extra", "extra", "extra", "extra"],
    );
    assert.strictEqual(edited.slice(originSpan(again.origin!)!.start, originSpan(again.origin!)!.end), `"session"`);
  });

  it("the ranges of the statements after an edit are the same objects at their new offsets; one read in a const before the edit stays", () => {
    const first = loadRoutingFile(BLOG, "routes.ts")!;
    const declarations = (file: LoadedRoutingFile) => declarationsOf(file.analysis.tree!.body);
    const slices = (file: LoadedRoutingFile, text: string) =>
      declarations(file).map(({ source }) =>
        [source!.call, source!.method, ...source!.names, ...[...source!.options].flatMap(([, { key, value }]) => [key, value])].map((span) =>
          text.slice(span.start, span.end),
        ),
      );
    const admin = declarations(first).find((d) => d.kind === "namespace")!.source!;
    let text = BLOG;
    let file = first;
    for (const [from, to] of [
      [`"articles"`, `"articles_and_more"`],
      [`"authors"`, `"a"`],
      ["map.root(", 'map.resources("x");\n  map.root('],
    ]) {
      text = text.replace(from, to);
      file = loadRoutingFile(text, "routes.ts", { previous: file })!;
      const fresh = loadRoutingFile(text, "routes.ts")!;
      assert.deepStrictEqual(slices(file, text), slices(fresh, text), `after ${to}`);
    }
    const moved = declarations(file).find((d) => d.kind === "namespace")!.source!;
    assert.strictEqual(moved.call, admin.call, "the range object is kept, and moved");
    assert.ok(text.slice(moved.call.start).startsWith(`map.namespace("admin"`));
    // A range is written out as its offsets in the file now.
    assert.deepStrictEqual(JSON.parse(JSON.stringify(moved.call)), { start: moved.call.start, end: moved.call.end });
    // Options read through a const before the callback: their ranges lie there, and stay.
    const withConst = (head: string) =>
      `import { draw } from "resource-routes";\nconst OPTIONS = { only: ["index"] };\nexport default draw((map) => {\n  ${head}map.resources("posts", OPTIONS);\n});\n`;
    const before = loadRoutingFile(withConst(""), "routes.ts")!;
    const after = loadRoutingFile(withConst(`map.resources("x");\n  `), "routes.ts", { previous: before })!;
    const only = declarations(after)
      .find((d) => d.names[0] === "posts")!
      .source!.options.get("only")!;
    assert.strictEqual(withConst("").slice(only.value.start, only.value.end), `["index"]`);
    assert.deepStrictEqual(observable(after), observable(loadRoutingFile(withConst(`map.resources("x");\n  `), "routes.ts")));
  });

  it("edit after edit inside statements: each version reads one statement, expands one declaration, and its tree holds the declarations the next patch knows", () => {
    const lines = Array.from({ length: 12 }, (_, i) => `  map.resources("things${i}", { only: ["index"] });`);
    const text = () => `import { draw } from "resource-routes";\nexport default draw((map) => {\n${lines.join("\n")}\n});\n`;
    let file = loadRoutingFile(text(), "routes.ts")!;
    for (const [round, at] of [3, 7, 3, 0, 11, 7, 3, 3, 5].entries()) {
      // Every third round changes only white space: the declaration read again equals the one before, whose segment (and declaration object) is kept.
      if (round % 3 === 2) lines[at] = lines[at].includes(",  {") ? lines[at].replace(",  {", ", {") : lines[at].replace(", {", ",  {");
      else lines[at] = lines[at].includes(`"show"`) ? lines[at].replace(`, "show"`, "") : lines[at].replace(`"index"`, `"index", "show"`);
      const kept = file.routes.routes.filter((route) => route.controller !== `things${at}`);
      const group = grouped(file).groups.list[at];
      file = loadRoutingFile(text(), "routes.ts", { previous: file })!;
      const edit = grouped(file).edit!;
      if (round % 3 === 2) {
        assert.deepStrictEqual([edit.removed.length, edit.added.length], [0, 0], `round ${round}: a declaration equal to the one before is not expanded again`);
        assert.strictEqual(grouped(file).groups.list[at], group, "it keeps its group");
      } else assert.deepStrictEqual([edit.at, edit.removed.length, edit.added.length], [at, 1, 1], `round ${round}: one declaration expanded again`);
      assert.ok(
        kept.every((route) => file.routes.routes.includes(route)),
        "the others' routes are the same objects",
      );
      const readings = file.analysis.reuse!.readings!;
      const body = file.analysis.tree!.body;
      assert.ok(
        readings.flatMap((r) => r.declarations).every((declaration, i) => declaration === body[i]),
        "the readings hold the tree's declaration objects",
      );
      assert.deepStrictEqual(observable(file), observable(loadRoutingFile(text(), "routes.ts")));
    }
  });

  it("an edit inside a namespace expands again the one declaration it touched, in the namespace's options; an edit of the namespace's own options, every declaration in it", () => {
    const lines = Array.from({ length: 12 }, (_, i) => `      api.resources("things${i}", { only: ["index"] });`);
    let prefix = `"api"`;
    const text = () =>
      `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("home");\n  map.namespace(${prefix}, (api) => {\n    api.with_options({ requirements: { id: /\\d+/ } }, (api) => {\n${lines.join("\n")}\n    });\n  });\n  map.resources("tail");\n});\n`;
    let file = loadRoutingFile(text(), "routes.ts")!;
    assert.strictEqual(grouped(file).groups.list.length, 14, "a group per declaration in the blocks, and one per top-level resource");
    for (const [round, at] of [3, 7, 0, 11, 7].entries()) {
      lines[at] = lines[at].includes(`"show"`) ? lines[at].replace(`, "show"`, "") : lines[at].replace(`"index"`, `"index", "show"`);
      const kept = file.routes.routes.filter((route) => route.controller !== `api/things${at}`);
      file = loadRoutingFile(text(), "routes.ts", { previous: file })!;
      const edit = grouped(file).edit!;
      assert.deepStrictEqual([edit.at, edit.removed.length, edit.added.length], [at + 1, 1, 1], `round ${round}: one declaration expanded again`);
      assert.ok(
        kept.every((route) => file.routes.routes.includes(route)),
        "the others' routes are the same objects",
      );
      assert.deepStrictEqual(observable(file), observable(loadRoutingFile(text(), "routes.ts")));
    }
    prefix = `"v2"`;
    file = loadRoutingFile(text(), "routes.ts", { previous: file })!;
    assert.deepStrictEqual([grouped(file).edit!.removed.length, grouped(file).edit!.added.length], [12, 12]);
    assert.ok(file.routes.routes.some((route) => route.path.startsWith("/v2/things3")));
    assert.deepStrictEqual(observable(file), observable(loadRoutingFile(text(), "routes.ts")));
  });

  it("a previous version handed over twice (an analysis that failed half-way) is parsed anew, not refused", () => {
    const first = loadRoutingFile(BLOG, "routes.ts")!;
    const edited = BLOG.replace(`"articles"`, `"posts"`);
    loadRoutingFile(edited, "routes.ts", { previous: first });
    const again = loadRoutingFile(edited, "routes.ts", { previous: first });
    assert.deepStrictEqual(observable(again), observable(loadRoutingFile(edited, "routes.ts")));
  });

  it("a declaration whose taken names were reported only for an earlier one reports them once that one is gone", () => {
    const text = `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("p");\n  map.resources("p");\n  map.resources("p");\n});\n`;
    const first = loadRoutingFile(text, "routes.ts")!;
    const edited = text.replace(`  map.resources("p");\n`, `  x(map);\n`);
    const second = loadRoutingFile(edited, "routes.ts", { previous: first })!;
    assert.deepStrictEqual(observable(second), observable(loadRoutingFile(edited, "routes.ts")));
    assert.ok(second.diagnostics.some((d) => d.code === "route-name-taken"));
  });

  it("a declaration refused a name keeps its routes through an edit elsewhere, and is warned again where it now is", () => {
    const text = `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("a");\n  map.resources("posts");\n  map.resources("posts");\n});\n`;
    const first = loadRoutingFile(text, "routes.ts")!;
    const refused = grouped(first).groups.list[2].routes;
    const edited = text.replace(`map.resources("a");`, `map.resources("abc");`);
    const second = loadRoutingFile(edited, "routes.ts", { previous: first })!;
    assert.strictEqual(grouped(second).groups.list[2].routes, refused);
    assert.deepStrictEqual(observable(second), observable(loadRoutingFile(edited, "routes.ts")));
    // posts, new_post, edit_post and post, each warned once.
    assert.strictEqual(second.diagnostics.filter((d) => d.code === "route-name-taken" && d.span!.start === edited.lastIndexOf(`"posts"`)).length, 4);
  });

  it("a const removed by an edit is no longer seen by the statements that were read with it", () => {
    const text = `import { draw } from "resource-routes";\nexport default draw((map) => {\n  const name = "a";\n  map.resources(name);\n});\n`;
    const first = loadRoutingFile(text, "routes.ts")!;
    assert.ok(first.routes.table.named.has("a"));
    const edited = text.replace(`const name = "a";`, `name;`);
    const second = loadRoutingFile(edited, "routes.ts", { previous: first })!;
    assert.deepStrictEqual(observable(second), observable(loadRoutingFile(edited, "routes.ts")));
    assert.ok(!second.routes.table.named.has("a"));
  });

  it("a name freed by an edit is taken again by the declaration that now gets it", () => {
    const text = `import { draw } from "resource-routes";\nexport default draw((map) => {\n  map.resources("photos");\n  map.resource("photo");\n});\n`;
    const first = loadRoutingFile(text, "routes.ts")!;
    assert.ok(first.diagnostics.some((d) => d.code === "route-name-taken"));
    const edited = text.replace(`map.resources("photos");`, `map.resources("images");`);
    const second = loadRoutingFile(edited, "routes.ts", { previous: first })!;
    assert.deepStrictEqual(observable(second), observable(loadRoutingFile(edited, "routes.ts")));
    assert.strictEqual(second.routes.table.named.get("photo")!.path, "/photo.:format");
  });
});
