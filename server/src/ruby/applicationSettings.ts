import type { ParseRuby } from "./prism";
import { is, type Node, statementsOf } from "./prismNodes";

/*
 * What an application's config/application.rb sets that changes the routes Rails draws, read
 * statically: `config.api_only = true` (an API application's resources have no new and edit
 * routes). Nothing of the file is run.
 */

/** How deep classes and modules may nest before the reading stops looking. */
const MAX_NESTING = 8;

/** Whether config/application.rb, among the application's files, says `config.api_only = true` in its application's class. */
export function isApiOnly(parse: ParseRuby, files: ReadonlyArray<{ file: string; text: string }>): boolean {
  const application = files.find(({ file }) => file === "config/application.rb");
  if (!application) return false;
  const result = parse(application.text);
  return !result.errors.length && setsApiOnly(result.value.statements.body, 0);
}

function setsApiOnly(statements: readonly Node[], depth: number): boolean {
  for (const statement of statements) {
    if (is(statement, "ClassNode", "ModuleNode")) {
      if (depth < MAX_NESTING && setsApiOnly(statementsOf(statement.body), depth + 1)) return true;
    } else if (
      is(statement, "CallNode") &&
      statement.name === "api_only=" &&
      is(statement.receiver, "CallNode") &&
      statement.receiver.name === "config" &&
      !statement.receiver.receiver &&
      is(statement.arguments_?.arguments_[0], "TrueNode")
    )
      return true;
  }
  return false;
}
