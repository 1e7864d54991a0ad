import * as assert from "assert";

import { WorkerRubyReader } from "../../../server/out/ruby/rubyReader";
import type { RubyReading } from "../../../server/out/ruby/rubyReading";

/** The language server's routes.rb reader: Prism in a worker thread, one text at a time, the newest of each file. */

const URI = "file:///app/config/routes.rb";
const routes = (body: string) => `ActionController::Routing::Routes.draw do |map|\n${body}\nend\n`;

/** A reader and the files whose readings arrived, in order; `next()` waits for the next arrival. */
function reader(timeLimitMs?: number) {
  const arrived: string[] = [];
  let wake: (() => void) | undefined;
  const instance = new WorkerRubyReader((uri) => {
    arrived.push(uri);
    wake?.();
  }, timeLimitMs);
  const next = () => new Promise<void>((resolve) => (wake = resolve));
  return { instance, arrived, next };
}

const calls = (reading: RubyReading | undefined) =>
  reading && "imported" in reading ? reading.imported.body.filter((s) => s.kind === "call").length : undefined;

describe("the routes.rb reader (a worker thread)", function () {
  this.timeout(60_000);

  it("reads a text once; while a file is read, only its newest text waits, and the last reading stands in", async () => {
    const { instance, arrived, next } = reader();
    try {
      assert.strictEqual(instance.read(URI, routes("map.resources :a")), undefined);
      // Asked again before the first arrives: the two later texts wait, and only the newest is read.
      instance.read(URI, routes("map.resources :a\nmap.resources :b"));
      instance.read(URI, routes("map.resources :a\nmap.resources :b\nmap.resources :c"));
      await next();
      assert.strictEqual(calls(instance.read(URI, routes("map.resources :a"))), 1);
      // The third text is being read: the first's reading stands in for it meanwhile.
      assert.strictEqual(calls(instance.read(URI, routes("map.resources :a\nmap.resources :b\nmap.resources :c"))), 1);
      await next();
      assert.strictEqual(calls(instance.read(URI, routes("map.resources :a\nmap.resources :b\nmap.resources :c"))), 3);
      assert.deepStrictEqual(arrived, [URI, URI]);
    } finally {
      instance.dispose();
    }
  });

  it("a file Prism does not finish (deep nesting) reads as an error at the time limit, and the next read starts another thread", async () => {
    const { instance, next } = reader(3_000);
    const other = "file:///other/config/routes.rb";
    try {
      const deep = routes(`${"map.namespace :a do |map|\n".repeat(400)}${"end\n".repeat(400)}`);
      instance.read(URI, deep);
      await next();
      assert.deepStrictEqual(instance.read(URI, deep), { error: "the Ruby parser did not finish within 3 s: nothing is read" });
      instance.read(other, routes("map.resources :posts"));
      await next();
      assert.strictEqual(calls(instance.read(other, routes("map.resources :posts"))), 1);
    } finally {
      instance.dispose();
    }
  });

  it("a read past the time limit answers an error for that text", async () => {
    const { instance, next } = reader(1);
    try {
      instance.read(URI, routes("map.resources :posts"));
      await next();
      const late = instance.read(URI, routes("map.resources :posts"));
      assert.deepStrictEqual(late, { error: "the Ruby parser did not finish within 0.001 s: nothing is read" });
    } finally {
      instance.dispose();
    }
  });

  it("a routes.rb of values that share parts is read within the reader's bounds, and crosses to the server without being expanded", async () => {
    const { instance, next } = reader();
    const shared = ["A0 = ['x', 'y', 'z']", ...Array.from({ length: 11 }, (_, i) => `A${i + 1} = [${Array(6).fill(`A${i}`).join(", ")}]`)];
    const text = `${shared.join("\n")}\n${routes("map.resources :kept, :x => A11\nmap.resources :posts")}`;
    try {
      instance.read(URI, text);
      await next();
      const reading = instance.read(URI, text);
      assert.ok(reading && "imported" in reading, JSON.stringify(reading));
      assert.strictEqual(calls(reading), 1);
      assert.deepStrictEqual(
        reading.imported.unread.map((u) => u.reason),
        ["a value larger than 100000 elements and characters written out"],
      );
    } finally {
      instance.dispose();
    }
  });
});
