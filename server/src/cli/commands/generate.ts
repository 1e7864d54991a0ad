import { type Helper, nearest, own, printable, RouteSet, RoutingError } from "resource-routes/internal";

import { ParsedArguments, UsageError } from "../args";
import { loadFile } from "../load";
import { CommandResult } from "./result";

export function generateCommand(args: ParsedArguments): CommandResult {
  const [file, helper, ...values] = args.positional;
  if (!file) throw new UsageError("generate takes FILE HELPER [ARG]..., or FILE --param controller=C [--param action=A] [--param k=v]...");
  const f = loadFile(file, args.behaviour);
  if (!helper) return fromOptions(f.routes, args);
  const fn = own(f.routes.helpers as Readonly<Record<string, Helper>>, helper);
  if (!fn) {
    const suggestion = nearest(helper, Object.keys(f.routes.helpers));
    return {
      stdout: [],
      stderr: [printable(`Unknown helper ${JSON.stringify(helper)}${suggestion ? `; did you mean ${JSON.stringify(suggestion)}?` : ""}`)],
      exitCode: 1,
    };
  }
  const named: Record<string, unknown> = { ...args.params };
  if (args.host) named.host = args.host;
  try {
    const generated = fn(...values, named);
    const out = args.json ? JSON.stringify(generated) : printable(typeof generated === "string" ? generated : JSON.stringify(generated));
    return { stdout: [out], stderr: [], exitCode: 0 };
  } catch (error) {
    if (error instanceof RoutingError) return { stdout: [], stderr: [printable(error.message)], exitCode: 1 };
    throw error;
  }
}

/** Generation from options, as Rails' url_for(:controller => …, :action => …): the --param values are the options. */
function fromOptions(routes: RouteSet, args: ParsedArguments): CommandResult {
  const { controller, ...rest } = args.params;
  if (typeof controller !== "string") throw new UsageError("generate without HELPER takes the options as --param values, controller=C among them");
  try {
    const path = routes.generate({ controller, ...rest });
    return { stdout: [args.json ? JSON.stringify(path) : printable(path)], stderr: [], exitCode: 0 };
  } catch (error) {
    if (error instanceof RoutingError) return { stdout: [], stderr: [printable(error.message)], exitCode: 1 };
    throw error;
  }
}
