import { RouteDefinitionError } from "../model/errors";
import { optionSpan } from "../model/spans";
import { RouteTable } from "../model/table";

/** A refusal stops loading: the table keeps the error and its diagnostic. Any other error is thrown on. */
export function stopped(table: RouteTable, error: unknown): void {
  if (!(error instanceof RouteDefinitionError)) throw error;
  table.error = error;
  table.diagnostics.push({
    severity: "error",
    code: error.code,
    message: error.message,
    span: error.declaration && refusedSpan(error),
  });
}

/**
 * Where a refused declaration was written: the `except` key of only+except, else the refused value
 * (a requirement may also be written as a top-level key of connect), else the call.
 */
function refusedSpan(error: RouteDefinitionError) {
  const declaration = error.declaration!;
  const path = error.optionPath;
  if (path?.startsWith("requirements.") && !declaration.source?.options.has(path)) return optionSpan(declaration, path.slice("requirements.".length));
  return optionSpan(declaration, path, error.code === "only-and-except" ? "key" : "value");
}
