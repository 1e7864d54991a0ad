import { explainRecognition, printable, RedirectError, routedMethod, RoutingError } from "resource-routes/internal";

import { routesTable } from "../../format/routesTable";
import { ParsedArguments, UsageError } from "../args";
import { CliRoutingFile, loadFile } from "../load";
import { CommandResult } from "./result";

export function recognizeCommand(args: ParsedArguments): CommandResult {
  const [file, method, path, ...extra] = args.positional;
  if (!file || !method || !path || extra.length) throw new UsageError("recognize takes FILE METHOD PATH");
  const f = loadFile(file, args.behaviour);
  // As the adapters route it: PATCH (and a POST's _method=patch) is PUT, unless --no-patch.
  if (args.params._method !== undefined) args.params._method = routedMethod(args.params._method, !args.noPatch);
  const routed = routedMethod(method, !args.noPatch);
  if (args.explain) return explainCommand(f, routed, path, args);
  try {
    const seen = f.routes.recognize(routed, path, args.params);
    const out = args.json
      ? JSON.stringify(seen)
      : [
          `route:      ${seen.route ?? "(unnamed)"}`,
          `controller: ${seen.controller}`,
          `action:     ${seen.action}`,
          `params:     ${JSON.stringify(seen.params)}`,
          ...(seen.redirect
            ? [`redirect:   ${seen.redirect.status} ${seen.redirect.location ?? "(the Location is the application's function's answer, not run here)"}`]
            : []),
          ...(seen.mount ? [`mounted at: ${seen.mount.path || "/"}, the application given ${seen.mount.rest}`] : []),
        ]
          .map(printable)
          .join("\n");
    return { stdout: [out], stderr: [], exitCode: 0 };
  } catch (error) {
    if (error instanceof RoutingError || error instanceof RedirectError) return { stdout: [], stderr: [printable(error.message)], exitCode: 1 };
    throw error;
  }
}

/** recognize --explain: every route in order up to the one that matched, each with why the request passed it over. */
function explainCommand(f: CliRoutingFile, method: string, path: string, args: ParsedArguments): CommandResult {
  const explained = explainRecognition(f.routes, method, path, args.params);
  const exitCode = explained.error ? 1 : 0;
  if (args.json) {
    const routes = explained.routes.map(({ index, route, passedOver }) => ({
      index,
      name: route.name,
      verb: route.verb,
      path: route.path,
      target: route.target,
      ...(passedOver ? { passedOver } : { matched: true }),
    }));
    return {
      stdout: [
        JSON.stringify({
          explain: routes,
          more: explained.more,
          ...(explained.recognition ? { recognition: explained.recognition } : { error: explained.error!.message }),
        }),
      ],
      stderr: [],
      exitCode,
    };
  }
  const table = routesTable(explained.routes.map(({ route }) => route)).split("\n");
  const lines = explained.routes.map(({ index, passedOver }, i) =>
    printable(`${passedOver ? "  " : "→ "}${String(index + 1).padStart(4)}  ${table[i]}  ${passedOver ? `passed over: ${passedOver}` : "matched"}`),
  );
  if (explained.more) lines.push(`  … and ${explained.more} more route${explained.more === 1 ? "" : "s"}`);
  if (explained.recognition) lines.push(printable(`params: ${JSON.stringify(explained.recognition.params)}`));
  return { stdout: lines, stderr: explained.error ? [printable(explained.error.message)] : [], exitCode };
}
