import * as cp from "child_process";
import * as ts from "typescript";

import { parseDiagnosticsOf } from "../analysis/fileSyntax";

/**
 * The syntax error Node's own parser finds in each ES module's text (`line N: SyntaxError: …`),
 * checked without running it, undefined for one that parses. All of them in one process of their
 * own, which compiles each as a module (vm.SourceTextModule: parsed, never linked or evaluated);
 * one that fails is checked again by `node --check`, which names the line. A generator asks before
 * it says that what it wrote can be imported.
 */
export function moduleSyntaxErrors(texts: readonly string[]): Array<string | undefined> {
  const checked = cp.spawnSync(process.execPath, ["--experimental-vm-modules", "--no-warnings", "-e", CHECKER], {
    input: JSON.stringify(texts),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  let answers: unknown;
  try {
    answers = JSON.parse(checked.stdout);
  } catch {
    answers = undefined;
  }
  if (!Array.isArray(answers) || answers.length !== texts.length) {
    const why = checked.error?.message ?? (checked.stderr.trim().split("\n")[0] || `the checking process exited with ${checked.status ?? checked.signal}`);
    return texts.map(() => `not checked: ${why}`);
  }
  return answers.map((answer, i) => (typeof answer === "string" ? (nodeCheck(texts[i]) ?? answer) : undefined));
}

/** moduleSyntaxErrors for one module. */
export function moduleSyntaxError(text: string): string | undefined {
  return moduleSyntaxErrors([text])[0];
}

/** `node --check` on one module's text: its error with the line it is on, undefined when it parses. */
function nodeCheck(text: string): string | undefined {
  const checked = cp.spawnSync(process.execPath, ["--check", "--input-type=module"], { input: text, encoding: "utf8", timeout: 60_000 });
  if (checked.status === 0) return undefined;
  const lines = (checked.stderr ?? "").split("\n");
  const line = /^\[stdin\]:(\d+)/.exec(lines[0] ?? "")?.[1];
  const error = lines.find((text) => /^\w*Error\b/.test(text)) ?? checked.error?.message ?? `node --check exited with ${checked.status ?? checked.signal}`;
  return line === undefined ? error : `line ${line}: ${error}`;
}

/** The checking process: the texts as a JSON list on stdin, an answer each (null or the error) as a JSON list on stdout. */
const CHECKER = `
const vm = require("vm");
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const answers = JSON.parse(input).map((text) => {
    try {
      new vm.SourceTextModule(text);
      return null;
    } catch (error) {
      return String(error.name) + ": " + String(error.message);
    }
  });
  process.stdout.write(JSON.stringify(answers));
});
`;

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
