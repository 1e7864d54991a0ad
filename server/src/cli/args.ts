import { type Behaviour, isBehaviour, record } from "resource-routes/internal";

/** A command-line mistake: reported as one line on stderr, exit 2. */
export class UsageError extends Error {}

export interface ParsedArguments {
  positional: string[];
  json: boolean;
  help: boolean;
  stdio: boolean;
  behaviour?: Behaviour;
  host?: string;
  out?: string;
  importExtension?: "js" | "ts" | "none";
  /** routes -c: only the routes of this controller. */
  controller?: string;
  /** routes -g: only the routes whose name, verb, path or controller#action match. */
  grep?: string;
  /** routes --format: B's optional format printed as Rails 2.3 printed it, `(.:format)`. */
  format: boolean;
  /** check --strict: any not-static is an error. */
  strict: boolean;
  /** check --no-controllers: skip missing-controller and missing-action. */
  noControllers: boolean;
  /** types/controllers --watch: write again whenever the routing file (or the controllers folder) changes. */
  watch: boolean;
  /** types/controllers --check: compare the file on disk with what would be written, write nothing. */
  check: boolean;
  /** helpers --include/--exclude: globs on route names or paths (each flag may be given more than once). */
  include: string[];
  exclude: string[];
  /** types --allow-partial: write the types even where a part of the file could not be read. */
  allowPartial: boolean;
  /** types/helpers/controllers/openapi --force: write over a file resource-routes did not generate (never through a link, never outside the project). */
  force: boolean;
  /** routes/check --runtime FILE: the application's compiled routing module, run. */
  runtime?: string;
  /** openapi: the document's title, version and server path. */
  title?: string;
  version?: string;
  basePath?: string;
  /** --runtime-timeout MS: how long importing that module may take. */
  runtimeTimeout?: number;
  /** recognize --explain: every route up to the one that matched, and why each was passed over. */
  explain: boolean;
  /** recognize --no-patch: Rails 2's methods alone, PATCH not taken as PUT (the adapters' patch: false). */
  noPatch: boolean;
  /** diff: the revisions compared. */
  from?: string;
  to?: string;
  worktree: boolean;
  /** diff --fail-on-breaking: exit 1 when a change breaks existing URLs or helper calls. */
  failOnBreaking: boolean;
  params: Record<string, string>;
  /** import --env: what Rails.env is taken as (default production). */
  env?: string;
  /** import --const NAME=VALUE: constants the routes.rb uses but does not define. */
  constants: Record<string, string>;
  /** import --rails PATH: a Rails 2.2 or 2.3 checkout (a modern file: `installed`, or a Rails 6.1+ checkout) whose routing code draws the routes.rb, to compare. */
  rails?: string;
  /** literals --encoding NAME: the encoding of files that are not UTF-8, read and written back in it. */
  encoding?: "latin1" | "utf16le";
  /** literals --helpers-module FILE: the routing file's helpers module, which front-end files (--front-end GLOB) import helpers from. */
  helpersModule?: string;
  frontEnd: string[];
  /** helpers --default KEY: segment keys configure({ defaults }) fills, optional in the declared signatures. */
  defaults: string[];
  /** helpers --client: the typed client module beside the helpers module. */
  client: boolean;
  /** helpers --split: a module per controller beside the main one. */
  split: boolean;
  /** controllers --stubs: a module with its routed actions for every controller the routes name that has none. */
  stubs: boolean;
  /** controllers --stubs --rails-controllers DIR: a Rails application's app/controllers, whose Ruby controllers' actions are read and compared. */
  railsControllers?: string;
  /** import --stdout: print the routing file instead of writing it. */
  stdout: boolean;
  /** literals --routes FILE: the routing file literals are matched against (default: the one discovered). */
  routes?: string;
  /** literals --fix: replace the literals by helper calls. */
  fix: boolean;
  /** literals --unknown: list too the literals no route recognises. */
  unknown: boolean;
  /** literals --fail-on-literals: exit 1 when literals a helper could replace remain. */
  failOnLiterals: boolean;
  /** diff --redirects: where the URL patterns that no longer route should go. */
  redirects: boolean;
  /** literals --assets GLOB: URL paths that are files, not routes (each flag may be given more than once). */
  assets: string[];
  /** coverage --min N: exit 1 when fewer than N percent of the routes were exercised. */
  min?: number;
  /** check --unused: list the routes nothing uses; --coverage DIR, the recorded coverage it reads; --fail-on-unused, exit 1 on any. */
  unused: boolean;
  coverage?: string;
  failOnUnused: boolean;
}

