import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";

import { ROOT } from "../support/fixtures";
import { CodeBlock, codeBlocks, documentationPages, headingAnchors, links } from "./markdown";

/**
 * The documentation's examples run against the built package, so that an example that drifts from
 * the product fails here. A TypeScript or shell block says what it is after its language:
 * - `ts check`: a whole file, type-checked (strict) against the package as an application imports it;
 * - `ts routes`: a whole routing file, type-checked, and printed by `resource-routes routes`; the
 *   `text routes` block after it is that output;
 * - `sh test`: commands after `$ `, run from the repository's root, each followed by its output;
 * - `ts partial` / `sh norun`: deliberately partial (a fragment, an install, a long-running server).
 */

const pages = documentationPages(ROOT).map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));
const blocks = pages.flatMap(({ file, text }) => codeBlocks(file, text));
const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const where = (block: CodeBlock) => `${path.relative(ROOT, block.file)}:${block.line}`;

const MARKS: Record<string, string[]> = { ts: ["check", "routes", "partial"], sh: ["test", "norun"] };
const LANGUAGES: Record<string, string> = {
  ts: "ts",
  typescript: "ts",
  tsx: "ts",
  js: "ts",
  javascript: "ts",
  sh: "sh",
  bash: "sh",
  shell: "sh",
  console: "sh",
};

describe("documentation", () => {
  it("marks every TypeScript and shell example as run, checked or partial", () => {
    const unmarked = blocks
      .filter((b) => LANGUAGES[b.language] && !MARKS[LANGUAGES[b.language]].includes(b.marks[0]))
      .map((b) => `${where(b)}: \`\`\`${b.language} ${b.marks.join(" ")} (mark it ${MARKS[LANGUAGES[b.language]].join(", ")})`);
    assert.deepStrictEqual(unmarked, []);
    const orphans = blocks.filter(
      (b, i) =>
        b.language === "text" && b.marks[0] === "routes" && !(i > 0 && blocks[i - 1].marks[0] === "routes" && LANGUAGES[blocks[i - 1].language] === "ts"),
    );
    assert.deepStrictEqual(orphans.map(where), [], "a `text routes` block follows the `ts routes` block it prints");
  });

  it("type-checks every `ts check` and `ts routes` example against the package", () => {
    const checked = blocks.filter((b) => LANGUAGES[b.language] === "ts" && (b.marks[0] === "check" || b.marks[0] === "routes"));
    assert.ok(checked.length >= 5, `only ${checked.length} checked examples found`);
    // Each example is a file of its own beside the pages, so that `resource-routes` resolves as in an application.
    const files = new Map(checked.map((b, i) => [path.join(ROOT, "docs", `example-${i}.ts`), b]));
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.Node16,
      moduleResolution: ts.ModuleResolutionKind.Node16,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: ["node"],
      skipLibCheck: true,
    };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.fileExists = (name) => files.has(path.resolve(name)) || ts.sys.fileExists(name);
    host.readFile = (name) => files.get(path.resolve(name))?.text ?? readFile(name);
    host.getSourceFile = (name, version) => {
      const block = files.get(path.resolve(name));
      return block ? ts.createSourceFile(name, block.text, version) : getSourceFile(name, version);
    };
    const program = ts.createProgram([...files.keys()], options, host);
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const block = d.file && files.get(path.resolve(d.file.fileName));
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
      const place = block ? `${path.relative(ROOT, block.file)}:${block.line + 1 + line}` : (d.file?.fileName ?? "");
      return `${place}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
    });
    assert.deepStrictEqual(problems, []);
  });

  it("prints the routes each `ts routes` example shows", () => {
    const pairs = blocks.flatMap((b, i) => (LANGUAGES[b.language] === "ts" && b.marks[0] === "routes" ? [[b, blocks[i + 1]] as const] : []));
    assert.ok(pairs.length >= 1, "no routing example with its routes");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-docs-"));
    for (const [routing, shown] of pairs) {
      assert.ok(shown && shown.language === "text" && shown.marks[0] === "routes", `${where(routing)}: a \`text routes\` block must follow`);
      const file = path.join(dir, "routes.ts");
      fs.writeFileSync(file, routing.text);
      const printed = cp.execFileSync(process.execPath, [CLI, "routes", file], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
      assert.strictEqual(trimLines(printed), trimLines(shown.text), `${where(shown)}: the routes shown differ from what resource-routes prints`);
    }
  });

  it("runs every `sh test` example and shows its output", () => {
    const tested = blocks.filter((b) => LANGUAGES[b.language] === "sh" && b.marks[0] === "test");
    assert.ok(tested.length >= 1, "no shell example is run");
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), "rr-docs-bin-"));
    // The docs' `resource-routes` is the one this repository builds.
    fs.writeFileSync(path.join(bin, "resource-routes"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
    const env = { ...process.env, NO_COLOR: "1", PATH: `${bin}${path.delimiter}${process.env.PATH}` };
    for (const block of tested) {
      for (const { command, output } of shellSteps(block.text)) {
        const run = cp.spawnSync("sh", ["-c", command], { cwd: ROOT, encoding: "utf8", env });
        assert.strictEqual(run.status, 0, `${where(block)}: \`${command}\` exited ${run.status}: ${run.stderr}`);
        assert.strictEqual(trimLines(run.stdout), trimLines(output), `${where(block)}: \`${command}\` printed something else`);
      }
    }
  });

  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const { file, text } of pages) {
      for (const { target, line } of links(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, command:
        const [relative, anchor] = target.split("#");
        const linked = relative ? path.resolve(path.dirname(file), decodeURI(relative)) : file;
        const place = `${path.relative(ROOT, file)}:${line}: ${target}`;
        if (!fs.existsSync(linked)) broken.push(`${place} (no such file)`);
        else if (anchor && linked.endsWith(".md") && !headingAnchors(fs.readFileSync(linked, "utf8")).has(anchor)) broken.push(`${place} (no such heading)`);
      }
    }
    assert.deepStrictEqual(broken, []);
  });
});

/** A shell example's commands (`$ …`) and the output shown under each. */
function shellSteps(text: string): Array<{ command: string; output: string }> {
  const steps: Array<{ command: string; output: string[] }> = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("$ ")) steps.push({ command: line.slice(2), output: [] });
    else if (steps.length) steps[steps.length - 1].output.push(line);
  }
  return steps.map((s) => ({ command: s.command, output: s.output.join("\n") }));
}

function trimLines(text: string): string {
  return text
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/^\n+|\n+$/g, "");
}
