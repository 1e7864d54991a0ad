import type { WorkerInput } from "./importWorker";
import { type ImportedRoutes, type ImportedStatement, ImportError } from "./routesRb";
import { revived, type RubyUnset, type RubyValue } from "./rubyValues";
import { RubyWorker } from "./rubyWorker";

/**
 * The routes.rb read in the worker thread (RubyWorker) for a command: its answer, or an ImportError
 * when Prism fails, ends the thread, or takes longer than the limit.
 */
export async function readInWorker(input: WorkerInput): Promise<{ imported: ImportedRoutes; railsGemVersion?: string; vendoredRails?: string }> {
  const worker = new RubyWorker(true);
  try {
    const output = await worker.read(input);
    if ("failed" in output) throw new ImportError(`${output.failed}: nothing is imported`);
    if ("error" in output) throw output.importError ? new ImportError(output.error, output.line, output.span) : new Error(output.error);
    return { imported: revive(output.imported), railsGemVersion: output.railsGemVersion, vendoredRails: output.vendoredRails };
  } finally {
    worker.dispose();
  }
}

/** The worker's answer with its values made Ruby values again. */
export function revive(imported: ImportedRoutes): ImportedRoutes {
  const made = new Map<object, RubyValue>();
  const statements = (body: readonly ImportedStatement[]): ImportedStatement[] =>
    body.map((statement) =>
      statement.kind === "call"
        ? {
            ...statement,
            args: statement.args.map((arg) => revived(arg, made)),
            block: statement.block && { variable: statement.block.variable, body: statements(statement.block.body) },
          }
        : statement,
    );
  const fromApplication = imported.fromApplication?.map((constant) => ({ ...constant, value: revived(constant.value, made) }));
  const unset = imported.unset?.map((constant) => revived(constant, made) as RubyUnset);
  return { ...imported, body: statements(imported.body), ...(fromApplication ? { fromApplication } : {}), ...(unset ? { unset } : {}) };
}