/** Flags each command accepts (anything else is a usage error). */
export type Flag =
  | "--json"
  | "--behaviour"
  | "--param"
  | "--host"
  | "--stdio"
  | "--out"
  | "--import-extension"
  | "--controller"
  | "--grep"
  | "--format"
  | "--strict"
  | "--no-controllers"
  | "--check"
  | "--watch"
  | "--allow-partial"
  | "--force"
  | "--runtime"
  | "--runtime-timeout"
  | "--title"
  | "--version"
  | "--base-path"
  | "--explain"
  | "--no-patch"
  | "--from"
  | "--to"
  | "--worktree"
  | "--fail-on-breaking"
  | "--include"
  | "--exclude"
  | "--env"
  | "--const"
  | "--rails"
  | "--helpers-module"
  | "--front-end"
  | "--encoding"
  | "--default"
  | "--client"
  | "--split"
  | "--stubs"
  | "--rails-controllers"
  | "--stdout"
  | "--routes"
  | "--fix"
  | "--unknown"
  | "--fail-on-literals"
  | "--min"
  | "--unused"
  | "--coverage"
  | "--fail-on-unused"
  | "--assets"
  | "--redirects";

/** Short flags, as `rails routes` had them. */
const SHORT: Record<string, Flag> = { "-c": "--controller", "-g": "--grep" };

