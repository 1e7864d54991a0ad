import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as ts from "typescript";

import { readControllerTypes } from "../../../server/out/format/controllerTypes";
import { jsonSchemaType } from "../../../server/out/format/jsonSchemaType";
import { ROOT } from "../support/fixtures";

/** Reading controllers with TypeScript's checker: the JSON Schema mapping, what JSON makes of a returned type, and the printer's bounds. */

function schemaType(literal: string): string {
  const source = ts.createSourceFile("s.ts", `const s = ${literal};`, ts.ScriptTarget.Latest, true);
  const declaration = (source.statements[0] as ts.VariableStatement).declarationList.declarations[0];
  return jsonSchemaType(declaration.initializer as ts.ObjectLiteralExpression);
}

/** The types read from one controller module written to a scratch project (with the repository's node_modules). */
function read(source: string, actions: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-controller-types-"));
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  fs.writeFileSync(path.join(dir, "things.ts"), source);
  return readControllerTypes(
    new Map([["things", path.join(dir, "things.ts")]]),
    actions.map((action) => `things#${action}`),
  );
}

describe("controller types: what types reads of the controllers", function () {
  this.timeout(60_000);

  it("a JSON Schema written as data is typed by its keywords, and only by what is written out", () => {
    const cases: Array<[string, string]> = [
      [`{ type: "string" }`, "string"],
      [`{ type: "integer", minimum: 1 }`, "number"],
      [`{ type: ["string", "null"] }`, "string | null"],
      [`{ enum: ["a", "b", 3, true, null] }`, `"a" | "b" | 3 | true | null`],
      [`{ const: -2 }`, "-2"],
      [`{ type: "array", items: { type: "boolean" } }`, "Array<boolean>"],
      [`{ type: "array" }`, "Array<unknown>"],
      [
        `{ type: "object", required: ["a", "z"], properties: { a: { type: "string" }, "b-c": { type: "number" } }, additionalProperties: false }`,
        `{ a: string; "b-c"?: number; z: unknown; }`,
      ],
      [`{ type: "object", additionalProperties: { type: "number" } }`, "{ [key: string]: number; }"],
      [`{ type: "object", properties: { a: { type: "string" } } }`, "{ a?: string; [key: string]: unknown; }"],
      [`{ type: kind }`, "unknown"],
      [`{ type: "object", properties: shared }`, "unknown"],
      [`{ ...spread }`, "unknown"],
      [`{ type: "date" }`, "unknown"],
      [`{ minLength: 3 }`, "unknown"],
    ];
    for (const [literal, expected] of cases) assert.strictEqual(schemaType(literal), expected, literal);
    const deep = `{ type: "array", items: `.repeat(40) + `{ type: "string" }` + " }".repeat(40);
    assert.match(schemaType(deep), /^(Array<)+unknown(>)+$/);
  });

  it("answers as JSON makes them: dates as strings, no functions, undefined keys optional, toJSON's result; a default class's methods and static schemas", () => {
    const types = read(
      `import { z } from "zod";
class Money { constructor(readonly cents: number) {} toJSON() { return { cents: this.cents, currency: "EUR" as const }; } }
export default class Things {
  static schemas = { create: { params: z.object({ when: z.coerce.date(), tags: z.array(z.string()).optional() }) } };
  show() { return { at: new Date(), price: new Money(1), note: undefined as string | undefined, run: () => 1, list: [1, 2] as const }; }
  create() { return Promise.resolve({ ok: true }); }
  index() { return "<p>things</p>"; }
  raw() { return new Response("x"); }
}
`,
      ["show", "create", "index", "raw", "missing"],
    );
    assert.deepStrictEqual(Object.fromEntries(types), {
      "things#show": { answer: `{ at: string; price: { cents: number; currency: "EUR"; }; note?: string; list: [1, 2]; }` },
      "things#create": {
        params: { output: "{ when: Date; tags?: Array<string>; }", input: "{ when: unknown; tags?: Array<string>; }" },
        answer: "{ ok: boolean; }",
      },
      "things#index": { answer: "string" },
      "things#raw": { answer: "unknown" },
    });
  });

  it("a type that refers to itself, or one too large, is cut to unknown within the printer's bounds", () => {
    const members = Array.from({ length: 5_000 }, (_, i) => `"v${i}"`).join(" | ");
    const types = read(
      `interface Node { name: string; children: Node[] }
type Huge = ${members};
export function tree(): Node { return { name: "root", children: [] }; }
export function huge(): { value: Huge } { return { value: "v1" }; }
`,
      ["tree", "huge"],
    );
    assert.strictEqual(types.get("things#tree")!.answer, "{ name: string; children: Array<unknown>; }");
    const huge = types.get("things#huge")!.answer;
    // At most 2,000 printed nodes: the union is cut, and what is cut says unknown.
    assert.strictEqual(huge, "{ value: unknown; }");
  });
});
