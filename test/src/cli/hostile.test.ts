import * as assert from "assert";
import * as cp from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { ROOT } from "../support/fixtures";
import { SharedStructure, sharedStructureFile } from "../support/sharedStructure";

/** The CLI against special files, odd arguments and names that carry terminal escapes: one clear line, exit 2, never a hang. */
const CLI = path.join(ROOT, "server", "bin", "resource-routes.js");
const BLOG = path.join(ROOT, "examples", "blog", "routes.ts");

function run(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  // A hang is a failure: the child is killed after 10 s (status null).
  const result = cp.spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", timeout: 10_000, env: { ...process.env, NO_COLOR: "1" } });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

describe("CLI: hostile input", () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-hostile-"));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("a FIFO is refused at once, not waited on", function () {
    if (process.platform === "win32") this.skip();
    const fifo = path.join(dir, "routes.ts");
    cp.execFileSync("mkfifo", [fifo]);
    const { stderr, status } = run("check", fifo);
    assert.strictEqual(status, 2);
    assert.strictEqual(stderr, `resource-routes: cannot read ${JSON.stringify(fifo)}: it is a FIFO, not a regular file\n`);
  });

  it("/dev/zero is refused without reading it", function () {
    if (!fs.existsSync("/dev/zero")) this.skip();
    const { stderr, status } = run("routes", "/dev/zero");
    assert.strictEqual(status, 2);
    assert.match(stderr, /^resource-routes: cannot read "\/dev\/zero": it is a device, not a regular file\n$/);
  });

  it("a file over 5 MB is refused with its size", () => {
    const big = path.join(dir, "big.ts");
    fs.writeFileSync(big, `import { draw } from "resource-routes";\n// ${"x".repeat(6 * 1024 * 1024)}\n`);
    const { stderr, status } = run("check", big);
    assert.strictEqual(status, 2);
    assert.match(stderr, /it is 6 MB, over the 5 MB limit for routing files\n$/);
  });

  it("a command named like an Object member is an unknown command", () => {
    for (const name of ["constructor", "toString", "__proto__"]) {
      const { stderr, status } = run(name);
      assert.strictEqual(status, 2);
      assert.strictEqual(stderr, `resource-routes: unknown command ${JSON.stringify(name)} (try --help)\n`);
    }
  });

  it("generate with a helper named like an Object member: unknown helper, exit 1", () => {
    const { stdout, stderr, status } = run("generate", BLOG, "toString");
    assert.strictEqual(status, 1);
    assert.strictEqual(stdout, "");
    assert.match(stderr, /^Unknown helper "toString"/);
  });

  const shared: SharedStructure[] = [
    { shape: "list", place: "conditions", depth: 22, uses: 1 },
    { shape: "has_many", place: "has_many", depth: 30, uses: 3 },
    { shape: "object", place: "with_options", depth: 12, uses: 300 },
    { shape: "spread", place: "settings", depth: 24, uses: 2 },
  ];
  for (const structure of shared) {
    it(`values sharing structure (${structure.shape} doubled ${structure.depth} times, in ${structure.place}): routes, check and types answer at once`, () => {
      const file = path.join(dir, `shared-${structure.shape}.ts`);
      fs.writeFileSync(file, sharedStructureFile(structure));
      for (const command of [
        ["routes", file, "--json"],
        ["check", file],
        ["types", file, "--out", path.join(dir, "out.d.ts")],
      ]) {
        const { stderr, stdout, status } = run(...command);
        assert.notStrictEqual(status, null, `${command[0]} was killed after 10 s`);
        assert.ok(status === 0 || status === 1, `${command[0]}: ${stderr}`);
        if (command[0] === "check") assert.match(stdout, /information not-static: /);
      }
    });
  }

  for (const [command, extension] of [
    ["types", ".d.ts"],
    ["openapi", ".json"],
  ]) {
    describe(`${command} --out writes only its own files inside the project`, () => {
      let project: string;
      let routing: string;
      before(() => {
        project = fs.mkdtempSync(path.join(os.tmpdir(), "rr-out-"));
        fs.writeFileSync(path.join(project, "package.json"), "{}\n");
        fs.mkdirSync(path.join(project, "config"));
        routing = path.join(project, "config", "routes.ts");
        fs.writeFileSync(routing, `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("posts"); });\n`);
      });
      after(() => fs.rmSync(project, { recursive: true, force: true }));

      const refused = (out: string, why: RegExp, ...flags: string[]) => {
        const { stdout, stderr, status } = run(command, routing, "--out", out, ...flags);
        assert.strictEqual(status, 2, stderr);
        assert.strictEqual(stdout, "");
        assert.strictEqual(stderr.trim().split("\n").length, 1);
        assert.match(stderr, why);
      };

      it("writes inside the project, and again over its own file", () => {
        const out = path.join(project, "generated", `routes${extension}`);
        fs.mkdirSync(path.dirname(out));
        assert.strictEqual(run(command, routing, "--out", out).status, 0);
        fs.writeFileSync(routing, fs.readFileSync(routing, "utf8").replace(`"posts"`, `"articles"`));
        assert.strictEqual(run(command, routing, "--out", out).status, 0);
        assert.match(fs.readFileSync(out, "utf8"), /articles/);
      });

      it("never outside the project, by a path or through a linked folder", () => {
        const outside = fs.mkdtempSync(path.join(os.tmpdir(), "rr-outside-"));
        try {
          refused(path.join(outside, `routes${extension}`), /outside the project/);
          refused(path.join(project, "..", path.basename(outside), `x${extension}`), /outside the project/);
          fs.symlinkSync(outside, path.join(project, `linked-${command}`));
          refused(path.join(project, `linked-${command}`, `routes${extension}`), /outside the project/, "--force");
          assert.deepStrictEqual(fs.readdirSync(outside), []);
        } finally {
          fs.rmSync(outside, { recursive: true, force: true });
        }
      });

      it("never through a symbolic link, nor over a file it did not generate unless --force", () => {
        const victim = path.join(project, `victim-${command}.ts`);
        fs.writeFileSync(victim, "export const mine = 1;\n");
        fs.symlinkSync(victim, path.join(project, `link${extension}`));
        refused(path.join(project, `link${extension}`), /symbolic link/, "--force");
        refused(victim, /not generated by resource-routes/);
        refused(routing, /not generated by resource-routes/);
        refused(path.join(project, "package.json"), /not generated by resource-routes/);
        assert.strictEqual(fs.readFileSync(victim, "utf8"), "export const mine = 1;\n");
        assert.strictEqual(fs.readFileSync(path.join(project, "package.json"), "utf8"), "{}\n");
        assert.strictEqual(run(command, routing, "--out", victim, "--force").status, 0);
        assert.notStrictEqual(fs.readFileSync(victim, "utf8"), "export const mine = 1;\n");
      });
    });
  }

  it("--param __proto__=x is a plain parameter", () => {
    const { stdout, status } = run("generate", BLOG, "articles_path", "--param", "__proto__=x");
    assert.strictEqual(status, 0);
    assert.strictEqual(stdout, "/articles?__proto__=x\n");
  });

  it("escape sequences in a routing file never reach the terminal raw", () => {
    const file = path.join(dir, "escapes.ts");
    // An OSC 52 sequence (writes the terminal's clipboard) in an option key and in a resource name.
    fs.writeFileSync(
      file,
      `import { draw } from "resource-routes";\nexport default draw((map) => { map.resources("posts", { "\\u001b]52;c;cm0gLXJm\\u0007": 1 }); map.resources("a\\u001b[2Jb"); });\n`,
    );
    for (const command of ["routes", "check"]) {
      const { stdout, stderr } = run(command, file);
      assert.ok(
        !/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(stdout + stderr),
        `${command} printed a control character: ${JSON.stringify(stdout + stderr)}`,
      );
      assert.match(stderr + stdout, /\\x1b\]52;c;cm0gLXJm\\x07/);
    }
  });

  it("recognize quotes a long path cut short and prints it escaped", () => {
    const { stderr, status } = run("recognize", BLOG, "GET", `/nothing/\u001b${"x".repeat(3000)}`);
    assert.strictEqual(status, 1);
    assert.ok(stderr.length < 300 && /\\(x1b|u001b)/.test(stderr) && !stderr.includes("\u001b"), stderr);
  });
});
