import * as path from "path";
import { Worker } from "worker_threads";
import type { WorkerInput, WorkerOutput, WorkerRequest } from "./importWorker";
import { ImportError, type ImportedRoutes, type ImportedStatement } from "./routesRb";
import { revived, type RubyValue } from "./rubyValues";

/** How long the Ruby side of an import may take: a routes.rb of thousands of lines takes well under a second. */
export const TIME_LIMIT_MS = 10_000;

/** The largest Ruby file of an application read (routes.rb, config/environment.rb, a vendored Rails' version), by the CLI and the language server alike. */
export const MAX_RUBY_BYTES = 5 * 1024 * 1024;

/** The worker's script: beside this module, and beside the tools' bundle. */
export const WORKER_SCRIPT = path.join(__dirname, "importWorker.js");

/**
 * The routes.rb read in a worker thread (importWorker.ts, beside this module and beside the tools'
 * bundle): its answer, or an ImportError when Prism fails, ends the thread, or takes longer than
 * the limit, in which case the thread is ended.
 */
export function readInWorker(input: WorkerInput): Promise<{ imported: ImportedRoutes; railsGemVersion?: string; vendoredRails?: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SCRIPT, { stdout: false, stderr: false });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new ImportError(`the Ruby parser did not finish within ${TIME_LIMIT_MS / 1000} s: nothing is imported`))),
      TIME_LIMIT_MS,
    );
    worker.on("message", ({ output }: { output: WorkerOutput }) =>
      settle(() => {
        if ("error" in output) reject(output.importError ? new ImportError(output.error, output.line, output.span) : new Error(output.error));
        else resolve({ imported: revive(output.imported), railsGemVersion: output.railsGemVersion, vendoredRails: output.vendoredRails });
      }),
    );
    worker.on("error", (error) => settle(() => reject(new ImportError(`the Ruby parser failed on this file (${error.message}): nothing is imported`))));
    worker.on("exit", () => settle(() => reject(new ImportError("the Ruby parser stopped on this file (nested too deeply for it?): nothing is imported"))));
    const request: WorkerRequest = { id: 1, input };
    worker.postMessage(request);
  });
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
  return { ...imported, body: statements(imported.body), ...(fromApplication ? { fromApplication } : {}) };
}
