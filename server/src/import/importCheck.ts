import { draw, type Mapper, type RouteJSON } from "resource-routes";
import type { Behaviour } from "resource-routes/internal";
import { MAPPER_METHODS, type ImportedStatement } from "./routesRb";
import { RubyHash, RubyRegexp, RubySymbol, RubyValue } from "./rubyValues";
import { UnwritableValue, valueText } from "./typescriptText";

/*
 * The proof of an import: the routes the imported calls make when the facility draws them as
 * values (no TypeScript in between), against the routes the analyser reads from the written file.
 */

/** The routes the imported calls draw, or the facility's refusal of them. */
export function expectedRoutes(body: readonly ImportedStatement[], behaviour: Behaviour): RouteJSON[] | { error: string } {
  try {
    return draw({ behaviour }, (map) => replay(body, new Map([["map", map]]))).routes.map((route) => route.toJSON());
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function replay(body: readonly ImportedStatement[], mappers: ReadonlyMap<string, Mapper>): void {
  for (const statement of body) {
    if (statement.kind !== "call") continue;
    const mapper = mappers.get(statement.receiver);
    if (!mapper) continue;
    let args: unknown[];
    try {
      // What the writer refuses to write is left out here too.
      statement.args.forEach(valueText);
      args = statement.args.map(plain);
    } catch (error) {
      if (error instanceof UnwritableValue) continue;
      throw error;
    }
    const block = statement.block && ((inner: Mapper) => replay(statement.block!.body, new Map([...mappers, [statement.block!.variable, inner]])));
    const target = mapper as unknown as Record<string, (...values: unknown[]) => void>;
    if (MAPPER_METHODS.has(statement.method)) target[statement.method](...args, ...(block ? [block] : []));
    else mapper.named_route(statement.method, args[0] as string, (args[1] ?? {}) as Record<string, unknown>);
  }
}

/** A Ruby value as the DSL takes it at run time. */
function plain(value: RubyValue): unknown {
  if (value instanceof RubySymbol) return value.name;
  if (value instanceof RubyRegexp) return new RegExp(value.source, value.javascriptFlags);
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof RubyHash) {
    const object: Record<string, unknown> = {};
    for (const [key, v] of value.entries)
      Object.defineProperty(object, String(key instanceof RubySymbol ? key.name : key), {
        value: plain(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return object;
  }
  return value;
}

/** Each place two route tables differ, as one line: a route only one has, or one whose fields differ. */
export function routeDifferences(expected: readonly RouteJSON[], actual: readonly RouteJSON[]): string[] {
  const lines: string[] = [];
  const line = (route: RouteJSON) =>
    `${route.verb} ${route.path} ${route.controller ?? ":controller"}#${route.action ?? ":action"}${route.name ? ` (${route.name})` : ""}`;
  for (let i = 0; i < Math.max(expected.length, actual.length) && lines.length < 20; i++) {
    const [a, b] = [expected[i], actual[i]];
    if (!a) lines.push(`route ${i + 1}: the file has ${line(b)}, which the import does not`);
    else if (!b) lines.push(`route ${i + 1}: the file lacks ${line(a)}`);
    else if (JSON.stringify(a) !== JSON.stringify(b)) lines.push(`route ${i + 1}: ${line(a)} is read from the file as ${line(b)} (${JSON.stringify(b)})`);
  }
  return lines;
}
