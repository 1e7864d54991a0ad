import * as assert from "assert";
import * as http from "http";
import type { AddressInfo } from "net";
import { draw } from "resource-routes";
import { type ActionContext, type Controllers, fetchHandler, nodeHandler, type RequestFailure, type Schemas } from "resource-routes/http";
import { validParams } from "resource-routes/internal/http";
import { z } from "zod";

/** An action's params schema: checked after its before filters and before it runs; 422 with the issues. */

const routes = draw((map) => {
  map.resources("posts", { only: ["index", "create", "update"] });
  map.resources("tags", { only: ["create"] });
});

const seen: Array<Record<string, unknown>> = [];
const errors: unknown[] = [];

const postSchemas: Schemas = {
  // A Standard Schema (Zod): its output, coerced and with defaults, is what the action reads.
  create: { params: z.object({ post: z.object({ title: z.string().min(3), stars: z.coerce.number().int().default(0) }) }) },
  // A JSON Schema: checked as written, against what the client sent (the path's id is the routing file's to constrain).
  update: {
    params: {
      type: "object",
      required: ["post"],
      additionalProperties: false,
      properties: {
        post: {
          type: "object",
          properties: { title: { type: "string", minLength: 3, maxLength: 20 }, state: { enum: ["draft", "live"] } },
          additionalProperties: false,
        },
      },
    },
  },
  // A keyword the adapters do not check: the developer is told, the client gets a 500.
  index: { params: { oneOf: [{ type: "object" }] } },
};

const controllers: Controllers = {
  posts: {
    schemas: postSchemas,
    filters: { before: [(ctx: ActionContext) => (ctx.header("x-user") ? undefined : new Response("Sign in", { status: 401 }))] },
    index: () => "index",
    create: (ctx: ActionContext) => (seen.push(ctx.params), { created: ctx.params.post }),
    update: (ctx: ActionContext) => (seen.push(ctx.params), "updated"),
  },
  tags: {
    default: class {
      static schemas: Schemas = { create: { params: { type: "object", required: ["tag"] } } };
      create() {
        return "tagged";
      }
    },
  },
};

const failures: RequestFailure[] = [];
const handle = fetchHandler(routes, controllers, { onError: (error) => errors.push(error), error: (failure) => void failures.push(failure) });

function send(method: string, path: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return handle(
    new Request(`http://app.test${path}`, {
      method,
      body: method === "GET" ? undefined : body,
      headers: { "content-type": "application/x-www-form-urlencoded", "x-user": "1", ...headers },
    }),
  );
}

