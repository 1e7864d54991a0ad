import * as path from "path";
import { baseName, commentText, type Route } from "resource-routes/internal";

import { GENERATED_MARK } from "../files/generatedFile";
import { isIdentifier } from "../text/javascriptNames";
import { type HelpersModule, targetMethod } from "./browserHelpers";
import { typesFileOf } from "./helpersRecipe";
import { CLIENT_CORE, CLIENT_DECLARATIONS } from "./shipped/texts";

/**
 * The typed client of a helpers module: per `controller#action` target, a function that makes the
 * request with `fetch` (its path's values in the URL, the other params in the query of a GET or
 * HEAD, else a JSON body) and answers `{ ok, status, data, response }`. Its types come from the
 * routing file's declaration file (`resource-routes types`): the params schema's input, what the
 * action returns, and the answers the adapters give on their own (400, 404, 405, 422 with issues),
 * told apart by `status`. It imports each target from the helpers module by name, so a bundler
 * keeps the requests imported and their routes alone. `targets` are the helpers module's (a
 * controller's own module's with `--split`, whose client imports the core from the main client
 * module: `core`). Same routes, same text.
 */
export function clientModuleOf(
  targets: ReadonlyMap<string, Route>,
  shapeOf: HelpersModule["shapeOf"],
  helpersModule: string,
  routingFile: string,
  core: ClientCore = { export: false },
  /** By target, the other routes of its action, each reached by its helper's name (`{ route: "todo" }`). */
  alternatives: HelpersModule["targetAlternatives"] = new Map(),
): { js: string; dts: string } {
  const imports = clientImportsOf(helpersModule, routingFile, "importFrom" in core ? core.importFrom : undefined);
  const js: string[] = [];
  const dts: string[] = [];
  // The path's segments of a request, one type per shape: many requests share one.
  const segmentTypes = new Map<string, string>();
  const names = [...targets.keys()];
  const helpers = new Set<string>();
  const segmentsOf = (route: Route): { keys: readonly string[]; type: string } => {
    const { keys, required } = shapeOf(route);
    const members = `{ ${keys.map((key, i) => `${isIdentifier(key) ? key : JSON.stringify(key)}${required[i] ? "" : "?"}: RouteValue;`).join(" ")} }`;
    let type = segmentTypes.get(members);
    if (!type) segmentTypes.set(members, (type = `Segments${segmentTypes.size}`));
    return { keys, type };
  };
  for (const [name, route] of targets) {
    const segments = segmentsOf(route);
    const others = alternatives.get(name) ?? [];
    // The action's other routes, chosen by name in the request's options: each its helper's URL and its path's keys.
    const routes = others.map(({ helper, route: other }) => {
      helpers.add(helper);
      return `${JSON.stringify(helper)}: [(values) => ({ url: $${helper}_path(values) }), ${JSON.stringify(segmentsOf(other).keys)}]`;
    });
    const call = `$${name}, ${JSON.stringify(segments.keys)}, "${targetMethod(route)}", args`;
    js.push(`export function ${name}(...args) { return ${routes.length ? `$via({ ${routes.join(", ")} }, ${call})` : `$send(${call})`}; }`);
    const target = JSON.stringify(route.target);
    const answer = `Promise<Answer<ActionAnswer<${target}>>>`;
    dts.push(
      `/** ${commentText(`${route.target}: ${route.verb} ${route.path}`)} */`,
      `export declare function ${name}(...args: Call<${segments.type}, ActionInput<${target}>>): ${answer};`,
      ...others.flatMap(({ helper, route: other }) => [
        `/** ${commentText(`${other.target}: ${other.verb} ${other.path}, by its route's name`)} */`,
        `export declare function ${name}(...args: RouteCall<${segmentsOf(other).type}, ActionInput<${target}>, ${JSON.stringify(helper)}>): ${answer};`,
      ]),
    );
  }
  const header = `${GENERATED_MARK} from ${commentText(baseName(routingFile))}. Do not edit: \`resource-routes helpers --client\` writes it again, and so does the language server.`;
  const shared = imports.core === undefined ? undefined : JSON.stringify(imports.core);
  return {
    js: [
      header,
      // The own core builds a GET's query with the helpers' own encoding ($query, which the main helpers module exports).
      ...(names.length || !shared
        ? [
            `import { ${[...names.map((name) => `${name} as $${name}`), ...[...helpers].map((helper) => `${helper}_path as $${helper}_path`), ...(shared ? [] : ["$query"])].join(", ")} } from ${JSON.stringify(imports.helpers)};`,
          ]
        : []),
      ...(shared ? [`import { $send, $via } from ${shared};`] : [CLIENT_CORE, ...("export" in core && core.export ? ["export { $send, $via };"] : [])]),
      ...js,
      "",
    ].join("\n"),
    dts: [
      header,
      `import type { ActionAnswer, ActionInput } from ${JSON.stringify(imports.types)};`,
      ...(shared ? [`import type { Answer, Call, RouteCall, RouteValue } from ${shared};`] : [CLIENT_DECLARATIONS]),
      ...[...segmentTypes].map(([members, name]) => `type ${name} = ${members};`),
      ...dts,
      "",
    ].join("\n"),
  };
}

/**
 * Where a client module's core is: its own (exported for the controllers' client modules where they
 * import it, `--split`), or the main client module's, imported from that file.
 */
export type ClientCore = { export: boolean } | { importFrom: string };

/** The client module and its declaration file beside a helpers module: `routes.js` → `routes.client.js` and `routes.client.d.ts`. */
export function clientFilesOf(helpersModule: string): { js: string; dts: string } | undefined {
  const match = /\.(m?)js$/.exec(helpersModule);
  if (!match) return undefined;
  const base = helpersModule.slice(0, match.index);
  return { js: `${base}.client.${match[1]}js`, dts: `${base}.client.d.${match[1]}ts` };
}

/**
 * What a client module beside `helpersModule` imports, each relative to it with `/`: that module, the
 * routing file's declaration file (as `.js`, which every resolution maps to it), and the main client
 * module where its core is there.
 */
function clientImportsOf(helpersModule: string, routingFile: string, core: string | undefined): { helpers: string; types: string; core?: string } {
  const relative = (to: string) => {
    const text = path
      .relative(path.dirname(path.resolve(helpersModule)), path.resolve(to))
      .split(path.sep)
      .join("/");
    return text.startsWith(".") ? text : `./${text}`;
  };
  return {
    helpers: relative(helpersModule),
    types: relative(typesFileOf(routingFile)).replace(/\.d\.ts$/, ".js"),
    ...(core === undefined ? {} : { core: relative(core) }),
  };
}
