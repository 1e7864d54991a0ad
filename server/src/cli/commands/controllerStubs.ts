import * as fs from "fs";
import * as path from "path";
import { printable } from "resource-routes/internal";

import { controllerModuleName } from "../../files/controllerFileName";
import { projectRoot, UnsafeWrite, writeGeneratedFile } from "../../files/generatedFile";
import { addedSyntaxError } from "../../literals/literalRewrites";
import { type ActionStub, newControllerText } from "../../service/actionStubs";
import { actionOf } from "../../service/controllers";
import type { CliRoutingFile } from "../load";
import { controllersOnDisk, controllersPath } from "./controllerFolder";
import { CommandResult } from "./result";
import { missingInRuby } from "./rubyControllerActions";

/**
 * `controllers FILE --stubs`: a module for every controller the routes name that has none in the
 * controllers folder, each with its routed actions (what the editor's "Create controller" writes),
 * never over a file; for a module that exists, the routed actions it lacks, said. Given a Rails
 * application's app/controllers, the routed actions its Ruby controllers do not define, said too.
 */
export async function controllerStubs(f: CliRoutingFile, railsControllers?: string): Promise<CommandResult> {
  const folder = controllersPath(f);
  const found = controllersOnDisk(f);
  const extension = /\.[cm]?js$/.test(f.file) ? ".js" : ".ts";
  // Each controller's routed actions, in route order, with the first route that reaches each.
  const actions = new Map<string, Map<string, string>>();
  for (const route of f.routes.routes) {
    if (route.controller === null || route.action === null) continue;
    const own = actions.get(route.controller) ?? new Map<string, string>();
    actions.set(route.controller, own);
    if (!own.has(route.action)) own.set(route.action, `${route.verb} ${route.path}`);
  }
  const stdout: string[] = [];
  const stderr: string[] = [];
  let failed = false;
  for (const [controller, routed] of actions) {
    const stubs: ActionStub[] = [...routed].map(([name, route]) => ({ name, route }));
    if (found?.controllers.modules.has(controller)) {
      const missing = stubs.filter((stub) => !actionOf(found.controllers, { controller, action: stub.name }));
      if (missing.length)
        stdout.push(printable(`${controller}: its module lacks ${missing.map((stub) => stub.name).join(", ")} (the editor's quick fix adds them)`));
      continue;
    }
    const name = controllerModuleName(controller);
    if (name === undefined) {
      stderr.push(printable(`${controller}: no module written: the name cannot name a file on every system`));
      continue;
    }
    const file = path.join(folder, `${name}${extension}`);
    if (fs.existsSync(file)) continue;
    const text = newControllerText(file, stubs);
    // Written only where it parses: the actions' names and routes come from the routing file.
    const broken = addedSyntaxError(file, "", text);
    if (broken) {
      stderr.push(printable(`${file}: not written: the module made for it would not parse (${broken})`));
      failed = true;
      continue;
    }
    try {
      writeGeneratedFile(file, text, projectRoot(f.file));
    } catch (error) {
      stderr.push(printable(`${file}: not written: ${error instanceof UnsafeWrite ? error.message : (error as Error).message}`));
      failed = true;
      continue;
    }
    stdout.push(printable(`wrote ${path.relative(process.cwd(), file)} (${stubs.map((stub) => stub.name).join(", ")})`));
  }
  if (railsControllers !== undefined) {
    const ruby = await missingInRuby(actions, railsControllers);
    stdout.push(...ruby.lines);
    if (ruby.failed) {
      stderr.push(printable(`${railsControllers}: ${ruby.failed}`));
      failed = true;
    }
  }
  return { stdout, stderr, exitCode: failed ? 1 : 0 };
}
