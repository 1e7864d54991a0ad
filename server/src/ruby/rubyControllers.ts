import type { ParseRuby } from "./prism";
import { is, type Node, type NodeOf, statementsOf } from "./prismNodes";

/*
 * The actions a Rails application's Ruby controllers define, read with Prism and nothing run: each
 * class's public instance methods, in the order written (`private`, `protected` and `public` with
 * no arguments change what follows, with names they change those methods; Rails 2's
 * `hide_action` hides its names), and the class it inherits from, so that an action a parent
 * controller defines counts.
 */

/** A controller class of the application. */
export interface RubyController {
  /** The file it is written in. */
  file: string;
  /** Its full name (`Admin::PostsController`). */
  name: string;
  /** The class it inherits from, as written, with the modules it is written in (to look it up). */
  superclass?: { name: string; within: string[] };
  actions: string[];
}

/** How deep in modules a class is looked for. */
const MAX_NESTING = 8;

/** The controller classes of Ruby files (a file that does not parse gives none). */
export function rubyControllers(parse: ParseRuby, files: ReadonlyArray<{ file: string; text: string }>): RubyController[] {
  const found: RubyController[] = [];
  for (const { file, text } of files) {
    const result = parse(text);
    if (result.errors.length) continue;
    const bytes = Buffer.from(text, "utf8");
    const textOf = (node: Node) => bytes.subarray(node.location.startOffset, node.location.startOffset + node.location.length).toString("utf8");
    const visit = (statements: readonly Node[], within: string[]) => {
      if (within.length > MAX_NESTING) return;
      for (const statement of statements) {
        if (is(statement, "ModuleNode")) visit(statementsOf(statement.body), [...within, textOf(statement.constantPath)]);
        else if (is(statement, "ClassNode")) {
          const name = [...within, textOf(statement.constantPath)].join("::");
          const superclass =
            statement.superclass && is(statement.superclass, "ConstantReadNode", "ConstantPathNode") ? textOf(statement.superclass) : undefined;
          found.push({ file, name, ...(superclass ? { superclass: { name: superclass, within } } : {}), actions: publicMethods(statement) });
          visit(statementsOf(statement.body), name.split("::"));
        }
      }
    };
    visit(result.value.statements.body, []);
  }
  return found;
}

/** A class body's public instance methods, as Ruby's visibility calls leave them. */
function publicMethods(node: NodeOf<"ClassNode">): string[] {
  const visible = new Map<string, boolean>();
  let shown = true;
  for (const statement of statementsOf(node.body)) {
    if (is(statement, "DefNode") && !statement.receiver) visible.set(statement.name, shown);
    if (!is(statement, "CallNode") || statement.receiver) continue;
    const names = (statement.arguments_?.arguments_ ?? []).flatMap((argument) => (is(argument, "SymbolNode", "StringNode") ? [argument.unescaped.value] : []));
    if (statement.name === "private" || statement.name === "protected" || statement.name === "public") {
      if (statement.arguments_ === null) shown = statement.name === "public";
      for (const name of names) if (visible.has(name)) visible.set(name, statement.name === "public");
    } else if (statement.name === "hide_action") for (const name of names) visible.set(name, false);
  }
  return [...visible].flatMap(([name, isShown]) => (isShown ? [name] : []));
}
