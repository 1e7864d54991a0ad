/*
 * Ruby's values as a routes.rb writes them, as the importer evaluates them: what Ruby would make of
 * a literal, a constant or a local variable of the file, nothing more.
 */

import { type JavascriptRegexp, javascriptRegexp } from "./rubyRegexp";

export class RubySymbol {
  constructor(readonly name: string) {}
}

/** A regular expression as written: its source and Ruby's flags (`i`, `m`, `x`). */
export class RubyRegexp {
  constructor(
    readonly source: string,
    readonly flags: string,
  ) {}

  /** The JavaScript regular expression that matches what this one matches in Ruby, or the construct that has none. */
  get javascript(): JavascriptRegexp {
    return javascriptRegexp(this.source, this.flags);
  }
}

/** A hash, its entries in the order written (it decides, for instance, the order of member actions). */
export class RubyHash {
  constructor(readonly entries: ReadonlyArray<readonly [RubyValue, RubyValue]>) {}

  get(key: string): RubyValue | undefined {
    for (const [k, v] of this.entries) if (textOf(k) === key) return v;
    return undefined;
  }

  /** `Hash#merge`: the other's entries replace equal keys in place, new ones come last. */
  merge(other: RubyHash): RubyHash {
    const entries = this.entries.map(([k, v]) => [k, other.get(textOf(k) ?? "\u0000") ?? v] as const);
    for (const entry of other.entries) if (this.get(textOf(entry[0]) ?? "\u0000") === undefined) entries.push(entry);
    return new RubyHash(entries);
  }
}

/**
 * A constant that neither the file, the application nor `--const` gives (`User::USERNAME_FORMAT`):
 * kept by name where a declaration uses it, so that the declaration is written whole, with a
 * placeholder declared at the top of the written file (`identifier`) for its value.
 */
export class RubyUnset {
  constructor(
    readonly unset: string,
    readonly identifier: string,
  ) {}
}

/** A string or symbol interpolating unset constants (`"api/#{API_VERSION}/nodes"`), written as a template. */
export class RubyTemplate {
  constructor(
    readonly parts: ReadonlyArray<string | RubyUnset>,
    readonly symbol: boolean,
  ) {}
}

/**
 * Modern Rails' `redirect("/articles/%{id}", status: 302)` or `redirect(path: "/help", status: 307)`:
 * a route's `to:` that answers with a redirect. `to` is the path (a string) or the options of the
 * URL (a hash, its status taken out), `status` the one given (null: Rails' 301).
 */
export class RubyRedirect {
  constructor(
    readonly to: RubyValue,
    readonly status: number | null,
  ) {}
}

/**
 * Modern Rails' application code: a constraint (`->(req) { … }`, `AdminConstraint.new`), a Rack
 * application a route goes to (`to: proc { … }`, `mount Sidekiq::Web`) or a custom helper's block
 * that computes its URL; its Ruby text and line, never run. Its routes are drawn; what it answers
 * only the application knows.
 */
export class RubyCode {
  constructor(
    readonly code: string,
    readonly line: number,
    readonly role: "constraint" | "application" | "direct" | "resolve" = "constraint",
  ) {}
}

export type RubyValue =
  string | number | boolean | null | RubySymbol | RubyRegexp | RubyHash | RubyUnset | RubyTemplate | RubyRedirect | RubyCode | RubyValue[];

/** The unset constants a value holds, each once, in the order met. */
export function unsetIn(value: RubyValue, found = new Set<RubyUnset>()): Set<RubyUnset> {
  if (value instanceof RubyUnset) found.add(value);
  else if (value instanceof RubyTemplate) {
    for (const part of value.parts) if (part instanceof RubyUnset) found.add(part);
  } else if (Array.isArray(value)) {
    for (const item of value) unsetIn(item, found);
  } else if (value instanceof RubyHash) {
    for (const [key, item] of value.entries) unsetIn(item, unsetIn(key, found));
  } else if (value instanceof RubyRedirect) unsetIn(value.to, found);
  return found;
}