export function parseArguments(argv: string[], allowed: readonly Flag[]): ParsedArguments {
  const parsed: ParsedArguments = {
    positional: [],
    json: false,
    help: false,
    stdio: false,
    format: false,
    strict: false,
    noControllers: false,
    check: false,
    watch: false,
    allowPartial: false,
    force: false,
    explain: false,
    noPatch: false,
    worktree: false,
    failOnBreaking: false,
    include: [],
    exclude: [],
    frontEnd: [],
    defaults: [],
    client: false,
    split: false,
    stubs: false,
    assets: [],
    redirects: false,
    params: record<string>(),
    constants: record<string>(),
    stdout: false,
    fix: false,
    unknown: false,
    failOnLiterals: false,
    unused: false,
    failOnUnused: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = Object.prototype.hasOwnProperty.call(SHORT, argv[i]) ? SHORT[argv[i]] : argv[i];
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
    else if (flag === "--controller") parsed.controller = value();
    else if (flag === "--grep") parsed.grep = value();
    else if (flag === "--runtime") parsed.runtime = value();
    else if (flag === "--title") parsed.title = value();
    else if (flag === "--version") parsed.version = value();
    else if (flag === "--base-path") {
      const base = value();
      if (!/^\/[\w\-./~%]*$/.test(base)) throw new UsageError(`--base-path takes a path beginning with /, got ${JSON.stringify(base)}`);
      parsed.basePath = base;
    } else if (flag === "--runtime-timeout") {
      const text = value();
      if (!/^\d{1,9}$/.test(text) || Number(text) === 0)
        throw new UsageError(`--runtime-timeout takes milliseconds (a positive whole number), got ${JSON.stringify(text)}`);
      parsed.runtimeTimeout = Number(text);
    } else if (flag === "--include" || flag === "--exclude") {
      const glob = value();
      if (glob === "") throw new UsageError(`${flag} takes a glob on route names or paths (admin_*, /admin/**), got ""`);
      parsed[flag === "--include" ? "include" : "exclude"].push(glob);
    } else if (flag === "--from") parsed.from = value();
    else if (flag === "--to") parsed.to = value();
    else if (flag === "--format") parsed.format = true;
    else if (flag === "--strict") parsed.strict = true;
    else if (flag === "--no-controllers") parsed.noControllers = true;
    else if (flag === "--check") parsed.check = true;
    else if (flag === "--watch") parsed.watch = true;
    else if (flag === "--allow-partial") parsed.allowPartial = true;
    else if (flag === "--force") parsed.force = true;
    else if (flag === "--explain") parsed.explain = true;
    else if (flag === "--no-patch") parsed.noPatch = true;
    else if (flag === "--worktree") parsed.worktree = true;
    else if (flag === "--fail-on-breaking") parsed.failOnBreaking = true;
    else if (flag === "--stdout") parsed.stdout = true;
    else if (flag === "--routes") parsed.routes = value();
    else if (flag === "--fix") parsed.fix = true;
    else if (flag === "--unknown") parsed.unknown = true;
    else if (flag === "--fail-on-literals") parsed.failOnLiterals = true;
    else if (flag === "--unused") parsed.unused = true;
    else if (flag === "--coverage") parsed.coverage = value();
    else if (flag === "--fail-on-unused") parsed.failOnUnused = true;
    else if (flag === "--redirects") parsed.redirects = true;
    else if (flag === "--assets") {
      const glob = value();
      if (!glob.startsWith("/")) throw new UsageError(`--assets takes a glob of URL paths beginning with / (/assets/**), got ${JSON.stringify(glob)}`);
      parsed.assets.push(glob);
    } else if (flag === "--min") {
      const text = value().replace(/%$/, "");
      if (!/^\d+(\.\d+)?$/.test(text) || Number(text) > 100) throw new UsageError(`--min takes a percentage from 0 to 100, got ${JSON.stringify(text)}`);
      parsed.min = Number(text);
    } else if (flag === "--env") {
      const env = value();
      if (!/^[a-z_][a-z0-9_]*$/.test(env))
        throw new UsageError(`--env takes an environment's name (production, development, test…), got ${JSON.stringify(env)}`);
      parsed.env = env;
    } else if (flag === "--const") {
      const pair = value();
      const eq = pair.indexOf("=");
      // A constant's name, nested ones as the routes.rb writes them (`User::USERNAME_FORMAT`).
      if (eq <= 0 || !/^[A-Z]\w*(?:::[A-Z]\w*)*$/.test(pair.slice(0, eq)))
        throw new UsageError(`--const takes NAME=VALUE (a Ruby constant's name, User::USERNAME_FORMAT for one in a class), got ${JSON.stringify(pair)}`);
      parsed.constants[pair.slice(0, eq)] = pair.slice(eq + 1);
    } else if (flag === "--rails") {
      parsed.rails = value();
    } else if (flag === "--helpers-module") {
      parsed.helpersModule = value();
    } else if (flag === "--front-end") {
      parsed.frontEnd.push(value());
    } else if (flag === "--encoding") {
      const given = value();
      const name = given
        .toLowerCase()
        .replace(/^(iso-?8859-1|latin-?1)$/, "latin1")
        .replace(/^utf-?16(le)?$/, "utf16le");
      if (name !== "latin1" && name !== "utf16le")
        throw new UsageError(`--encoding takes latin1 or utf16le (UTF-8 is read without it), got ${JSON.stringify(given)}`);
      parsed.encoding = name;
    } else if (flag === "--default") {
      parsed.defaults.push(...value().split(","));
    } else if (flag === "--stubs") {
      parsed.stubs = true;
    } else if (flag === "--rails-controllers") {
      parsed.railsControllers = value();
    } else if (flag === "--client") {
      parsed.client = true;
    } else if (flag === "--split") {
      parsed.split = true;
    } else if (flag === "--import-extension") {
      const extension = value();
      if (extension !== "js" && extension !== "ts" && extension !== "none")
        throw new UsageError(`--import-extension must be js, ts or none, got ${JSON.stringify(extension)}`);
      parsed.importExtension = extension;
    } else if (flag === "--behaviour") {
      const behaviour = value();
      if (!isBehaviour(behaviour)) throw new UsageError(`--behaviour must be A, B or C, got ${JSON.stringify(behaviour)}`);
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
