import * as cp from "child_process";
import * as ts from "typescript";
import { parseDiagnosticsOf } from "../analysis/fileSyntax";

/**
 * The syntax error Node's own parser finds in an ES module's text, checked without running it
 * (`node --check`, in a process of its own); undefined when it parses. A generator asks before it
 * says that what it wrote can be imported.
 */
export function moduleSyntaxError(text: string): string | undefined {
  const checked = cp.spawnSync(process.execPath, ["--check", "--input-type=module"], { input: text, encoding: "utf8", timeout: 60_000 });
  if (checked.status === 0) return undefined;
  const lines = (checked.stderr ?? "").split("\n");
  const line = /^\[stdin\]:(\d+)/.exec(lines[0] ?? "")?.[1];
  const error = lines.find((text) => /^\w*Error\b/.test(text)) ?? checked.error?.message ?? `node --check exited with ${checked.status ?? checked.signal}`;
  return line === undefined ? error : `line ${line}: ${error}`;
}

/**
 * The first syntax error TypeScript's parser finds in a declaration file's text (`line N: message`),
 * undefined when it parses: a generator asks before it writes a `.d.ts` whose types came, in part,
 * from what it read of the user's code.
 */
export function declarationSyntaxError(text: string): string | undefined {
  const file = ts.createSourceFile("generated.d.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const first = parseDiagnosticsOf(file)[0];
  if (!first) return undefined;
  return `line ${file.getLineAndCharacterOfPosition(first.start).line + 1}: ${ts.flattenDiagnosticMessageText(first.messageText, " ")}`;
}