/** A value that cannot be known from the file, and why. */
export class Unknown {
  constructor(readonly reason: string) {}
}

/** A symbol's or a string's text; undefined for anything else. */
export function textOf(value: RubyValue | Unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value instanceof RubySymbol) return value.name;
  return undefined;
}

/** Ruby's `to_s` of a value interpolated into a string, where it is a plain one. */
export function interpolated(value: RubyValue): string | undefined {
  if (typeof value === "string") return value;
  if (value instanceof RubySymbol) return value.name;
  if (typeof value === "number") return String(value);
  if (value === null) return "";
  if (typeof value === "boolean") return String(value);
  return undefined;
}

/**
 * A value as it crossed from a worker thread (structured clone keeps the fields, not the class),
 * made a Ruby value again: `{ name }` a symbol, `{ source, flags }` a pattern, `{ entries }` a hash.
 */
export function revived(value: unknown, made = new Map<object, RubyValue>()): RubyValue {
  if (value === null || typeof value !== "object") return value as RubyValue;
  // Structured clone keeps a value shared where the worker shared it: revived once, it stays shared.
  const known = made.get(value);
  if (known !== undefined) return known;
  let out: RubyValue;
  const fields = value as {
    name?: string;
    source?: string;
    flags?: string;
    entries?: Array<[unknown, unknown]>;
    unset?: string;
    identifier?: string;
    parts?: unknown[];
    symbol?: boolean;
    to?: unknown;
    status?: number | null;
    code?: string;
    line?: number;
    role?: RubyCode["role"];
  };
  if (Array.isArray(value)) out = value.map((item) => revived(item, made));
  else if (fields.unset !== undefined) out = new RubyUnset(fields.unset, String(fields.identifier));
  else if (fields.code !== undefined) out = new RubyCode(fields.code, Number(fields.line), fields.role);
  else if ("to" in fields) out = new RubyRedirect(revived(fields.to, made), fields.status ?? null);
  else if (fields.parts)
    out = new RubyTemplate(
      fields.parts.map((part) => revived(part, made) as string | RubyUnset),
      fields.symbol === true,
    );
  else if (fields.entries) out = new RubyHash(fields.entries.map(([k, v]) => [revived(k, made), revived(v, made)] as const));
  else if (fields.source !== undefined) out = new RubyRegexp(fields.source, fields.flags ?? "");
  else out = new RubySymbol(String(fields.name));
  made.set(value, out);
  return out;
}

/** A value in Ruby's literal syntax, as `--const` takes one: what Ruby evaluates to the same value. */
export function rubyLiteral(value: RubyValue): string {
  if (value === null) return "nil";
  if (typeof value === "string") return JSON.stringify(value).replace(/#/g, "\\#");
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof RubySymbol) return `:${JSON.stringify(value.name).replace(/#/g, "\\#")}`;
  // Options as Regexp's own bits (IGNORECASE 1, EXTENDED 2, MULTILINE 4): a string there means other things across Ruby versions.
  if (value instanceof RubyRegexp) {
    const options = (value.flags.includes("i") ? 1 : 0) | (value.flags.includes("x") ? 2 : 0) | (value.flags.includes("m") ? 4 : 0);
    return `Regexp.new(${JSON.stringify(value.source).replace(/#/g, "\\#")}, ${options})`;
  }
  if (Array.isArray(value)) return `[${value.map(rubyLiteral).join(", ")}]`;
  if (value instanceof RubyUnset || value instanceof RubyTemplate) throw new Error("an unset constant has no literal: nothing gives its value");
  if (value instanceof RubyRedirect || value instanceof RubyCode) throw new Error("a redirect or the application's code is no constant's value");
  return `{ ${value.entries.map(([key, item]) => `${rubyLiteral(key)} => ${rubyLiteral(item)}`).join(", ")} }`;
}
