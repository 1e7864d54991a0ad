import { record } from "../routing/values";

/** A command-line mistake: reported as one line on stderr, exit 2. */
export class UsageError extends Error {}

export interface ParsedArguments {
  positional: string[];
  json: boolean;
  help: boolean;
  stdio: boolean;
  behaviour?: "A" | "B";
  host?: string;
  out?: string;
  importExtension?: "js" | "ts" | "none";
  params: Record<string, string>;
}

/** Flags each command accepts (anything else is a usage error). */
export type Flag = "--json" | "--behaviour" | "--param" | "--host" | "--stdio" | "--out" | "--import-extension";

export function parseArguments(argv: string[], allowed: readonly Flag[]): ParsedArguments {
  const parsed: ParsedArguments = { positional: [], json: false, help: false, stdio: false, params: record<string>() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--help" || flag === "-h") parsed.help = true;
    else if (!flag.startsWith("--") || flag === "--") parsed.positional.push(arg);
    else if (!(allowed as string[]).includes(flag)) throw new UsageError(`unknown option ${flag}`);
    else if (flag === "--json") parsed.json = true;
    else if (flag === "--stdio") parsed.stdio = true;
    else if (flag === "--host") parsed.host = value();
    else if (flag === "--out") parsed.out = value();
    else if (flag === "--import-extension") {
      const extension = value();
      if (extension !== "js" && extension !== "ts" && extension !== "none") throw new UsageError(`--import-extension must be js, ts or none, got ${JSON.stringify(extension)}`);
      parsed.importExtension = extension;
    }
    else if (flag === "--behaviour") {
      const behaviour = value();
      if (behaviour !== "A" && behaviour !== "B") throw new UsageError(`--behaviour must be A or B, got ${JSON.stringify(behaviour)}`);
      parsed.behaviour = behaviour;
    } else if (flag === "--param") {
      const pair = value();
      const eq = pair.indexOf("=");
      if (eq <= 0) throw new UsageError(`--param takes key=value, got ${JSON.stringify(pair)}`);
      parsed.params[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  return parsed;
}
