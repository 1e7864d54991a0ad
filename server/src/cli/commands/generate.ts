import { type Helper, nearest, own, printable, RoutingError } from "resource-routes/internal";
import { ParsedArguments, UsageError } from "../args";
import { loadFile } from "../load";
import { CommandResult } from "./result";

export function generateCommand(args: ParsedArguments): CommandResult {
  const [file, helper, ...values] = args.positional;
  if (!file || !helper) throw new UsageError("generate takes FILE HELPER [ARG]...");
  const f = loadFile(file, args.behaviour);
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
