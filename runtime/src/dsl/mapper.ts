import { ApplicationCode } from "../routing/model/applicationCode";
import { applicationConstraintOf } from "../routing/model/applicationConstraints";
import { Declaration, DeclarationKind } from "../routing/model/declarations";
import { own, record } from "../routing/model/records";
import { appCodeOf } from "../routing/model/routeApp";
import { isOptionMap, OptionMap, OptionValue } from "../routing/model/values";
import { shortened } from "../text/escape";

/** What draw() and a nesting call (resources, namespace, with_options) call with the mapper: a block in Rails 2 terms. */
export type MapperCallback = (map: Mapper) => void;

/** What a routing file may pass as an option (plain data; RegExp for requirement patterns). */
export type Options = { [key: string]: unknown };

/**
 * The mapper a draw() callback receives. It records each call as a declaration (the same tree
 * the static analyser builds) and does nothing else: expansion happens afterwards, in one place.
 */
export class Mapper {
  constructor(private readonly declarations: Declaration[]) {}

  /** `resources("posts", "comments", { ...options }, (post) => { ... })` */
  resources(...args: Array<string | Options | MapperCallback | null | undefined>): void {
    this.recordResource("resources", args);
  }

  /** `resource("account", { ...options }, (account) => { ... })` */
  resource(...args: Array<string | Options | MapperCallback | null | undefined>): void {
    this.recordResource("resource", args);
  }

  namespace(name: string, optionsOrBlock?: Options | MapperCallback, block?: MapperCallback): void {
    const [options, body] = typeof optionsOrBlock === "function" ? [{}, optionsOrBlock] : [optionsOrBlock ?? {}, block];
    this.record("namespace", [requireString(name, "namespace")], toOptionMap(options, "namespace"), body);
  }

  /** `with_options({ ...options }, (m) => { ... })`, or `with_options((m) => { ... })` with no options, as `map.with_options do |m|` was written. */
  with_options(optionsOrBlock: Options | MapperCallback, block?: MapperCallback): void {
    const [options, body] = typeof optionsOrBlock === "function" ? [{}, optionsOrBlock] : [optionsOrBlock, block];
    this.record("with_options", [], toOptionMap(options, "with_options"), body);
  }

  /** A block given to a route (`connect(path, options, block)`) is never called, as Ruby ignored a block the method did not take. */
  connect(path: string, options: Options | MapperCallback = {}, _block?: MapperCallback): void {
    this.record("connect", [], routeOptions(options, "connect"), undefined, requireString(path, "connect"));
  }

  named_route(name: string, path: string, options: Options | MapperCallback = {}, _block?: MapperCallback): void {
    const declared = [requireString(name, "named_route")];
    this.record("named_route", declared, routeOptions(options, "named_route"), undefined, requireString(path, "named_route"));
  }

  /**
   * The root route (`/`): with options, as `connect("", options)` named `root`; with a route's name
   * (`root("episodes")`, Rails' `map.root :episodes`), that named route's controller, action,
   * defaults and method, as Rails 2 took them.
   */
  root(options: Options | string = {}): void {
    if (typeof options === "string") this.record("root", [options], record());
    else this.record("root", [], toOptionMap(options, "root"));
  }

  private recordResource(kind: "resources" | "resource", args: unknown[]): void {
    const { names, options, block } = callArguments<MapperCallback>(args, kind);
    if (names.length === 0) throw new TypeError(`${kind}() needs at least one resource name`);
    this.record(kind, names, options, block);
  }

  private record(kind: DeclarationKind, names: string[], options: OptionMap, block?: MapperCallback, path?: string): void {
    const declaration: Declaration = { kind, names, options };
    if (path !== undefined) declaration.path = path;
    // Recorded before its block runs: a call made on an outer mapper inside the block comes after it.
    this.declarations.push(declaration);
    if (block) {
      declaration.block = [];
      block(new Mapper(declaration.block));
    }
  }
}

