import type { Span } from "resource-routes/internal";
import { parentPort } from "worker_threads";

import { isApiOnly } from "./applicationSettings";
import { type BesideRoutes, besideRoutes } from "./besideRoutes";
import { deviseSettings, type FileDevise } from "./deviseSettings";
import { type ParseRuby, rubyParser } from "./prism";
import { is, type Node, statementsOf } from "./prismNodes";
import { applicationConstants, type FileConstants, ImportError, type ReadOptions, readRoutesRb } from "./routesRb";
import { type RubyController, rubyControllers } from "./rubyControllers";

/*
 * The Ruby side of an import, in a worker thread of its own: Prism (WebAssembly) ends the process
 * on some hostile files (nesting past its stack) and loops on others, so it never runs in the
 * command's or the language server's own thread, which wait a bounded time (see
 * rubyWorker.ts, their one client). It reads each request it is sent, one after another.
 */

/** A routes.rb to import, with what the application says of it. */
export interface WorkerInput {
  routes: string;
  environment?: string;
  /** A vendored Rails' vendor/rails/actionpack/lib/action_pack/version.rb, where the application has one. */
  actionPackVersion?: string;
  /** The application's Ruby files whose constants the routes.rb may use (initializers, models, lib), by their path in it. */
  application?: Array<{ file: string; text: string }>;
  /**
   * The routes.rb's path, where the worker reads itself what is beside it (besideRoutes.ts: the
   * language server, whose own thread never waits on them) rather than being given it.
   */
  routesFile?: string;
  options: ReadOptions;
}

/** An application's Ruby controllers, whose actions are asked. */
export interface ControllersInput {
  controllers: Array<{ file: string; text: string }>;
}

export type ControllersOutput = { controllers: RubyController[] } | { error: string };

export type WorkerOutput =
  | { imported: ReturnType<typeof readRoutesRb>; railsGemVersion?: string; vendoredRails?: string; hasEnvironment: boolean }
  | { error: string; importError: boolean; line?: number; span?: Span };

/** Each application file's constants, for its text: kept while the worker lives. */
const readConstants = new Map<string, { text: string; env: string; constants: FileConstants }>();
/** Each model's and initializer's Devise facts, for its text: kept while the worker lives. */
const readDevise = new Map<string, { text: string; read: FileDevise }>();

async function run(given: WorkerInput): Promise<WorkerOutput> {
  try {
    const parse = await rubyParser();
    const input = given.routesFile === undefined ? given : withBeside(given, besideRoutes(given.routesFile));
    const files = input.application ?? [];
    const application = files.length ? applicationConstants(parse, files, input.options.env, readConstants) : undefined;
    const devise = files.length ? deviseSettings(parse, files, readDevise) : undefined;
    const imported = readRoutesRb(parse, input.routes, { ...input.options, ...(application ? { application } : {}), ...(devise ? { devise } : {}) });
    if (imported.modern && isApiOnly(parse, files)) imported.apiOnly = true;
    const hasEnvironment = input.environment !== undefined;
    return {
      imported,
      railsGemVersion: hasEnvironment ? railsGemVersion(parse, input.environment!) : undefined,
      vendoredRails: input.actionPackVersion === undefined ? undefined : vendoredVersion(parse, input.actionPackVersion),
      hasEnvironment,
    };
  } catch (error) {
    if (error instanceof ImportError) return { error: error.message, importError: true, line: error.line, span: error.span };
    // The parser's own stack (a file nested thousands deep) or anything else the reader meets: the file's answer, never an internal error.
    const why = error instanceof RangeError ? "nested too deeply for it" : (error as Error).message;
    return { error: `the Ruby parser failed on this file (${why}): nothing is imported`, importError: true };
  }
}

function withBeside(input: WorkerInput, { environment, actionPackVersion, drawnFiles, application }: BesideRoutes): WorkerInput {
  return { ...input, environment, actionPackVersion, application, options: { ...input.options, drawnFiles } };
}

/** `RAILS_GEM_VERSION = '2.3.2' unless defined? RAILS_GEM_VERSION`: a top-level statement of environment.rb. */
function railsGemVersion(parse: ParseRuby, source: string): string | undefined {
  for (let statement of parse(source).value.statements.body) {
    // `X = '…' unless defined? X` is an UnlessNode around the write.
    if (is(statement, "UnlessNode", "IfNode")) statement = statement.statements?.body[0] ?? statement;
    if (is(statement, "ConstantWriteNode") && statement.name === "RAILS_GEM_VERSION" && is(statement.value, "StringNode"))
      return statement.value.unescaped.value;
  }
  return undefined;
}

/** `module ActionPack; module VERSION; MAJOR = 2; MINOR = 3; TINY = 14`: the version a vendored Rails says, `2.3.14`. */
function vendoredVersion(parse: ParseRuby, source: string): string | undefined {
  const numbers = new Map<string, number>();
  // The constants of the file's modules, at most a few levels in (the file is a dozen lines).
  const visit = (statements: readonly Node[], depth: number): void => {
    for (const node of statements) {
      if (is(node, "ConstantWriteNode") && is(node.value, "IntegerNode")) numbers.set(node.name, Number(node.value.value));
      else if (is(node, "ModuleNode", "ClassNode") && depth < 8) visit(statementsOf(node.body), depth + 1);
    }
  };
  visit(parse(source).value.statements.body, 0);
  const [major, minor, tiny] = ["MAJOR", "MINOR", "TINY"].map((name) => numbers.get(name));
  return major === undefined || minor === undefined ? undefined : `${major}.${minor}${tiny === undefined ? "" : `.${tiny}`}`;
}

async function controllers(input: ControllersInput): Promise<ControllersOutput> {
  try {
    return { controllers: rubyControllers(await rubyParser(), input.controllers) };
  } catch (error) {
    return { error: `the Ruby parser failed on the controllers (${(error as Error).message})` };
  }
}

/** A request to the worker: an input, and the number its answer carries back. */
export interface WorkerRequest {
  id: number;
  input: WorkerInput | ControllersInput;
}

parentPort?.on(
  "message",
  ({ id, input }: WorkerRequest) => void ("controllers" in input ? controllers(input) : run(input)).then((output) => parentPort!.postMessage({ id, output })),
);
