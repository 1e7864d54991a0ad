import type { ParseRuby } from "./prism";
import { is, type Node, type NodeOf, statementsOf } from "./prismNodes";
import { constantName, literalReader } from "./routesRb";
import { rubyLiteral, RubySymbol, type RubyValue, Unknown } from "./rubyValues";

/*
 * What an application says that decides the routes Devise's `devise_for` draws, read statically
 * from its files: each model's `devise :database_authenticatable, …` (its modules, in app/models)
 * and the settings of config/initializers' `Devise.setup do |config| … end`. Nothing is run.
 */

interface DeviseModel {
  /** The modules its `devise` call names, as written; undefined where one is not a plain symbol. */
  readonly modules: readonly string[] | undefined;
  /** The call's options (`omniauth_providers: [:github]`, `unlock_strategy: :time`), each a literal or unknown. */
  readonly options: ReadonlyMap<string, RubyValue | Unknown>;
}

export interface DeviseSettings {
  /** By the model's class name (`User`, `Admin::Editor`). */
  readonly models: ReadonlyMap<string, DeviseModel>;
  /** `config.sign_out_via = :get` and the like, by setting; each a literal or unknown. */
  readonly config: ReadonlyMap<string, RubyValue | Unknown>;
  /** The providers `config.omniauth :github, …` names, in order; undefined where one is named under a condition or not by a literal. */
  readonly omniauthProviders: readonly string[] | undefined;
}

/** DeviseSettings as data any process takes (for Ruby: each value in its literal syntax; one that is unknown left out). */
export interface DeviseSettingsText {
  models: Array<{ name: string; modules: string[]; options: Array<[key: string, literal: string]> }>;
  config: Array<[key: string, literal: string]>;
  omniauthProviders: string[] | undefined;
}

export function deviseSettingsText(settings: DeviseSettings): DeviseSettingsText {
  const literals = (map: ReadonlyMap<string, RubyValue | Unknown>) => [...map].flatMap(([key, value]): Array<[string, string]> => literalOf(key, value));
  return {
    models: [...settings.models].flatMap(([name, { modules, options }]) => (modules ? [{ name, modules: [...modules], options: literals(options) }] : [])),
    config: literals(settings.config),
    omniauthProviders: settings.omniauthProviders && [...settings.omniauthProviders],
  };
}

/** A setting in Ruby's literal syntax; none for a value that has none (unknown, an unset constant in it, code). */
function literalOf(key: string, value: RubyValue | Unknown): Array<[string, string]> {
  if (value instanceof Unknown) return [];
  try {
    return [[key, rubyLiteral(value)]];
  } catch {
    return [];
  }
}

/** How deep classes and modules may nest before the reading stops looking. */
const MAX_NESTING = 8;

/** What one application file says for Devise: a model file its models, an initializer its settings. */
export interface FileDevise {
  readonly models: ReadonlyMap<string, DeviseModel>;
  readonly config: ReadonlyMap<string, RubyValue | Unknown>;
  readonly omniauthProviders: ReadonlyArray<string | Unknown>;
}

/**
 * The Devise settings of an application's files (app/models and config/initializers among them);
 * none where no model calls `devise`. `memo` keeps each file's for its text, so that a reader asked
 * again (the language server, at each edit of a routes.rb) parses only the files that changed.
 */
export function deviseSettings(
  parse: ParseRuby,
  files: ReadonlyArray<{ file: string; text: string }>,
  memo?: Map<string, { text: string; read: FileDevise }>,
): DeviseSettings | undefined {
  const models = new Map<string, DeviseModel>();
  const config = new Map<string, RubyValue | Unknown>();
  const omniauthProviders: Array<string | Unknown> = [];
  for (const { file, text } of files) {
    if (!file.startsWith("app/models/") && !file.startsWith("config/initializers/")) continue;
    const kept = memo?.get(file);
    const read = kept && kept.text === text ? kept.read : fileDevise(parse, file, text);
    memo?.set(file, { text, read });
    for (const [name, model] of read.models) models.set(name, model);
    for (const [key, value] of read.config) config.set(key, value);
    omniauthProviders.push(...read.omniauthProviders);
  }
  if (memo) {
    const current = new Set(files.map((f) => f.file));
    for (const file of [...memo.keys()]) if (!current.has(file)) memo.delete(file);
  }
  const known = omniauthProviders.every((provider): provider is string => typeof provider === "string");
  return models.size ? { models, config, omniauthProviders: known ? omniauthProviders : undefined } : undefined;
}

