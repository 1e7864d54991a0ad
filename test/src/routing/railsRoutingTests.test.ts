import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { RedirectError, type RouteSet, RoutingError } from "resource-routes";
import { RedirectCode } from "resource-routes/internal";

import { rubyParser } from "../../../server/out/ruby/prism";
import { readRoutesRb } from "../../../server/out/ruby/routesRb";
import { loadRubyRoutingFile } from "../../../server/out/ruby/rubyRoutingFile";
import { ChunkedText } from "../../../server/out/text/sourceText";
import { ROOT } from "../support/fixtures";
import type { Call, Recorded } from "../support/railsRecording";

/*
 * Rails 6.1's own routing tests (actionpack/test/dispatch/routing_test.rb and
 * actionpack/test/controller/resources_test.rb at v6.1.7) as data: each route set a test draws
 * (its draw block's Ruby, as the test file writes it, and the mapper calls the test's code made),
 * each request the test made of it, each path it recognised or generated from options and each URL
 * helper it called, with what Rails answered (recorded by running the tests under Rails 6.1:
 * test/fixtures/rails-tests/README.md). Each draw block is read as a routes.rb is, with Ruby's own
 * parser and no Ruby run (where the block's text holds the test's own variables, the Ruby of the
 * calls it made), and drawn in behaviour C; every question asked of a route set read whole is
 * asked again here and must get Rails' answer.
 */

interface Drawn {
  set: string;
  line: number | null;
  text: string | null;
  /** The mapper calls the test's code made while it drew. */
  calls?: Call[];
  /** The suite's stub route set, whose answer to a request is `controller#action`; a real controller answers with its own body. */
  stub: boolean;
  /** What the route set was made with beyond its routes (api_only, relative_url_root, default_scope). */
  config: Recorded;
  /** What Rails raised drawing it. */
  error?: string;
}
type Event =
  | ({ kind: "draw" } & Drawn)
  | {
      kind: "request";
      set: string | null;
      method: string;
      url?: string;
      given: string;
      params?: Recorded;
      status?: number;
      body?: string;
      location?: string | null;
      error?: string;
    }
  | { kind: "call"; set: string; helper: string; args: Recorded[]; context?: Recorded; url?: string; error?: string }
  | { kind: "recognition"; set: string; method: string; path: string; params?: Recorded; error?: string }
  | { kind: "generation"; set: string; options: Recorded; recall: Recorded; path?: string; error?: string };

interface Recording {
  sets: Record<string, Drawn[]>;
  tests: Array<{ class: string; test: string; events: Event[]; passed: boolean }>;
}

const FIXTURES = path.join(ROOT, "test", "fixtures", "rails-tests");

