import { ApplicationCode } from "./applicationCode";
import { APPLICATION_CODE } from "./applicationConstraints";
import { own, record } from "./records";

/**
 * Option values as the facility sees them: plain data. Ruby symbols are strings, nil is null and
 * requirement patterns are RegExp objects, whether they come from a running draw() callback or
 * from the static analyser. The application's code (behaviour C's constraint functions and
 * redirect functions) is the one value that is not data: drawing holds the code, the analyser only
 * knows it is there.
 */
export type OptionValue = string | number | boolean | null | RegExp | ApplicationCode<unknown> | OptionValue[] | OptionMap;

export interface OptionMap {
  [key: string]: OptionValue;
}

export function isOptionMap(value: unknown): value is OptionMap {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof RegExp) && !(value instanceof ApplicationCode);
}

/** Ruby's Array(value): null becomes [], a list stays, anything else is wrapped. */
export function toList(value: OptionValue | undefined): OptionValue[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Ruby's to_s on an option value (symbols and strings alike). */
export function asText(value: OptionValue | undefined): string {
  if (value === undefined || value === null) return "";
  if (value instanceof RegExp) return value.source;
  if (value instanceof ApplicationCode) return APPLICATION_CODE;
  if (Array.isArray(value)) return value.map(asText).join(",");
  if (isOptionMap(value)) return rubyInspect(value);
  return String(value);
}

/**
 * ActiveSupport's deep_merge: `over` wins key by key, nested maps merge recursively.
 * The result shares no map with either side, so callers may change it freely.
 */
export function deepMerge(under: OptionMap, over: OptionMap): OptionMap {
  const result = copyMap(under);
  for (const key of Object.keys(over)) {
    const value = over[key];
    const current = own(result, key);
    result[key] = isOptionMap(current) && isOptionMap(value) ? deepMerge(current, value) : copyValue(value);
  }
  return result;
}

/** A copy of `value` when it is a map, else an empty map. */
export function mapOf(value: OptionValue | undefined): OptionMap {
  return isOptionMap(value) ? copyMap(value) : record();
}

export function copyMap(map: OptionMap): OptionMap {
  const result: OptionMap = record();
  for (const key of Object.keys(map)) result[key] = copyValue(map[key]);
  return result;
}

function copyValue(value: OptionValue): OptionValue {
  if (isOptionMap(value)) return copyMap(value);
  if (Array.isArray(value)) return value.map(copyValue);
  return value;
}

/** Only the listed keys that are present. */
export function pick(map: OptionMap, keys: readonly string[]): OptionMap {
  const result: OptionMap = record();
  for (const key of keys) if (Object.prototype.hasOwnProperty.call(map, key)) result[key] = map[key];
  return result;
}

/** Ruby's inspect, for messages that quote a value as the original implementation did. */
export function rubyInspect(value: OptionValue, asSymbol = false): string {
  if (value === null) return "nil";
  if (value instanceof RegExp) return `/${value.source}/`;
  if (value instanceof ApplicationCode) return `#<${APPLICATION_CODE}>`;
  if (Array.isArray(value)) return `[${value.map((v) => rubyInspect(v, asSymbol)).join(", ")}]`;
  if (isOptionMap(value)) {
    const body = Object.entries(value).map(([k, v]) => `:${k}=>${rubyInspect(v, k === "method")}`);
    return `{${body.join(", ")}}`;
  }
  if (typeof value === "string") return asSymbol ? `:${value}` : JSON.stringify(value);
  return String(value);
}
