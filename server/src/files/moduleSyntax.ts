import * as cp from "child_process";

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
