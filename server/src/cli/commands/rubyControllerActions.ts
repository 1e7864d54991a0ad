import * as fs from "fs";
import * as path from "path";
import { camelize, printable } from "resource-routes/internal";

import { applicationRuby } from "../../files/applicationRuby";
import type { RubyController } from "../../ruby/rubyControllers";
import { RubyWorker } from "../../ruby/rubyWorker";
import { UsageError } from "../args";

/** How many parents of a controller are followed (ApplicationController is one or two up). */
const MAX_ANCESTORS = 16;

/**
 * The routed actions a Rails application's Ruby controllers (`folder`, its app/controllers) do not
 * define, one line each controller: an action is defined by a public method of its class or of
 * a class it inherits from in the folder, or by a view of its name (Rails renders a template with
 * no method). Ruby's own parser reads the files in the worker thread; nothing of them is run.
 */
export async function missingInRuby(routed: ReadonlyMap<string, ReadonlyMap<string, string>>, folder: string): Promise<{ lines: string[]; failed?: string }> {
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`--rails-controllers: no folder at ${JSON.stringify(folder)}`);
  const worker = new RubyWorker(true);
  let read;
  try {
    read = await worker.readControllers({ controllers: applicationRuby(folder, ["."]) });
  } finally {
    worker.dispose();
  }
  if ("failed" in read) return { lines: [], failed: read.failed };
  if ("error" in read) return { lines: [], failed: read.error };
  const classes = new Map(read.controllers.map((controller) => [controller.name, controller]));
  const views = path.join(folder, "..", "views");
  const lines: string[] = [];
  for (const [controller, actions] of routed) {
    const name = `${camelize(controller)}Controller`;
    const own = classes.get(name);
    if (!own) {
      lines.push(printable(`${controller}: no class ${name} in ${folder}`));
      continue;
    }
    const defined = actionsOf(own, classes);
    const templates = viewsOf(path.join(views, controller));
    const missing = [...actions.keys()].filter((action) => !defined.has(action) && !templates.has(action));
    if (missing.length) lines.push(printable(`${controller}: ${name} (${own.file}) defines no ${missing.join(", ")}: no public method and no view`));
  }
  if (lines.length === 0) lines.push(printable(`every routed action is defined in ${folder}`));
  return { lines };
}

/** A controller's actions: its public methods and those of the classes it inherits from in the folder. */
function actionsOf(controller: RubyController, classes: ReadonlyMap<string, RubyController>): Set<string> {
  const actions = new Set<string>();
  let at: RubyController | undefined = controller;
  for (let depth = 0; at && depth <= MAX_ANCESTORS; depth++) {
    for (const action of at.actions) actions.add(action);
    at = at.superclass && parentOf(at.superclass, classes);
  }
  return actions;
}

/** The class a superclass names, as Ruby looks a constant up: from the innermost module it is written in outwards. */
function parentOf({ name, within }: NonNullable<RubyController["superclass"]>, classes: ReadonlyMap<string, RubyController>): RubyController | undefined {
  if (name.startsWith("::")) return classes.get(name.slice(2));
  for (let depth = within.length; depth >= 0; depth--) {
    const found = classes.get([...within.slice(0, depth), name].join("::"));
    if (found) return found;
  }
  return undefined;
}

/** The actions a controller's views folder has a template for (`show.html.erb` → show). */
function viewsOf(folder: string): Set<string> {
  try {
    return new Set(fs.readdirSync(folder).map((file) => file.split(".")[0]));
  } catch {
    return new Set();
  }
}