/** A call's arguments as the mapper records them: its strings (names, paths), its one options object (the last given) and its block. */
export function callArguments<B>(
  args: readonly unknown[],
  method: string,
  applicationCode = false,
): { names: string[]; options: OptionMap; block: B | undefined } {
  const names: string[] = [];
  let options: OptionMap = record();
  let block: B | undefined;
  for (const arg of args) {
    if (typeof arg === "string") names.push(arg);
    else if (typeof arg === "function") block = arg as B;
    else if (arg !== null && arg !== undefined) options = toOptionMap(arg, method, applicationCode);
  }
  return { names, options, block };
}

/** A route's options, none where a block stands in their place. */
function routeOptions(options: Options | MapperCallback, method: string): OptionMap {
  return typeof options === "function" ? record() : toOptionMap(options, method);
}

function requireString(value: unknown, method: string): string {
  if (typeof value !== "string") throw new TypeError(`${method}() expects a string, got ${typeof value}`);
  return value;
}

/** `applicationCode`: a `constraints` option may be the application's code, a function or an object with `matches` (behaviour C). */
function toOptionMap(value: unknown, method: string, applicationCode = false): OptionMap {
  const converted = toOptionValue(value, `${method}() options`, { size: 0, depth: 0, applicationCode });
  if (!isOptionMap(converted)) throw new TypeError(`${method}() expects an options object`);
  return converted;
}

/**
 * How large one call's options may be when walked (a value used twice counts twice) and how deep
 * they may nest: the analyser's limits, so that both refuse the same files. Every later stage
 * copies and merges options by walking them, so a small object shared at every level
 * (`o = { a: o1, b: o1 }`) must be refused here, not expanded exponentially.
 */
const MAX_VALUE_SIZE = 20_000;
const MAX_VALUE_DEPTH = 200;

/** Behaviour C's options that may be the application's code (`to:` a handler, `constraints:` a function), each with what makes it that code. */
const CODE_OPTIONS: Readonly<Record<string, (value: unknown) => ApplicationCode<unknown> | undefined>> = {
  to: appCodeOf,
  constraints: applicationConstraintOf,
};

/** An object made by a class (not a literal, a list or a pattern): never plain data. */
function isInstance(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value) || value instanceof RegExp) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype !== Object.prototype && prototype !== null;
}

/** Plain data only: a routing file's options must be the same values the analyser can read. */
function toOptionValue(value: unknown, where: string, walked: { size: number; depth: number; applicationCode: boolean }): OptionValue {
  if (++walked.size > MAX_VALUE_SIZE)
    throw new TypeError(`${shortened(where)}: an option value of more than ${MAX_VALUE_SIZE} entries (counting shared ones each time they are used)`);
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof RegExp) {
    // A real pattern, copied: an object that only inherits from RegExp.prototype is refused here, not later.
    try {
      return new RegExp(value);
    } catch {
      throw new TypeError(`${where}: an object that merely inherits from RegExp is not a routing option value`);
    }
  }
  if (typeof value !== "object") throw new TypeError(`${where}: a ${typeof value} is not a routing option value`);
  // The application's code that redirect() or a reading made a value already: kept as it is.
  if (value instanceof ApplicationCode) return value as ApplicationCode<unknown>;
  if (++walked.depth > MAX_VALUE_DEPTH)
    throw new TypeError(`${shortened(where)}: an option value nested more than ${MAX_VALUE_DEPTH} levels deep (or holding itself)`);
  let result: OptionValue;
  if (Array.isArray(value)) result = value.map((item, i) => toOptionValue(item, `${where}[${i}]`, walked));
  else {
    const map: OptionMap = record();
    for (const [key, item] of Object.entries(value as object)) {
      if (item === undefined) continue;
      // The places a value need not be data: a route's application and a route's or scope's constraints, given as code.
      const codeOf = walked.applicationCode && walked.depth === 1 ? own(CODE_OPTIONS, key) : undefined;
      const code = codeOf?.(item);
      if (code) {
        map[key] = code;
        continue;
      }
      if (codeOf && key === "constraints" && isInstance(item))
        throw new TypeError(`${where}.constraints: an object of a class must have a matches(request) method (Rails' matches?)`);
      map[key] = toOptionValue(item, `${where}.${key}`, walked);
    }
    result = map;
  }
  walked.depth--;
  return result;
}