/** The Ruby of a recorded value, as a routes.rb would write it; undefined for an object (a lambda, a model). */
function rubyValue(value: Recorded): string | undefined {
  if (value === null) return "nil";
  if (typeof value === "string") return JSON.stringify(value).replace(/#/g, "\\#");
  if (typeof value !== "object") return String(value);
  if ("symbol" in value) return `:${JSON.stringify(value.symbol).replace(/#/g, "\\#")}`;
  if ("regexp" in value) return `/${value.regexp.replace(/(^|[^\\])\//g, "$1\\/")}/${value.flags}`;
  const parts =
    "array" in value ? value.array.map(rubyValue) : "hash" in value ? value.hash.flatMap(([key, item]) => [rubyValue(key), rubyValue(item)]) : [undefined];
  if (parts.some((part) => part === undefined)) return undefined;
  if ("array" in value) return `[${parts.join(", ")}]`;
  const pairs: string[] = [];
  for (let i = 0; i < parts.length; i += 2) pairs.push(`${parts[i]} => ${parts[i + 1]}`);
  return `{ ${pairs.join(", ")} }`;
}

/** The Ruby of recorded mapper calls, each with its arguments and block; undefined where a value is no literal. */
function rubyOfCalls(calls: readonly Call[]): string | undefined {
  const lines: string[] = [];
  for (const call of calls) {
    const args = call.args.map(rubyValue);
    if (args.some((arg) => arg === undefined)) return undefined;
    const inner = call.block && rubyOfCalls(call.block);
    if (call.block && inner === undefined) return undefined;
    lines.push(`${call.method}(${args.join(", ")})${call.block ? ` do\n${inner}\nend` : ""}`);
  }
  return lines.join("\n");
}

/** A recorded Ruby value as the helpers take it: symbols as strings, hashes as objects; undefined where it is no plain value. */
function plain(value: Recorded): unknown {
  if (value === null || typeof value !== "object") return value;
  if ("symbol" in value) return value.symbol;
  if ("array" in value) return value.array.map(plain);
  if ("hash" in value) return Object.fromEntries(value.hash.map(([key, item]) => [plain(key), plain(item)]));
  return undefined;
}

/** A value the helpers take as Ruby's: no object, and hashes keyed by symbols (Rails reads a string key otherwise). */
function isPlain(value: Recorded): boolean {
  if (value === null || typeof value !== "object") return true;
  if ("symbol" in value) return true;
  if ("array" in value) return value.array.every(isPlain);
  if ("hash" in value) return value.hash.every(([key, item]) => typeof key === "object" && key !== null && "symbol" in key && isPlain(item));
  return false;
}

interface Outcome {
  test: string;
  event: number;
  what: string;
  rails: string;
  ours: string;
}

/** What recognition answers a recorded request, said as Rails' test app would: `controller#action`, 404, or a redirect's status and Location. */
function answered(routes: RouteSet, request: Extract<Event, { kind: "request" }>): string {
  const url = new URL(request.url!);
  const params = plain(request.params ?? null) as Record<string, unknown> | undefined;
  const override = params && typeof params === "object" && typeof params._method === "string" ? { _method: params._method } : {};
  // The request's query as the HTTP adapters tell it: a redirect's options form keeps it.
  const query = url.search ? Object.fromEntries(url.searchParams) : undefined;
  try {
    const found = routes.recognize(request.method, url.pathname, override, { host: url.host, protocol: url.protocol, ...(query ? { query } : {}) });
    if (found.redirect) return `${found.redirect.status} ${found.redirect.location}`;
    return `200 ${found.controller}#${found.action}`;
  } catch (error) {
    if (error instanceof RoutingError) return "404";
    if (error instanceof RedirectError) return "500";
    return `error ${(error as Error).message}`;
  }
}

/** What Rails answered a request, said the same way; undefined where the answer is not a route's (a Rack app's body, a controller's). */
function railsAnswer(request: Extract<Event, { kind: "request" }>, stub: boolean): string | undefined {
  if (request.error || request.status === undefined) return undefined;
  if (request.status === 404) return "404";
  if (request.status >= 300 && request.status < 400) return `${request.status} ${request.location}`;
  if (stub && request.status === 200 && request.body && /^[a-z_/]+#[a-z_]+$/.test(request.body)) return `200 ${request.body}`;
  return undefined;
}

/** A refusal of what this version of behaviour C does not read (rather than of what Rails refuses). */
const NOT_READ = /not read by this version/;

/** Whether a route takes its controller from the path (`:controller`). */
function takesAnyController(route: RouteSet["routes"][number]): boolean {
  return route.segments.some((segment) => segment.some((part) => part.kind !== "static" && part.key === "controller"));
}

function scalarParams(params: Recorded | undefined): boolean {
  return !(
    params &&
    typeof params === "object" &&
    "hash" in params &&
    params.hash.some(([, value]) => value !== null && typeof value === "object" && !("symbol" in value))
  );
}

/** Recognised params as one text, keys sorted: `action=show controller=posts id=1`. */
function paramsText(params: Record<string, unknown>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${key}=${String(params[key])}`)
    .join(" ");
}

/** What recognition answers a recorded recognize_path: its params (controller and action among them), or no route. */
function recognised(routes: RouteSet, event: Extract<Event, { kind: "recognition" }>): string {
  try {
    const found = routes.recognize(event.method, event.path);
    return paramsText({ ...found.params, controller: found.controller, action: found.action });
  } catch (error) {
    if (error instanceof RoutingError) return "no route";
    return `error ${(error as Error).message}`;
  }
}

/** What generation from options answers a recorded generate_extras: the path without its query string (Rails gives that apart), or an error. */
function generated(routes: RouteSet, options: Record<string, unknown>): string {
  try {
    return routes.generate(options as never).replace(/\?.*$/, "");
  } catch {
    return "error";
  }
}

function whatOf(event: Exclude<Event, { kind: "draw" }>): string {
  switch (event.kind) {
    case "request":
      return `${event.method} ${event.url}`;
    case "recognition":
      return `recognize ${event.method} ${event.path}`;
    case "generation":
      return `generate ${JSON.stringify(plain(event.options))}`;
    case "call":
      return `${event.helper}(${JSON.stringify(event.args.map(plain))})`;
  }
}

/** A recorded helper call asked of our helpers (url_for as generate), said as its URL or `error`; undefined where its arguments are no plain values. */
function called(routes: RouteSet, call: Extract<Event, { kind: "call" }>): string | undefined {
  if (!call.args.every(isPlain)) return undefined;
  const args = call.args.map(plain);
  try {
    if (call.helper === "url_for") {
      const [options] = args as Array<Record<string, unknown>>;
      // Rails' recall (the values of the request it is called in) is the calling code's.
      if (!options || typeof options !== "object" || options.only_path !== true || "_recall" in options) return undefined;
      const { only_path: _, ...rest } = options;
      return routes.generate(rest as never);
    }
    if (!call.helper.endsWith("_path")) return undefined;
    const helper = (routes.helpers as unknown as Record<string, ((...values: unknown[]) => string) | undefined>)[call.helper];
    if (!helper) return "no such helper";
    return helper(...args);
  } catch {
    return "error";
  }
}

/** What is read of a draw block: its routes when read whole, else the first thing that was not (or that was refused). */
interface Reading {
  routes?: RouteSet;
  notRead?: string;
  errors: string[];
}

/** Each draw block read as a routes.rb, once per text: its own text, else (where that is not read whole) the Ruby of the calls it made. */
function reader(parse: Awaited<ReturnType<typeof rubyParser>>): (drawn: Drawn) => Reading {
  const read = new Map<string, Reading>();
  const readText = (text: string, apiOnly: boolean): Reading => {
    const key = `${apiOnly}${text}`;
    let reading = read.get(key);
    if (!reading) {
      const source = `Rails.application.routes.draw do\n${text}\nend\n`;
      const imported = readRoutesRb(parse, source, { env: "production", constants: new Map() });
      if (apiOnly) imported.apiOnly = true;
      const loaded = loadRubyRoutingFile({ imported, hasEnvironment: false }, ChunkedText.of(source), {});
      const missing = loaded.diagnostics.find((d) => d.severity === "error" || d.code === "not-static");
      const errors = loaded.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
      reading = missing ? { notRead: missing.message, errors } : { routes: loaded.routes, errors };
      read.set(key, reading);
    }
    return reading;
  };
  return (drawn) => {
    // An API application's route set, as config/application.rb's `config.api_only = true` tells the reading.
    const apiOnly = (plain(drawn.config) as Record<string, unknown>).api_only === true;
    const own = drawn.text === null ? undefined : readText(drawn.text, apiOnly);
    if (own && (own.routes || own.errors.length)) return own;
    const calls = drawn.calls && rubyOfCalls(drawn.calls);
    if (calls !== undefined && drawn.calls!.length) {
      const made = readText(calls, apiOnly);
      if (made.routes || made.errors.length) return made;
    }
    return own ?? { notRead: "drawn outside the test file", errors: [] };
  };
}

/** Why a route set's requests or helper calls are not Rails' to compare here, if they are not. */
function contextOf(drawn: Drawn): string | undefined {
  const config = plain(drawn.config) as Record<string, unknown>;
  const keys = Object.keys(config ?? {}).filter((key) => key !== "api_only");
  return keys.length ? `the route set was made with ${keys.join(", ")}` : undefined;
}

interface Replay {
  /** Requests and helper calls answered as Rails answered them. */
  same: number;
  /** Draw blocks Rails refused that the reading refuses too, with Rails' message. */
  refused: number;
  differ: Outcome[];
  /** By test, why its route set was not read whole (or not compared). */
  leftOut: Record<string, string>;
}

function replay(parse: Awaited<ReturnType<typeof rubyParser>>, recording: Recording): Replay {
  const read = reader(parse);
  const result: Replay = { same: 0, refused: 0, differ: [], leftOut: {} };
  for (const test of recording.tests) {
    const name = `${test.class}#${test.test}`;
    const current = new Map<string, Drawn>(Object.entries(recording.sets).map(([set, draws]) => [set, draws[draws.length - 1]]));
    // Whether any of the test's answers was compared, and whether one was passed over for the application's code.
    let compared = false;
    let reachesCode = false;
    test.events.forEach((event, index) => {
      if (event.kind === "draw") {
        current.set(event.set, event);
        if (!event.error) return;
        // Rails refused the block: the reading refuses it too, saying what Rails said.
        const said = event.error
          .replace(/^ArgumentError: /, "")
          .split("\n")[0]
          .trim();
        const reading = read(event);
        const ours = reading.errors;
        if (ours.some((message) => message.startsWith(said))) result.refused++;
        else if (!ours.length && reading.notRead) result.leftOut[name] ??= reading.notRead;
        // A shape this version does not read, refused before what Rails refused it for.
        else if (ours.length && ours.every((message) => NOT_READ.test(message))) result.leftOut[name] ??= ours[0];
        else result.differ.push({ test: name, event: index, what: `draw (line ${event.line})`, rails: said, ours: ours.join("; ") || "no error" });
        return;
      }
      const drawn = event.set === null ? undefined : current.get(event.set);
      if (!drawn || drawn.error) return;
      const reading = read(drawn);
      const context = contextOf(drawn);
      if (!reading.routes || context) {
        result.leftOut[name] ??= context ?? reading.notRead!;
        return;
      }
      const routes = reading.routes;
      if (routes.routes.some(takesAnyController)) {
        result.leftOut[name] ??= "a :controller segment: what a request reaches is the application's controllers' (the suite's stub has every name)";
        return;
      }
      let rails: string | undefined;
      let ours: string | undefined;
      // A route set that holds the application's code: a constraint's, or a redirect's function.
      const asksCode = routes.routes.some((route) => route.applicationConstraints.length || route.redirect?.to instanceof RedirectCode);
      if (asksCode && (event.kind === "request" || event.kind === "recognition")) {
        // The application's code runs only in the application: the requests of such a route set are not asked here.
        reachesCode = true;
        return;
      }
      if (event.kind === "request") {
        rails = railsAnswer(event, drawn.stub);
        ours = answered(routes, event);
      } else if (event.kind === "recognition") {
        // A param Rails keeps as a hash or a list (an option that is one); a route's params here are text.
        if (!scalarParams(event.params)) return;
        rails = event.error ? "no route" : paramsText(plain(event.params ?? null) as Record<string, unknown>);
        ours = recognised(routes, event);
      } else if (event.kind === "generation") {
        // Rails' recall (the values of the request it generates from) is the calling code's.
        if (Object.keys((plain(event.recall) as object) ?? {}).length || !isPlain(event.options)) return;
        rails = event.error ? "error" : event.path;
        ours = generated(routes, plain(event.options) as Record<string, unknown>);
      } else {
        // What the calling code merged in (a controller's default_url_options, the request's own values) is the application's.
        if (Object.keys((plain(event.context ?? { hash: [] }) as object) ?? {}).length) return;
        rails = event.error ? "error" : event.url;
        ours = called(routes, event);
      }
      if (rails === undefined || ours === undefined) return;
      compared = true;
      if (ours === rails) result.same++;
      else
        result.differ.push({
          test: name,
          event: index,
          what: whatOf(event),
          rails,
          ours,
        });
    });
    if (!compared && reachesCode)
      result.leftOut[name] ??= "its requests reach the application's code (a constraint's or a redirect's function), which runs in the application alone";
  }
  return result;
}

/** Each recorded test file, with the least of its answers and refusals the replay must compare (what it compares now, less a margin for no change). */
const FILES = [
  { name: "routing_test", answers: 700, refusals: 20 },
  { name: "resources_test", answers: 2_300, refusals: 0 },
];

for (const file of FILES) {
  describe(`Rails 6.1's own ${file.name}.rb, each draw block read as a routes.rb and drawn in behaviour C`, () => {
    const leftOutFile = path.join(FIXTURES, `${file.name}.left-out.json`);
    let result: Replay;
    before(async () => {
      const recording: Recording = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${file.name}.v6.1.7.json`), "utf8"));
      result = replay(await rubyParser(), recording);
    });

    it("answers each request, recognition, generation and helper call of every route set read whole as Rails 6.1 did, and refuses what Rails refused", () => {
      if (process.env.RAILS_ROUTING_TESTS === "show") console.log(JSON.stringify({ same: result.same, refused: result.refused, differ: result.differ }));
      assert.deepStrictEqual(result.differ, []);
      assert.ok(result.same >= file.answers, `${result.same} answers compared`);
      assert.ok(result.refused >= file.refusals, `${result.refused} refusals compared`);
    });

    it("leaves out exactly the tests listed, each for its reason (what the reading does not read, or what the test's route set was made with)", () => {
      // RAILS_ROUTING_TESTS=update writes the list anew, for a change that reads more of them (its diff is the review).
      if (process.env.RAILS_ROUTING_TESTS === "update") {
        const sorted = Object.fromEntries(Object.entries(result.leftOut).sort(([a], [b]) => (a < b ? -1 : 1)));
        fs.writeFileSync(leftOutFile, `${JSON.stringify(sorted, null, 1)}\n`);
      }
      assert.deepStrictEqual(result.leftOut, JSON.parse(fs.readFileSync(leftOutFile, "utf8")));
    });
  });
}
