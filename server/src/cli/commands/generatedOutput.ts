import { type Diagnostic, printable, shortened } from "resource-routes/internal";

import { compareGeneratedFile, projectRoot, UnsafeWrite, writeGeneratedFile } from "../../files/generatedFile";
import { UsageError } from "../args";
import { CliRoutingFile } from "../load";
import { CommandResult, partialSummary } from "./result";

/* How the generating commands write their files, or say why not. */

/** A generating command's answer when a part of the routing file could not be read statically and --allow-partial was not given: nothing written, exit 1. */
export function notWrittenPartial(f: CliRoutingFile, unread: Diagnostic[], why: string): CommandResult {
  return { stdout: [], stderr: [partialSummary(f, unread)!, printable(why)], exitCode: 1 };
}

/** A generated file written inside the routing file's project, or a usage error saying why not. */
export function writeOrRefuse(out: string, text: string, file: string, force: boolean): "wrote" | "unchanged" {
  try {
    return writeGeneratedFile(out, text, projectRoot(file), force);
  } catch (error) {
    throw new UsageError(
      error instanceof UnsafeWrite ? error.message : `cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/** `--check`: exit 1 when `out` is not what the command would write, with the lines that differ; nothing is written. */
export function staleness(out: string, text: string, command: string): CommandResult {
  const found = compareGeneratedFile(out, text);
  if (found.state === "current") return { stdout: [printable(`current ${out}`)], stderr: [], exitCode: 0 };
  const rerun = `run \`resource-routes ${command}\` again`;
  if (found.state === "missing") return { stdout: [], stderr: [printable(`${out} is missing: ${rerun}`)], exitCode: 1 };
  const lines = [...found.added.map((line) => `+ ${line}`), ...found.removed.map((line) => `- ${line}`)];
  const shown = lines.slice(0, 20).map((line) => printable(shortened(line)));
  return {
    stdout: [],
    stderr: [
      printable(`${out} is stale (${found.added.length} line(s) to add, ${found.removed.length} to remove): ${rerun}`),
      ...shown,
      ...(lines.length > 20 ? [`… and ${lines.length - 20} more`] : []),
    ],
    exitCode: 1,
  };
}
