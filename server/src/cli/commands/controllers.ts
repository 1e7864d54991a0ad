import * as path from "path";
import { printable } from "resource-routes/internal";

import { controllerMapOf } from "../../format/controllerMap";
import { ParsedArguments, UsageError } from "../args";
import { loadFile } from "../load";
import { watchedRouting } from "../load";
import { controllersPath, moduleFiles } from "./controllerFolder";
import { controllerStubs } from "./controllerStubs";
import { staleness, writeOrRefuse } from "./generatedOutput";
import { CommandResult, hasErrors, requireFiles } from "./result";

export function controllersCommand(args: ParsedArguments): CommandResult | Promise<CommandResult> {
  const [file, ...extra] = requireFiles(args);
  if (extra.length) throw new UsageError("controllers takes one FILE");
  const f = loadFile(file, args.behaviour);
  if (args.railsControllers !== undefined && !args.stubs) throw new UsageError("--rails-controllers goes with --stubs");
  if (args.stubs) return controllerStubs(f, args.railsControllers);
  const folder = controllersPath(f);
  if (args.watch) return watchedRouting(file, [folder], () => controllersCommand({ ...args, watch: false }));
  const out = args.out ?? path.join(path.dirname(file), "controllers.generated.ts");
  const modules = moduleFiles(folder);
  if (modules === undefined) throw new UsageError(`no controllers folder at ${folder}`);
  let relative = path
    .relative(path.dirname(path.resolve(out)), folder)
    .split(path.sep)
    .join("/");
  if (!relative.startsWith(".")) relative = `./${relative}`;
  const text = controllerMapOf(modules, relative, file, args.importExtension);
  if (args.check) return staleness(out, text, "controllers");
  const written = writeOrRefuse(out, text, file, args.force);
  return { stdout: [printable(`${written} ${out} (${modules.length} controller modules)`)], stderr: [], exitCode: hasErrors(f) ? 1 : 0 };
}