describe("http: params schemas (schemas export beside filters)", () => {
  beforeEach(() => {
    seen.length = 0;
    errors.length = 0;
    failures.length = 0;
  });

  it("a Standard Schema (Zod): 422 with the issues as JSON; a valid request's action reads the schema's output", async () => {
    const bad = await send("POST", "/posts.json", "post[title]=ab");
    assert.strictEqual(bad.status, 422);
    const body = (await bad.json()) as { error: string; status: number; issues: Array<{ path: string; message: string }> };
    assert.strictEqual(body.status, 422);
    assert.deepStrictEqual(
      body.issues.map((issue) => issue.path),
      ["post.title"],
    );
    assert.match(body.issues[0].message, /3/);
    assert.deepStrictEqual(seen, [], "the action did not run");
    assert.deepStrictEqual(errors, [], "a client's mistake is not reported as the server's");
    const good = await send("POST", "/posts.json", "post[title]=Hello&post[stars]=4");
    assert.strictEqual(good.status, 200);
    assert.deepStrictEqual(await good.json(), { created: { title: "Hello", stars: 4 } });
    assert.strictEqual((await send("POST", "/posts", "post[title]=Hello")).status, 200);
    assert.deepStrictEqual(seen[1], { post: { title: "Hello", stars: 0 } });
  });

  it("a JSON Schema: required, type, pattern, lengths, enum and additionalProperties, every issue listed", async () => {
    const bad = await send("PUT", "/posts/x1.json", "post[title]=ab&post[state]=gone&post[extra]=1&extra=2");
    assert.strictEqual(bad.status, 422);
    const { issues } = (await bad.json()) as { issues: Array<{ path: string; message: string }> };
    // In the params' own order, the body's fields; the path's id is not the schema's.
    assert.deepStrictEqual(issues, [
      { path: "post.title", message: "must be at least 3 characters long" },
      { path: "post.state", message: 'must be one of "draft", "live"' },
      { path: "post.extra", message: "is not expected" },
      { path: "extra", message: "is not expected" },
    ]);
    const missing = await send("PUT", "/posts/1.json", "");
    assert.deepStrictEqual(((await missing.json()) as { issues: unknown }).issues, [{ path: "post", message: "is required" }]);
    const good = await send("PUT", "/posts/1", "post[title]=Hello&post[state]=live");
    assert.strictEqual(good.status, 200);
    assert.deepStrictEqual({ ...seen[0] }, { post: { title: "Hello", state: "live" }, id: "1" });
  });

  it("strict schemas (JSON Schema additionalProperties: false, Zod's .strict()) check what the client sent: a real request with a path id and a form's _method is 200, a misspelt field 422", async () => {
    const strictRoutes = draw((map) => map.resources("posts", { only: ["update"] }, (post) => post.resources("comments", { only: ["create"] })));
    const strict = fetchHandler(strictRoutes, {
      posts: {
        schemas: { update: { params: { type: "object", required: ["post"], additionalProperties: false, properties: { post: { type: "object" } } } } },
        update: (ctx: ActionContext) => ({ ...ctx.params }),
      },
      comments: {
        schemas: { create: { params: z.object({ comment: z.object({ body: z.string() }).strict() }).strict() } },
        create: (ctx: ActionContext) => ({ ...ctx.params }),
      },
    });
    const sendTo = (method: string, path: string, body: string) =>
      strict(
        new Request(`http://app.test${path}`, { method, body, headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" } }),
      );
    const updated = await sendTo("POST", "/posts/7", "_method=put&post[title]=Hi");
    assert.strictEqual(updated.status, 200, await updated.clone().text());
    // A JSON Schema only checks: the action reads the params as they came (the form's _method among them).
    assert.deepStrictEqual(await updated.json(), { _method: "put", post: { title: "Hi" }, id: "7" });
    const created = await sendTo("POST", "/posts/7/comments", "comment[body]=Yes");
    assert.strictEqual(created.status, 200, await created.clone().text());
    // The path's values over the schema's output, as over what was sent.
    assert.deepStrictEqual(await created.json(), { comment: { body: "Yes" }, post_id: "7" });
    const misspelt = await sendTo("POST", "/posts/7/comments", "coment[body]=Yes");
    assert.strictEqual(misspelt.status, 422);
    assert.strictEqual((await sendTo("POST", "/posts/7", "_method=put&pots[title]=Hi")).status, 422);
  });

  it("a client that does not ask for JSON gets the issues as text; the error hook receives them", async () => {
    const bad = await send("POST", "/posts", "post[title]=ab");
    assert.strictEqual(bad.status, 422);
    assert.strictEqual(bad.headers.get("content-type"), "text/plain; charset=utf-8");
    assert.match(await bad.text(), /^Unprocessable Entity: post\.title: /);
    assert.deepStrictEqual(
      failures.map((f) => [f.status, f.issues?.map((i) => i.path)]),
      [[422, ["post.title"]]],
    );
  });

  it("the before filters run first: a request they stop never reaches the schema", async () => {
    const stopped = await send("POST", "/posts.json", "post[title]=ab", { "x-user": "" });
    assert.strictEqual(stopped.status, 401);
  });

  it("a default export's static schemas, as filters are declared", async () => {
    assert.strictEqual((await send("POST", "/tags.json", "")).status, 422);
    assert.strictEqual((await send("POST", "/tags", "tag=x")).status, 200);
  });

  it("a JSON Schema keyword the adapters do not check: 500, and onError says which and what to use", async () => {
    const answer = await send("GET", "/posts", "");
    assert.strictEqual(answer.status, 500);
    assert.match(String((errors[0] as Error).message), /the JSON Schema keyword "oneOf" is not checked by resource-routes\/http: use a Standard Schema/);
  });

  it("node:http answers the same 422", async () => {
    const server = http.createServer(nodeHandler(routes, controllers, { onError: () => undefined }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/posts.json`, {
        method: "POST",
        body: "post[title]=ab",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-user": "1" },
      });
      assert.strictEqual(answer.status, 422);
      assert.deepStrictEqual(
        ((await answer.json()) as { issues: Array<{ path: string }> }).issues.map((i) => i.path),
        ["post.title"],
      );
    } finally {
      server.close();
    }
  });
});

describe("http: JSON Schema checks are bounded by the value, not by the schema times the value", () => {
  /** Runs `check` with JSON.stringify and RegExp.prototype.test counted: the characters made and the tests run. */
  async function counted(check: () => Promise<unknown>): Promise<{ stringified: number; tests: number }> {
    const stringify = JSON.stringify;
    const test = RegExp.prototype.test;
    const seen = { stringified: 0, tests: 0 };
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      const text = stringify(...args);
      seen.stringified += text?.length ?? 0;
      return text;
    }) as typeof stringify;
    RegExp.prototype.test = function (this: RegExp, text: string) {
      seen.tests++;
      return test.call(this, text);
    };
    try {
      await check().catch(() => undefined);
    } finally {
      JSON.stringify = stringify;
      RegExp.prototype.test = test;
    }
    return seen;
  }

  it("enum: a 1 MB string against 500 entries is compared, never written out once per entry", async () => {
    const options = Array.from({ length: 500 }, (_, i) => `option-${i}`);
    const huge = "x".repeat(1024 * 1024);
    const seen = await counted(() => validParams({ type: "object", properties: { v: { enum: options } } }, { v: huge }));
    // The message lists the 500 options once; the value itself is never made into text.
    assert.ok(seen.stringified < 20_000, `${seen.stringified} characters stringified`);
    await assert.rejects(validParams({ enum: options }, huge), /must be one of "option-0"/);
    assert.strictEqual(await validParams({ enum: [{ a: [1] }, "b"] }, { a: [1] }).then(() => "valid"), "valid");
  });

  it("pattern: a value over maxLength (or under minLength) never reaches the pattern", async () => {
    const schema = { type: "string", maxLength: 10, minLength: 2, pattern: "^(a+)+$" };
    assert.strictEqual((await counted(() => validParams(schema, "a".repeat(100_000) + "!"))).tests, 0);
    assert.strictEqual((await counted(() => validParams(schema, "!"))).tests, 0);
    assert.strictEqual((await counted(() => validParams(schema, "aaa"))).tests, 1);
    await assert.rejects(validParams(schema, "a".repeat(11)), /must be at most 10 characters long/);
    await assert.rejects(validParams(schema, "ab"), /must match \/\^\(a\+\)\+\$\//);
  });
});
