import * as path from "path";
import * as ts from "typescript";

import { jsonSchemaType } from "./jsonSchemaType";
import { TypePrinter } from "./typePrinter";

/** What the types generator reads of one `controller#action` from its module: TypeScript type texts. */
export interface ActionTypes {
  /** Its params schema's output (what the action reads) and input (what a client sends); none without a schema. */
  params?: { output: string; input: string };
  /** What it answers: the JSON of a returned value's type, `string` for text, `unknown` for a Response, bytes or nothing. */
  answer: string;
}

/**
 * The types of each action the routes reach, read from its controller module with TypeScript's
 * checker (the project's tsconfig.json where there is one), never running it: its params schema
 * (a Standard Schema's output and input types; a JSON Schema written as an object, by the mapping of
 * jsonSchemaType) and what it returns. `modules` maps each controller to its module file; `actions`
 * lists the `controller#action` keys wanted.
 */
export function readControllerTypes(modules: ReadonlyMap<string, string>, actions: Iterable<string>, typesFile?: TypesFile): Map<string, ActionTypes> {
  const files = [...new Set(modules.values())];
  const wanted = [...actions];
  if (!files.length) return new Map();
  const options = compilerOptions(path.dirname(files[0]));
  if (!typesFile) return readOnce(files, options, modules, wanted, true).read;
  // Twice where the controllers type their context from the declaration file: first the schemas
  // (which it does not shape), then what the actions return, with the params the schemas give.
  const first = readOnce(files, options, modules, wanted, false, { path: typesFile.path, text: typesFile.text(new Map()) });
  return readOnce(files, options, modules, wanted, true, { path: typesFile.path, text: typesFile.text(first.read) }, first.program).read;
}

/** The declaration file the controllers import their ActionContext from, as it will be written with what is read. */
export interface TypesFile {
  path: string;
  text(read: ReadonlyMap<string, ActionTypes>): string;
}

function readOnce(
  files: string[],
  options: ts.CompilerOptions,
  modules: ReadonlyMap<string, string>,
  actions: readonly string[],
  /** Whether to read what the actions return (the first of two readings needs only the schemas). */
  answers: boolean,
  /** The declaration file as it will be written, in place of the disk's. */
  typesFile?: { path: string; text: string },
  oldProgram?: ts.Program,
): { read: Map<string, ActionTypes>; program: ts.Program } {
  const host = ts.createCompilerHost(options);
  if (typesFile) {
    const typesText = typesFile.text;
    const target = path.resolve(typesFile.path);
    const getSourceFile = host.getSourceFile;
    host.fileExists = (
      (exists) => (file: string) =>
        path.resolve(file) === target || exists(file)
    )(host.fileExists);
    host.readFile = ((read) => (file: string) => (path.resolve(file) === target ? typesText : read(file)))(host.readFile);
    host.getSourceFile = (file, language, onError, create) =>
      path.resolve(file) === target ? ts.createSourceFile(file, typesText, language, true) : getSourceFile.call(host, file, language, onError, create);
  }
  const program = ts.createProgram({ rootNames: files, options, host, oldProgram });
  const checker = program.getTypeChecker();
  const read = new Map<string, ActionTypes>();
  const exportsOf = new Map<string, ModuleExports | undefined>();
  for (const key of actions) {
    const hash = key.lastIndexOf("#");
    const file = modules.get(key.slice(0, hash));
    if (file === undefined) continue;
    if (!exportsOf.has(file)) exportsOf.set(file, moduleExports(program, checker, file));
    const exported = exportsOf.get(file);
    const types = exported && actionTypes(checker, exported, key.slice(hash + 1), answers);
    if (types) read.set(key, types);
  }
  return { read, program };
}

/** The project's compiler options (the tsconfig.json above the controllers), never emitting; sensible ones where there is none. */
function compilerOptions(folder: string): ts.CompilerOptions {
  const fallback: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: true,
  };
  const configFile = ts.findConfigFile(folder, ts.sys.fileExists);
  let options = fallback;
  if (configFile) {
    const { config, error } = ts.readConfigFile(configFile, ts.sys.readFile);
    if (!error) options = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile)).options;
  }
  return { ...options, noEmit: true, skipLibCheck: true, allowJs: true };
}

/** A controller module's members as the adapters find them: its named exports, then its default export's (a class's static ones and its methods). */
interface ModuleExports {
  named: Map<string, ts.Symbol>;
  /** The default export's type (an object, or a class's static side) and, for a class, its instance type. */
  defaultType?: ts.Type;
  instanceType?: ts.Type;
}

function moduleExports(program: ts.Program, checker: ts.TypeChecker, file: string): ModuleExports | undefined {
  const source = program.getSourceFile(file);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) return undefined;
  const named = new Map(checker.getExportsOfModule(symbol).map((member) => [member.name, member]));
  const fallback = named.get("default");
  if (!fallback) return { named };
  const target = fallback.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(fallback) : fallback;
  const defaultType = checker.getTypeOfSymbol(target);
  const instanceType = target.flags & ts.SymbolFlags.Class ? checker.getDeclaredTypeOfSymbol(target) : undefined;
  return { named, defaultType, instanceType };
}