/** One model file's or initializer's Devise facts; none for a file with syntax errors. */
function fileDevise(parse: ParseRuby, file: string, text: string): FileDevise {
  const read = { models: new Map<string, DeviseModel>(), config: new Map<string, RubyValue | Unknown>(), omniauthProviders: [] as Array<string | Unknown> };
  const result = parse(text);
  if (result.errors.length) return read;
  const literal = literalReader(text);
  if (file.startsWith("app/models/")) readModels(result.value.statements.body, "", 0, literal, read.models);
  else readSetup(result.value.statements.body, literal, read.config, read.omniauthProviders);
  return read;
}

function readModels(
  statements: readonly Node[],
  prefix: string,
  depth: number,
  literal: (node: Node) => RubyValue | Unknown,
  models: Map<string, DeviseModel>,
): void {
  for (const statement of statements) {
    if (!is(statement, "ClassNode", "ModuleNode") || depth >= MAX_NESTING) continue;
    const name = `${prefix}${constantName(statement.constantPath)}`;
    const body = statementsOf(statement.body);
    // Devise adds each `devise` call's modules and options to the model's.
    const calls = body
      .filter((node): node is NodeOf<"CallNode"> => is(node, "CallNode") && node.name === "devise" && !node.receiver)
      .map((call) => deviseCall(call, literal));
    if (is(statement, "ClassNode") && calls.length)
      models.set(name, {
        modules: calls.every((call) => call.modules) ? calls.flatMap((call) => call.modules!) : undefined,
        options: new Map(calls.flatMap((call) => [...call.options])),
      });
    readModels(body, `${name}::`, depth + 1, literal, models);
  }
}

/** A model's `devise :a, :b, option: value`. */
function deviseCall(call: NodeOf<"CallNode">, literal: (node: Node) => RubyValue | Unknown): DeviseModel {
  const modules: string[] = [];
  const options = new Map<string, RubyValue | Unknown>();
  let known = true;
  for (const argument of call.arguments_?.arguments_ ?? []) {
    if (is(argument, "SymbolNode")) modules.push(argument.unescaped.value);
    else if (is(argument, "KeywordHashNode"))
      for (const element of argument.elements) {
        if (is(element, "AssocNode") && is(element.key, "SymbolNode")) options.set(element.key.unescaped.value, literal(element.value));
      }
    else known = false;
  }
  return { modules: known ? modules : undefined, options };
}

/**
 * `Devise.setup do |config| … end`: its `config.name = value` and `config.omniauth :provider, …`.
 * One made under a condition (`if ENV["GITHUB_KEY"]`) is unknown: only the running application knows.
 */
function readSetup(
  statements: readonly Node[],
  literal: (node: Node) => RubyValue | Unknown,
  config: Map<string, RubyValue | Unknown>,
  providers: Array<string | Unknown>,
): void {
  for (const statement of statements) {
    if (!is(statement, "CallNode") || statement.name !== "setup" || !is(statement.receiver, "ConstantReadNode") || statement.receiver.name !== "Devise")
      continue;
    const block = statement.block;
    if (!is(block, "BlockNode")) continue;
    const variable = is(block.parameters, "BlockParametersNode") ? block.parameters.parameters?.requireds[0] : undefined;
    const name = is(variable, "RequiredParameterNode") ? variable.name : undefined;
    for (const node of statementsOf(block.body)) {
      if (!isConfigCall(node, name)) {
        // A setting made under a condition or in a loop: known only to the running application.
        for (const call of configCalls(node, name, 0)) {
          if (call.name === "omniauth") providers.push(new Unknown("a provider named under a condition"));
          else if (call.name.endsWith("=")) config.set(call.name.slice(0, -1), new Unknown("a setting made under a condition"));
        }
        continue;
      }
      const [first] = node.arguments_?.arguments_ ?? [];
      if (node.name === "omniauth") {
        const provider = first ? literal(first) : new Unknown("no provider");
        providers.push(provider instanceof RubySymbol ? provider.name : typeof provider === "string" ? provider : new Unknown("a provider that is no name"));
      } else if (node.name.endsWith("=") && first) config.set(node.name.slice(0, -1), literal(first));
    }
  }
}

function isConfigCall(node: Node, config: string | undefined): node is NodeOf<"CallNode"> {
  return is(node, "CallNode") && is(node.receiver, "LocalVariableReadNode") && node.receiver.name === config;
}

/** The calls on `config` anywhere inside a statement (the branches of an `if`, a loop's body), as deep as the reading looks. */
function configCalls(node: Node, config: string | undefined, depth: number): Array<NodeOf<"CallNode">> {
  if (isConfigCall(node, config)) return [node];
  if (depth >= MAX_NESTING * 4) return [];
  return (node as { compactChildNodes(): Node[] }).compactChildNodes().flatMap((child) => configCalls(child, config, depth + 1));
}
