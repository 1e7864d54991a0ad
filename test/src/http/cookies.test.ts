import * as assert from "assert";
import * as http from "http";
import type { AddressInfo } from "net";
import { draw } from "resource-routes";
import { type ActionContext, type Controllers, fetchHandler, type HttpOptions, nodeHandler } from "resource-routes/http";

/** ctx.cookies: the rules browsers apply, a jar per name, domain and path, signed cookies, and Secure over https. */

const routes = draw((map) => map.resources("visits", { only: ["index", "create", "show"] }));
const KEY = "an-old-secret-of-thirty-two-chars!";
const NEWER = "a-newer-secret-of-thirty-two-chars";
const errors: unknown[] = [];

const controllers: Controllers = {
  visits: {
    // Reads the signed count, sets it plus one, signed.
    index: async (ctx: ActionContext) => {
      const count = Number((await ctx.cookies.get("count", { signed: true })) ?? 0) + 1;
      ctx.cookies.set("count", String(count), { signed: true });
      ctx.cookies.set("plain", "a.b c");
      return { count, raw: ctx.cookies.get("count") ?? null };
    },
    create: (ctx: ActionContext) => {
      ctx.cookies.delete("theme", { path: "/admin" });
      ctx.cookies.set("theme", "dark", { path: "/" });
      ctx.cookies.set("long", "x", { maxAge: 1e300 });
      return null;
    },
    show: (ctx: ActionContext) => {
      const name = String(ctx.params.id);
      ctx.cookies.set(name, "x", name === "signed" ? { signed: true } : {});
      return null;
    },
  },
};

function handler(options: Omit<HttpOptions, "notFound"> = {}) {
  return fetchHandler(routes, controllers, { onError: (error) => errors.push(error), ...options });
}

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(";")[0];

describe("http: cookies", () => {
  beforeEach(() => (errors.length = 0));

  it("a signed cookie reads back with its keys; a tampered, unsigned or moved value reads as absent", async () => {
    const handle = handler({ cookieKeys: [KEY] });
    const first = await handle(new Request("http://shop.test/visits"));
    const signed = cookieOf(first, "count")!;
    assert.match(signed, /^count=1\.[A-Za-z0-9_-]{43}$/);
    assert.strictEqual(cookieOf(first, "plain"), "plain=a.b%20c", "an unsigned value beside it is written as ever");
    assert.deepStrictEqual(await first.json(), { count: 1, raw: null });
    const second = await handle(new Request("http://shop.test/visits", { headers: { cookie: signed } }));
    assert.deepStrictEqual(await second.json(), { count: 2, raw: signed.slice("count=".length) });
    for (const forged of [
      signed.replace("count=1.", "count=7."),
      "count=7",
      `count=1.${"A".repeat(43)}`,
      signed.replace("count=", "other=").replace("other", "count") + "x",
    ]) {
      const answer = await handle(new Request("http://shop.test/visits", { headers: { cookie: forged } }));
      assert.strictEqual(((await answer.json()) as { count: number }).count, 1, forged);
    }
    // The signature covers the name: the value of another cookie signed with the same key does not pass.
    const moved = await handler({ cookieKeys: [KEY] })(new Request("http://shop.test/visits/signed"));
    const value = cookieOf(moved, "signed")!.slice("signed=".length);
    const answer = await handle(new Request("http://shop.test/visits", { headers: { cookie: `count=${value}` } }));
    assert.strictEqual(((await answer.json()) as { count: number }).count, 1);
  });

  it("keys rotate: a newer key signs, an older one still verifies; a key dropped no longer does", async () => {
    const old = cookieOf(await handler({ cookieKeys: [KEY] })(new Request("http://shop.test/visits")), "count")!;
    const rotated = handler({ cookieKeys: [NEWER, KEY] });
    const answer = await rotated(new Request("http://shop.test/visits", { headers: { cookie: old } }));
    assert.strictEqual(((await answer.json()) as { count: number }).count, 2);
    const resigned = cookieOf(answer, "count")!;
    assert.notStrictEqual(resigned.slice(8), old.slice(8), "signed with the newer key");
    const dropped = handler({ cookieKeys: [NEWER] });
    assert.strictEqual(((await (await dropped(new Request("http://shop.test/visits", { headers: { cookie: old } }))).json()) as { count: number }).count, 1);
    assert.strictEqual(
      ((await (await dropped(new Request("http://shop.test/visits", { headers: { cookie: resigned } }))).json()) as { count: number }).count,
      3,
    );
  });

  it("keys are checked when the handler is made; a signed cookie without keys is the action's error", async () => {
    assert.throws(() => handler({ cookieKeys: ["short"] }), /cookieKeys\[0\] has 5 characters: use at least 32 random characters/);
    assert.throws(() => handler({ cookieKeys: [] }), /cookieKeys is a list of secret strings/);
    const answer = await handler()(new Request("http://shop.test/visits/signed"));
    assert.strictEqual(answer.status, 500);
    assert.match(String((errors[0] as Error).message), /a signed cookie needs cookieKeys in the adapter's options/);
  });

  it("a deletion at one path and a cookie at another are both sent; Max-Age is at most 400 days", async () => {
    const answer = await handler()(new Request("http://shop.test/visits", { method: "POST" }));
    assert.deepStrictEqual(answer.headers.getSetCookie(), [
      "theme=; Path=/admin; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax",
      "theme=dark; Path=/; HttpOnly; SameSite=Lax",
      "long=x; Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax",
    ]);
  });

  it("__Host- and __Secure- rules hold in any case, as browsers match the prefixes", async () => {
    for (const name of ["__host-id", "__HOST-id", "__secure-id", "__SeCuRe-id"]) {
      errors.length = 0;
      const answer = await handler()(new Request(`http://shop.test/visits/${name}`));
      assert.strictEqual(answer.status, 500, name);
      assert.match(String((errors[0] as Error).message), /needs secure: true/);
    }
    // Over https the default is Secure, and a __Host- name with the path "/" is fine.
    const secure = await handler()(new Request("https://shop.test/visits/__host-id"));
    assert.deepStrictEqual(secure.headers.getSetCookie(), ["__host-id=x; Path=/; HttpOnly; Secure; SameSite=Lax"]);
  });

  it("Secure by default when the request came over https, directly or through a trusted proxy; not over http", async () => {
    const server = http.createServer(nodeHandler(routes, controllers, { trustProxy: true, onError: () => undefined }));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const proxied = await fetch(`${base}/visits/theme`, { headers: { "x-forwarded-proto": "https" } });
      assert.deepStrictEqual(proxied.headers.getSetCookie(), ["theme=x; Path=/; HttpOnly; Secure; SameSite=Lax"]);
      const plain = await fetch(`${base}/visits/theme`);
      assert.deepStrictEqual(plain.headers.getSetCookie(), ["theme=x; Path=/; HttpOnly; SameSite=Lax"]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    // Without trustProxy the header is the client's word: no Secure from it.
    const direct = await fetchHandler(routes, controllers)(new Request("http://shop.test/visits/theme", { headers: { "x-forwarded-proto": "https" } }));
    assert.deepStrictEqual(direct.headers.getSetCookie(), ["theme=x; Path=/; HttpOnly; SameSite=Lax"]);
  });
});