function actionTypes(checker: ts.TypeChecker, exported: ModuleExports, action: string, answers: boolean): ActionTypes | undefined {
  const printer = new TypePrinter(checker);
  const run = actionFunctionType(checker, exported, action);
  if (!run) return undefined;
  const answer = answers ? answerType(checker, printer, run) : "unknown";
  const schema = paramsSchema(checker, exported, action);
  return schema ? { params: schema(printer), answer } : { answer };
}

/** The action's function type: the named export, else the default export's method (a class instance's, or an object's). */
function actionFunctionType(checker: ts.TypeChecker, exported: ModuleExports, action: string): ts.Type | undefined {
  const own = exported.named.get(action);
  if (own && action !== "default") return checker.getTypeOfSymbol(own.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(own) : own);
  const holder = exported.instanceType ?? exported.defaultType;
  const member = holder && holder.getProperty(action);
  return member && checker.getTypeOfSymbol(member);
}

/** What the adapters make of the action's return value, as the type a client reads. */
function answerType(checker: ts.TypeChecker, printer: TypePrinter, run: ts.Type): string {
  const signature = run.getCallSignatures()[0];
  if (!signature) return "unknown";
  const returned = checker.getAwaitedType(signature.getReturnType()) ?? signature.getReturnType();
  const parts = (returned.isUnion() ? returned.types : [returned]).filter((part) => !(part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
  // Nothing returned: respond() or redirect() set the answer, whose body no type tells.
  if (!parts.length || parts.some((part) => part.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown))) return "unknown";
  if (parts.every((part) => part.flags & ts.TypeFlags.StringLike)) return "string";
  // A Response or bytes go out as they are; text and JSON mixed cannot be told apart by type.
  if (parts.some((part) => part.flags & ts.TypeFlags.StringLike || isNamed(part, "Response") || isNamed(part, "Uint8Array"))) return "unknown";
  return printer.json(returned.isUnion() ? parts : [returned]);
}

function isNamed(type: ts.Type, name: string): boolean {
  return type.getSymbol()?.getName() === name;
}

/** The action's params schema, as the printer's types of its output and input: a Standard Schema's, or a JSON Schema object's. */
function paramsSchema(
  checker: ts.TypeChecker,
  exported: ModuleExports,
  action: string,
): ((printer: TypePrinter) => { output: string; input: string }) | undefined {
  const schemas = schemasDeclaration(checker, exported);
  if (!schemas) return undefined;
  const entry = schemas.type.getProperty(action);
  if (!entry) return undefined;
  const params = checker.getTypeOfSymbol(entry).getProperty("params");
  if (!params) return undefined;
  const paramsType = checker.getTypeOfSymbol(params);
  const standard = paramsType.getProperty("~standard");
  if (standard) {
    const types = checker.getTypeOfSymbol(standard).getProperty("types");
    const known = types && checker.getNonNullableType(checker.getTypeOfSymbol(types));
    const side = (name: string) => {
      const member = known?.getProperty(name);
      return member ? checker.getTypeOfSymbol(member) : undefined;
    };
    return (printer) => ({ output: printer.value(side("output")), input: printer.value(side("input")) });
  }
  // A JSON Schema is data: its keywords are read from the object written, whatever type it was given.
  const written = literalOf(checker, params.valueDeclaration);
  if (!written) return undefined;
  const type = jsonSchemaType(written);
  return () => ({ output: type, input: type });
}

/** The schemas a module declares, typed by what was written (not by a `Schemas` annotation, which would forget the schemas' own types). */
function schemasDeclaration(checker: ts.TypeChecker, exported: ModuleExports): { type: ts.Type } | undefined {
  const own = exported.named.get("schemas");
  const symbol = own ? (own.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(own) : own) : (exported.defaultType?.getProperty("schemas") ?? undefined);
  if (!symbol) return undefined;
  const declaration = symbol.valueDeclaration;
  const initializer =
    declaration && (ts.isVariableDeclaration(declaration) || ts.isPropertyDeclaration(declaration) || ts.isPropertyAssignment(declaration))
      ? declaration.initializer
      : undefined;
  return { type: initializer ? checker.getTypeAtLocation(unwrapped(initializer)) : checker.getTypeOfSymbol(symbol) };
}

/** The object literal a declaration's value is written as (through one `const` it names), or undefined. */
function literalOf(checker: ts.TypeChecker, declaration: ts.Declaration | undefined): ts.ObjectLiteralExpression | undefined {
  let value = declaration && ts.isPropertyAssignment(declaration) ? unwrapped(declaration.initializer) : undefined;
  if (value && ts.isIdentifier(value)) {
    const named = checker.getSymbolAtLocation(value)?.valueDeclaration;
    value = named && ts.isVariableDeclaration(named) && named.initializer ? unwrapped(named.initializer) : undefined;
  }
  return value && ts.isObjectLiteralExpression(value) ? value : undefined;
}

/** An expression without the `as const`, `satisfies` and parentheses around it. */
function unwrapped(expression: ts.Expression): ts.Expression {
  let e = expression;
  while (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
  return e;
}
