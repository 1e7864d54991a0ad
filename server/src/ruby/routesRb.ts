import { camelize, DECLARATION_KINDS, Inflector, SCOPED_DECLARATION_KINDS, type Span, underscore } from "resource-routes/internal";

import { isBindingName } from "../text/javascriptNames";
import { ByteOffsets } from "./byteOffsets";
import { type DeviseCall, deviseRoutes } from "./deviseRoutes";
import { type DeviseSettings, type DeviseSettingsText, deviseSettingsText } from "./deviseSettings";
import type { ParseRuby } from "./prism";
import { is, type Location, type Node, type NodeOf, statementsOf } from "./prismNodes";
import { innerScope, type RoutingScope, TOP_SCOPE } from "./routingScope";
import {
  interpolated,
  RubyCode,
  RubyHash,
  RubyRedirect,
  RubyRegexp,
  RubySymbol,
  RubyTemplate,
  RubyUnset,
  RubyValue,
  textOf,
  Unknown,
  unsetIn,
} from "./rubyValues";

/*
 * Reads a Rails 2 routes.rb through Prism's syntax tree into the mapper calls it makes, evaluating
 * what is static Ruby (literals, the file's constants and local variables, interpolation of those,
 * loops over literal lists, methods of the file called with the mapper (default arguments, the
 * block they yield to), `Hash#merge` and the String methods names use (`pluralize`, `camelize`…),
 * environment checks decided by the given environment) and keeping everything else, unread, with its reason.
 * Nothing of the file is run.
 */

/** A mapper call the file makes, with its values and the calls of its block. */
export interface ImportedCall {
  kind: "call";
  /** The mapper it is made on (the block variable's name: `map`, `post`, …). */
  receiver: string;
  method: string;
  args: RubyValue[];
  block?: { variable: string; body: ImportedStatement[] };
  line: number;
  /** Where it is written (UTF-16 offsets): the call, its method's name, its names and its options' keys and values. */
  source: CallSource;
}

interface CallSource {
  call: Span;
  method: Span;
  /** Each argument that is a name (a string or a symbol), in order. */
  names: Span[];
  /** Each option written in a hash of the call, by key path (`member`, `member.mark`, `has_many.0`), with its key and value. */
  options: Array<[path: string, key: Span, value: Span]>;
}

/** A part of the file that could not be read statically: kept as a comment, and reported. */
interface Unread {
  kind: "unread";
  reason: string;
  text: string;
  line: number;
  span: Span;
}

export type ImportedStatement = ImportedCall | Unread | { kind: "comment"; text: string } | { kind: "blank" } | { kind: "note"; text: string };

export interface ImportedRoutes {
  /** The comments above the draw call. */
  preamble: string[];
  /** The application's constants the file used, with their values and where they came from. */
  fromApplication?: Array<{ name: string; value: RubyValue; from: string }>;
  /** The constants nothing gave a value (see RubyUnset), in the order first used: the written file declares a placeholder for each. */
  unset?: RubyUnset[];
  body: ImportedStatement[];
  /** Every part left unread, in file order. */
  unread: Unread[];
  /** The parser's errors, where the file was read despite them (`ReadOptions.despiteSyntaxErrors`). */
  syntaxErrors: SyntaxProblem[];
  /**
   * A plugin's or an engine's routes (a method that takes the mapper, or bare `map.` calls): the
   * name of the function of the mapper they are written as, which the application's routing file calls.
   */
  mapperFunction?: string;
  /** Modern Rails' routes (`Rails.application.routes.draw do … end`, the DSL of Rails 3 and later): behaviour C's calls, on the mapper `r`. */
  modern?: true;
  /** An API application's (config/application.rb's `config.api_only = true`): its resources draw no new and edit routes (the draw() setting api_only). */
  apiOnly?: true;
  /** Modern Rails' `default_url_options host: "example.com"` in the draw block: the route set's URL options (the draw() setting default_url_options). */
  defaultUrlOptions?: Record<string, string | number | boolean>;
  /** Modern Rails' `resources_path_names new: "nuevo"` first in the draw block: the draw() setting resources_path_names. */
  resourcesPathNames?: Record<string, string>;
  /** The `devise_for` calls drawn: their lines, and the Devise settings they were drawn from (for `import --rails`, which has Devise draw them). */
  devise?: { lines: number[]; settings: DeviseSettingsText };
}

interface SyntaxProblem {
  message: string;
  line: number;
  span: Span;
}

/** A syntax error, or a file that draws no routes: nothing is imported. */
export class ImportError extends Error {
  constructor(
    message: string,
    /** Where in the file, when the error has a place. */
    readonly line?: number,
    readonly span?: Span,
  ) {
    super(message);
  }
}

export interface ReadOptions {
  /** What `Rails.env` and `RAILS_ENV` are (default production). */
  env: string;
  /** Constants the file uses but does not define (`--const NAME=VALUE`): Ruby literal syntax (`:posts`, `%w[a b]`), or plain text. */
  constants: ReadonlyMap<string, RubyValue | string>;
  /** The application's own constants, read statically from its files (`User::USERNAME_FORMAT`), each with the file it came from. */
  application?: ReadonlyMap<string, { value: RubyValue; from: string }>;
  /**
   * Read what Prism recovered of a file with syntax errors (an editor's half-typed file), rather
   * than refusing it (an import, which never writes what it could only partly read).
   */
  despiteSyntaxErrors?: boolean;
  /** The files a modern routes.rb may `draw`, by name (`admin` for config/routes/admin.rb). */
  drawnFiles?: ReadonlyMap<string, string>;
  /** What the application's models and Devise initializer say, for `devise_for` (deviseSettings.ts). */
  devise?: DeviseSettings;
}

/** The mapper's own methods (`map.named_route 'about', 'about', …` among them), which the DSL writes by the same names; any other is a named route. */
export const MAPPER_METHODS: ReadonlySet<string> = new Set(DECLARATION_KINDS);

/** The methods of modern Rails' mapper, which behaviour C's writes by the same names. */
const MODERN_METHODS: ReadonlySet<string> = new Set(SCOPED_DECLARATION_KINDS);

/** The mapper's methods of a file's era. */
export function mapperMethodsOf(imported: Pick<ImportedRoutes, "modern">): ReadonlySet<string> {
  return imported.modern ? MODERN_METHODS : MAPPER_METHODS;
}

/** What modern Rails' routes call that only an engine's, a gem's or the application's code knows. */
const MODERN_OTHERS: Readonly<Record<string, string>> = {
  draw: "draw, which loads another routes file",
  use_doorkeeper: "use_doorkeeper, Doorkeeper's routes",
};

/** The calls of a modern routes.rb that only a gem's or an engine's code draws: `import --rails` has Rails draw nothing for them either. */
export const MODERN_GEM_METHODS: readonly string[] = ["devise_for", ...Object.keys(MODERN_OTHERS).filter((method) => method !== "draw")];

/**
 * Devise's blocks of routes: each draws its block's routes under a constraint of Devise's code (a
 * lambda that asks Warden, or that sets Devise's mapping on the request and says yes), so they are
 * read as `r.constraints(code, () => { … })`, the code the application's to write in TypeScript.
 */
export const DEVISE_SCOPES: ReadonlySet<string> = new Set(["devise_scope", "as", "authenticate", "authenticated", "unauthenticated"]);

/** Route methods that plugins and gems added to Rails 2's mapper: what they draw only their code knows. */
export const PLUGIN_METHODS: ReadonlySet<string> = new Set([
  "from_plugin",
  "filter",
  "devise_for",
  "localized",
  "translate_from_file",
  "routes_from_plugin",
  "jammit",
  "clearance_routes",
]);

/** Bounds on the work, whatever the file: nesting, and the calls loops and methods unroll into. */
const MAX_DEPTH = 64;
const MAX_CALLS = 100_000;
/**
 * The statements and values one file may make the reader evaluate: a method that calls itself
 * twice, or loops over lists of lists, multiply their work, and a real routes.rb takes thousands.
 */
const MAX_STEPS = 500_000;
/** The largest value built, in elements and characters as it would be written out (a list holding one list ten times counts it ten times). */
const MAX_VALUE_SIZE = 100_000;

/** What holds statements: a block, a method, a class, or the file itself for a plugin's bare calls. */
interface Owner {
  location: Location;
  body: Node | null;
}

interface Scope {
  locals: Map<string, RubyValue | Unknown>;
  /** Local names that hold a mapper, with the name written in the output for it. */
  mappers: Map<string, string>;
  /** Modern routes: the mapper's scope where the statement stands (routingScope.ts); undefined where not followed. */
  routing?: RoutingScope;
}

export function readRoutesRb(parse: ParseRuby, source: string, options: ReadOptions): ImportedRoutes {
  const result = parse(source);
  const bytes = Buffer.from(source, "utf8");
  const offsets = new ByteOffsets(bytes);
  const syntaxErrors = result.errors.map(({ message, location }) => ({
    message: `syntax error: ${message}`,
    line: offsets.line(location.startOffset),
    span: offsets.span(location),
  }));
  const first = syntaxErrors[0];
  if (first && !options.despiteSyntaxErrors) throw new ImportError(first.message, first.line, first.span);
  const comments = result.comments;
  const constants = new Map([...options.constants].map(([name, value]) => [name, constantValue(parse, value)] as const));
  return { ...new Reader(bytes, offsets, comments, { ...options, constants }, parse).program(result.value), syntaxErrors };
}

/** How deep in modules and classes an application file's constants are read. */
const MAX_NESTING = 4;

/** The constants one application file defines, by full name, as applicationConstants reads them. */
export type FileConstants = ReadonlyMap<string, RubyValue>;

/**
 * The constants an application's Ruby files define (`API_VERSION = "v2"` in an initializer,
 * `USERNAME_FORMAT = /[a-z]+/` in `class User`), by their full name (`User::USERNAME_FORMAT`), each
 * with the file it came from: those whose value is a literal, evaluated as the routes.rb's own, the
 * first file's where two define one. Nothing of the files is run. `memo` keeps each file's for its
 * text, so that a reader asked again (the language server, at each edit of a routes.rb) parses only
 * the files that changed.
 */
export function applicationConstants(
  parse: ParseRuby,
  files: ReadonlyArray<{ file: string; text: string }>,
  env: string,
  memo?: Map<string, { text: string; env: string; constants: FileConstants }>,
): Map<string, { value: RubyValue; from: string }> {
  const found = new Map<string, { value: RubyValue; from: string }>();
  for (const { file, text } of files) {
    const kept = memo?.get(file);
    const constants = kept && kept.text === text && kept.env === env ? kept.constants : fileConstants(parse, text, env);
    memo?.set(file, { text, env, constants });
    for (const [name, value] of constants) if (!found.has(name)) found.set(name, { value, from: file });
  }
  if (memo) {
    const current = new Set(files.map((f) => f.file));
    for (const file of [...memo.keys()]) if (!current.has(file)) memo.delete(file);
  }
  return found;
}

function fileConstants(parse: ParseRuby, text: string, env: string): FileConstants {
  const found = new Map<string, RubyValue>();
  const result = parse(text);
  if (result.errors.length) return found;
  const reader = standaloneReader(text, env);
  const visit = (statements: Node[], prefix: string, depth: number) => {
    // A module's constants name each other bare (`ROUTE = /#{ALLOWED}/`): known so within it, in order.
    const own: string[] = [];
    for (const statement of statements) {
      if (is(statement, "ConstantWriteNode")) {
        const value = reader.literal(statement.value);
        const name = `${prefix}${statement.name}`;
        if (value instanceof Unknown) continue;
        if (!found.has(name)) found.set(name, value);
        reader.define(statement.name, value);
        own.push(statement.name);
      } else if (is(statement, "ClassNode", "ModuleNode") && depth < MAX_NESTING) {
        visit(statementsOf(statement.body), `${prefix}${reader.text(statement.constantPath)}::`, depth + 1);
      }
    }
    for (const name of own) reader.forget(name);
  };
  visit(result.value.statements.body, "", 0);
  return found;
}

/**
 * A constant given on the command line (`--const NAME=VALUE`) in Ruby's literal syntax (`:posts`,
 * `%w[a b]`, `{ :id => /\d+/ }`, `nil`), evaluated as the file's own values are; a VALUE that is
 * no literal is the text itself (`--const SECTIONS=sections`).
 */
function constantValue(parse: ParseRuby, value: RubyValue | string): RubyValue {
  if (typeof value !== "string") return value;
  const result = parse(value);
  const statements = result.value.statements.body;
  if (result.errors.length || statements.length !== 1) return value;
  const read = standaloneReader(value, "production").literal(statements[0]);
  return read instanceof Unknown ? value : read;
}

/** The literal values of one Ruby text's nodes (an application's file), with no routes.rb around them. */
export function literalReader(text: string): (node: Node) => RubyValue | Unknown {
  const reader = standaloneReader(text, "production");
  return (node) => reader.literal(node);
}

/** A reader of one Ruby text's literals, with no routes.rb around them (an application's file, a value on the command line). */
function standaloneReader(text: string, env: string): Reader {
  const bytes = Buffer.from(text, "utf8");
  return new Reader(bytes, new ByteOffsets(bytes), [], { env, constants: new Map() });
}

class Reader {
  private readonly constants = new Map<string, RubyValue | Unknown>();
  private readonly methods = new Map<string, NodeOf<"DefNode">>();
  private readonly unread: Unread[] = [];
  private depth = 0;
  private calls = 0;
  private steps = 0;
  private spentSaid = false;
  /** The file draws modern Rails' routes: calls without a receiver are the mapper's. */
  private modern = false;
  /** Modern Rails' `default_url_options` in the draw block, the last given. */
  private urlOptions: Record<string, string | number | boolean> | undefined;
  /** Modern Rails' `resources_path_names` at the head of the draw block. */
  private pathNames: Record<string, string> | undefined;
  /** The draw block's own statements (modern Rails). */
  private drawStatements: ReadonlySet<Node> = new Set();
  /** The lines of the devise_for calls drawn. */
  private readonly deviseLines: number[] = [];
  /** The file's methods being read into the output, innermost last. */
  private readonly inlining = new Set<Node>();
  /** The methods of the file being read, innermost last, each with the block its call was given (if any) and the caller's scope. */
  private readonly blocks: Array<{ block: NodeOf<"BlockNode"> | undefined; scope: Scope }> = [];
  /** Each list's, hash's and string's size written out, counted once however often it is shared. */
  private readonly sizes = new WeakMap<object, number>();
  /** Comments not yet written, in file order. */
  private comments: Array<{ start: number; end: number; text: string }>;

  constructor(
    private bytes: Buffer,
    private offsets: ByteOffsets,
    comments: ReadonlyArray<{ location: Location }>,
    private readonly options: ReadOptions,
    /** Ruby's parser, for the files a modern routes.rb draws. */
    private readonly parse?: ParseRuby,
  ) {
    this.comments = this.commentsOf(comments);
    for (const [name, value] of options.constants) this.constants.set(name, value);
  }

  /** The application's constants the file used, in the order first used. */
  private readonly used = new Map<string, { value: RubyValue; from: string }>();
  /** The constants nothing gave, by name, as a mapper call's arguments used them. */
  private readonly unsetConstants = new Map<string, RubyUnset>();
  /** A mapper call's arguments are being read: an unset constant there is kept by name (RubyUnset) rather than Unknown. */
  private placeholders = false;

  /** The placeholder of an unset constant, its identifier in the written file unique among them (`User::USERNAME_FORMAT` → `User_USERNAME_FORMAT`). */
  private unsetConstant(name: string): RubyUnset {
    const known = this.unsetConstants.get(name);
    if (known) return known;
    const base = name.replace(/::/g, "_");
    const taken = new Set([...this.unsetConstants.values()].map((unset) => unset.identifier));
    let identifier = isBindingName(base) && !RESERVED_IDENTIFIERS.has(base) ? base : `${base}_`;
    for (let n = 2; taken.has(identifier); n++) identifier = `${base}_${n}`;
    const made = new RubyUnset(name, identifier);
    this.unsetConstants.set(name, made);
    return made;
  }

  private applicationConstant(name: string): RubyValue | undefined {
    const found = this.options.application?.get(name);
    if (found) this.used.set(name, found);
    return found?.value;
  }

  /** A literal's value, with nothing of a file around it (a constant given on the command line). */
  private commentsOf(comments: ReadonlyArray<{ location: Location }>): Array<{ start: number; end: number; text: string }> {
    return comments.map(({ location }) => ({
      start: location.startOffset,
      end: location.startOffset + location.length,
      text: this.bytes.subarray(location.startOffset, location.startOffset + location.length).toString("utf8"),
    }));
  }

  /**
   * `draw :admin`: the calls of config/routes/admin.rb, read here in the scope of the call, as Rails
   * 6.1 evaluates that file in its mapper. They are placed at the draw call (their own file is not
   * the one being read), and what they leave unread says where it is in theirs.
   */
  private drawn(call: NodeOf<"CallNode">, scope: Scope): ImportedStatement[] {
    const argument = argumentsOf(call)[0];
    const value = argument ? this.value(argument, scope) : undefined;
    const name = value instanceof RubySymbol ? value.name : typeof value === "string" ? value : undefined;
    if (name === undefined) return [this.leaveUnread(call, "draw with no file name the importer can read")];
    const text = this.options.drawnFiles?.get(name);
    if (text === undefined || !this.parse) return [this.leaveUnread(call, `draw(:${name}): config/routes/${name}.rb is not beside the routes.rb`)];
    const result = this.parse(text);
    if (result.errors.length) return [this.leaveUnread(call, `draw(:${name}): config/routes/${name}.rb has a syntax error: ${result.errors[0].message}`)];
    const outer = { bytes: this.bytes, offsets: this.offsets, comments: this.comments };
    const unreadBefore = this.unread.length;
    this.bytes = Buffer.from(text, "utf8");
    this.offsets = new ByteOffsets(this.bytes);
    this.comments = this.commentsOf(result.comments);
    let body: ImportedStatement[];
    try {
      body = this.body({ location: result.value.location, body: result.value.statements }, scope);
    } finally {
      Object.assign(this, outer);
    }
    const at = { line: this.line(call), span: this.offsets.span(call.location) };
    for (const part of this.unread.slice(unreadBefore)) Object.assign(part, { reason: `config/routes/${name}.rb:${part.line}: ${part.reason}`, ...at });
    placeAt(body, { call: at.span, method: this.offsets.span(call.messageLoc ?? call.location), names: [], options: [] }, at.line);
    return [{ kind: "note", text: `draw(:${name}): the routes of config/routes/${name}.rb` }, ...body];
  }

  literal(node: Node): RubyValue | Unknown {
    return this.value(node, { locals: new Map(), mappers: new Map() });
  }

  /** A constant the next literals may name (an application file's, within its module). */
  define(name: string, value: RubyValue): void {
    this.constants.set(name, value);
  }

  forget(name: string): void {
    this.constants.delete(name);
  }

  program(program: NodeOf<"ProgramNode">): Omit<ImportedRoutes, "syntaxErrors"> {
    const statements = program.statements.body;
    let draw: NodeOf<"CallNode"> | undefined;
    let modern = false;
    for (const statement of statements) {
      if (isDraw(statement) || isModernDraw(statement)) {
        if (!draw) modern = !isDraw(statement);
        draw ??= statement;
      } else if (!draw) this.topLevel(statement);
    }
    if (draw && modern) return this.modernProgram(draw);
    // No draw: a plugin's or an engine's routes, a method that takes the mapper (`def self.draw(map)`) or the mapper's calls bare.
    const drawn = draw ? undefined : (mapperMethod(statements, []) ?? bareCalls(program, statements));
    if (!draw && !drawn)
      throw new ImportError(
        "no `ActionController::Routing::Routes.draw do |map| … end` in the file, no method that takes the mapper and no `map.` calls: it draws no routes",
      );
    const drawBlock = is(draw?.block, "BlockNode") ? draw.block : undefined;
    const block: Owner | undefined = draw ? drawBlock : drawn!.owner;
    const variable = draw ? drawBlock && blockVariables(drawBlock)[0] : drawn!.variable;
    const at = draw ?? drawn!.owner;
    if (!block || !variable) throw new ImportError("draw needs a block with a mapper variable (`do |map|`)", this.line(at), this.offsets.span(at.location));
    const scope: Scope = { locals: new Map(), mappers: new Map([[variable, "map"]]) };
    // The comments above draw head the written file.
    const preamble = this.comments.filter((c) => c.end <= at.location.startOffset).map((c) => c.text.replace(/^#\s?/, ""));
    this.comments = this.comments.filter((c) => c.end > at.location.startOffset);
    const body = [...(drawn ? [{ kind: "note" as const, text: drawn.note }] : []), ...this.body(block, scope)];
    return { preamble, body, unread: this.unread, ...this.constantsUsed(), ...(drawn ? { mapperFunction: drawn.name } : {}) };
  }

  /** Modern Rails' routes: the draw block's calls without a receiver are the mapper's, written on `r`. */
  private modernProgram(draw: NodeOf<"CallNode">): Omit<ImportedRoutes, "syntaxErrors"> {
    this.modern = true;
    const block = is(draw.block, "BlockNode") ? draw.block : undefined;
    if (!block) throw new ImportError("routes.draw needs a block (`do … end`)", this.line(draw), this.offsets.span(draw.location));
    const preamble = this.comments.filter((c) => c.end <= draw.location.startOffset).map((c) => c.text.replace(/^#\s?/, ""));
    this.comments = this.comments.filter((c) => c.end > draw.location.startOffset);
    this.drawStatements = new Set(statementsOf(block.body));
    const body = this.body(block, { locals: new Map(), mappers: new Map(), routing: TOP_SCOPE });
    return {
      preamble,
      body,
      unread: this.unread,
      modern: true,
      ...this.constantsUsed(),
      ...(this.urlOptions ? { defaultUrlOptions: this.urlOptions } : {}),
      ...(this.pathNames ? { resourcesPathNames: this.pathNames } : {}),
      ...(this.deviseLines.length && this.options.devise ? { devise: { lines: this.deviseLines, settings: deviseSettingsText(this.options.devise) } } : {}),
    };
  }

  /** The constants the file used that it does not define: the application's, with their values, and those nothing gave. */
  private constantsUsed(): Pick<ImportedRoutes, "fromApplication" | "unset"> {
    const fromApplication = [...this.used].map(([name, { value, from }]) => ({ name, value, from }));
    const unset = [...this.unsetConstants.values()];
    return { ...(fromApplication.length ? { fromApplication } : {}), ...(unset.length ? { unset } : {}) };
  }

  /** Before draw: constants and methods of the file; anything else there draws nothing. */
  private topLevel(statement: Node): void {
    if (is(statement, "ConstantWriteNode")) this.constants.set(statement.name, this.value(statement.value, { locals: new Map(), mappers: new Map() }));
    else if (is(statement, "DefNode")) this.methods.set(statement.name, statement);
  }

  /** A block's or a method's statements, with the comments and blank lines written among them. */
  private body(owner: Owner, scope: Scope): ImportedStatement[] {
    const statements = statementsOf(owner.body);
    const out: ImportedStatement[] = [];
    let previousEnd = -1;
    for (const statement of statements) {
      this.leading(out, statement.location.startOffset, previousEnd);
      for (const made of this.statement(statement, scope)) out.push(made);
      previousEnd = statement.location.startOffset + statement.location.length;
    }
    this.leading(out, owner.location.startOffset + owner.location.length, previousEnd);
    return out;
  }

  /** The comments before `offset` not written yet, and a blank line where the file has one. */
  private leading(out: ImportedStatement[], offset: number, previousEnd: number): void {
    let from = previousEnd;
    while (this.comments.length && this.comments[0].start < offset) {
      const comment = this.comments.shift()!;
      if (from >= 0 && this.blankBetween(from, comment.start)) out.push({ kind: "blank" });
      out.push({ kind: "comment", text: comment.text.replace(/^#\s?/, "") });
      from = comment.end;
    }
    if (from >= 0 && offset > from && this.blankBetween(from, offset) && out.length) out.push({ kind: "blank" });
  }

  private blankBetween(from: number, to: number): boolean {
    return /\n[ \t]*\r?\n/.test(this.bytes.subarray(from, Math.max(from, to)).toString("utf8"));
  }

  private statement(statement: Node, scope: Scope): ImportedStatement[] {
    // Past the budget one statement says so, and those after it are not read at all.
    if (++this.steps > MAX_STEPS) {
      if (this.spentSaid) return [];
      this.spentSaid = true;
      return [this.leaveUnread(statement, `past the ${MAX_STEPS} steps of evaluation a file may take: this and what follows is not read`)];
    }
    if (++this.depth > MAX_DEPTH) {
      this.depth--;
      return [this.leaveUnread(statement, `nested more than ${MAX_DEPTH} levels deep`)];
    }
    try {
      return this.statementOf(statement, scope);
    } finally {
      this.depth--;
    }
  }

  private statementOf(statement: Node, scope: Scope): ImportedStatement[] {
    if (is(statement, "LocalVariableWriteNode")) scope.locals.set(statement.name, this.value(statement.value, scope));
    else if (is(statement, "ConstantWriteNode")) this.constants.set(statement.name, this.value(statement.value, scope));
    else if (is(statement, "DefNode")) this.methods.set(statement.name, statement);
    else if (is(statement, "IfNode", "UnlessNode")) return this.condition(statement, scope);
    else if (is(statement, "YieldNode")) return this.yielded(statement, scope);
    else if (is(statement, "CallNode")) return this.call(statement, scope);
    else return [this.leaveUnread(statement, "a statement the importer does not follow")];
    return [];
  }

  private call(call: NodeOf<"CallNode">, scope: Scope): ImportedStatement[] {
    const receiver = mapperOf(call.receiver, scope);
    const method = call.name;
    if (this.modern && !call.receiver) {
      if (method === "direct") return [this.direct(call, scope)];
      if (method === "resolve" && !this.methods.has(method)) return [this.resolve(call, scope)];
      if (method === "devise_for" && !this.methods.has(method)) return this.deviseFor(call, scope);
      if (method === "default_url_options" && !this.methods.has(method)) return [this.defaultUrlOptions(call, scope)];
      if (method === "resources_path_names" && !this.methods.has(method) && this.opensDraw(call)) return [this.resourcesPathNames(call, scope)];
      if (method === "mount" && !this.methods.has(method)) return [this.mount(call, scope)];
      if (MODERN_METHODS.has(method)) return this.mapperCall(call, "r", method, scope);
      if (method === "draw" && !this.methods.has(method)) return this.drawn(call, scope);
      if (DEVISE_SCOPES.has(method) && is(call.block, "BlockNode") && !this.methods.has(method)) return [this.deviseScope(call, scope)];
      if (Object.prototype.hasOwnProperty.call(MODERN_OTHERS, method) && !this.methods.has(method))
        return [this.leaveUnread(call, `${MODERN_OTHERS[method]}, which only that code knows`)];
    }
    if (receiver !== undefined) return this.mapperCall(call, receiver, method, scope);
    if (!call.receiver && scope.mappers.size && PLUGIN_METHODS.has(method)) return [this.leaveUnread(call, `${method}, a plugin's or a gem's route method`)];
    // `list.each do |x| … end` over a list the file gives.
    if ((method === "each" || method === "each_with_index") && call.receiver && is(call.block, "BlockNode"))
      return this.loop(call, call.receiver, call.block, method, scope);
    // A method of the file called with the mapper: its body, the mapper bound to its parameter.
    const defined = !call.receiver || is(call.receiver, "SelfNode") ? this.methods.get(method) : undefined;
    if (defined) return this.inline(call, defined, scope);
    return [this.leaveUnread(call, `a call of ${method} the importer cannot follow (a plugin's, a gem's, or code of the application)`)];
  }

  private mapperCall(call: NodeOf<"CallNode">, receiver: string, method: string, scope: Scope): ImportedStatement[] {
    if (++this.calls > MAX_CALLS) return [this.leaveUnread(call, `more than ${MAX_CALLS} mapper calls (a loop too large to unroll)`)];
    // Rails 2 took any other method as a named route (`map.login "login", …`): its first argument is the path.
    const named = !this.modern && !MAPPER_METHODS.has(method);
    if (named && PLUGIN_METHODS.has(method)) return [this.leaveUnread(call, `${method}, a plugin's or a gem's route method, which only that code knows`)];
    const first = argumentsOf(call)[0];
    if (named && !is(first, "StringNode", "InterpolatedStringNode"))
      return [this.leaveUnread(call, `${method} with no path first: not a named route, so a plugin's or the application's method`)];
    const args: RubyValue[] = [];
    const nodes = argumentsOf(call);
    const unknown = this.withPlaceholders(() => {
      for (let index = 0; index < nodes.length; index++) {
        const value = this.modern ? this.modernArgument(nodes[index], method, index, scope) : this.value(nodes[index], scope);
        if (value instanceof Unknown) return value;
        args.push(value);
      }
      return undefined;
    });
    if (unknown) return [this.leaveUnread(call, unknown.reason)];
    if (call.block && !is(call.block, "BlockNode")) return [this.leaveUnread(call, "a block passed as a value (`&block`)")];
    if (this.modern) {
      const inner = call.block ? { ...scope, routing: innerScope(scope.routing, method, args) } : scope;
      return [this.modernCall(call, method, modernArguments(method, args), inner)];
    }
    const block = call.block ?? undefined;
    const [variable] = block ? blockVariables(block) : [];
    if (method === "with_options" && block && !variable) {
      // Rails 2 yielded the option merger to the block; a block that takes no variable calls the
      // mapper itself, and the options apply to nothing.
      return [
        { kind: "note", text: "with_options without a block variable: Rails 2 applied its options to nothing, so its calls stand on their own" },
        ...this.body(block, scope),
      ];
    }
    const imported: ImportedCall = { kind: "call", receiver, method, args, line: this.line(call), source: this.callSource(call, args) };
    if (block) {
      const name = variable ?? "_";
      const inner: Scope = { locals: new Map(scope.locals), mappers: new Map(scope.mappers) };
      inner.locals.delete(name);
      inner.mappers.set(name, name);
      imported.block = { variable: name, body: this.body(block, inner) };
    }
    return [imported];
  }

  /**
   * Modern Rails' `direct :homepage do "https://rubyonrails.org" end`: a custom URL helper whose
   * block returns a value the file gives (a URL or path, or url_for's options), written as
   * `r.direct("homepage", …)`. A block that computes it from its arguments is the application's,
   * written as a function that throws until it is written in TypeScript.
   */
  private direct(call: NodeOf<"CallNode">, scope: Scope): ImportedStatement {
    const [name] = argumentsOf(call);
    const block = call.block;
    const body = is(block, "BlockNode") ? statementsOf(block.body) : [];
    if (!is(name, "SymbolNode", "StringNode") || !is(block, "BlockNode")) return this.leaveUnread(call, "direct with no name or no block");
    // A block that computes from the helper's arguments: the application's function, to write in TypeScript.
    const computes = block.parameters || body.length !== 1;
    const value = computes ? new RubyCode(this.text(block), this.line(block), "direct") : this.value(body[0], scope);
    if (value instanceof Unknown) return this.leaveUnread(call, `direct: ${value.reason}`);
    if (typeof value !== "string" && !(value instanceof RubyHash) && !(value instanceof RubyCode))
      return this.leaveUnread(call, "direct with a block that answers neither a URL nor url_for's options (a polymorphic list is the application's models')");
    const args: RubyValue[] = [name.unescaped.value, value];
    return { kind: "call", receiver: "r", method: "direct", args, line: this.line(call), source: this.callSource(call, args) };
  }

  /**
   * Devise's `devise_for :users, …`: the routes Devise 4 draws for each model, as the calls of
   * the mapper that draw them (deviseRoutes.ts), from the model's `devise` modules and the Devise
   * initializer's settings, read in the application's files, and from the mapper's scope where the
   * call stands (in a `scope` or a `namespace`, Devise takes the path, name and module of the
   * blocks around). Where one of those is not there to read, or the call is in a block whose scope
   * is not followed, the call is left out and reported.
   */
  private deviseFor(call: NodeOf<"CallNode">, scope: Scope): ImportedStatement[] {
    if (!scope.routing)
      return [
        this.leaveUnread(
          call,
          "devise_for inside a block other than scope, namespace, constraints, defaults or controller (Devise draws it in a scope of its own, made from the block's), which this version does not read",
        ),
      ];
    const given = this.argumentValues(call, scope);
    if (given instanceof Unknown) return [this.leaveUnread(call, `devise_for: ${given.reason}`)];
    const options = extractOptions(given);
    const drawn = deviseRoutes(given, options ?? new RubyHash([]), this.options.devise, scope.routing);
    if (typeof drawn === "string") return [this.leaveUnread(call, `devise_for: ${drawn}`)];
    const line = this.line(call);
    this.deviseLines.push(line);
    // Each call drawn is the devise_for call's, where it is written.
    const source: CallSource = { call: this.offsets.span(call.location), method: this.offsets.span(call.messageLoc ?? call.location), names: [], options: [] };
    const made = (statement: DeviseCall): ImportedCall => ({
      kind: "call",
      receiver: "r",
      method: statement.method,
      args: statement.args,
      line,
      source,
      ...(statement.block ? { block: { variable: "", body: statement.block.map(made) } } : {}),
    });
    return drawn.flatMap(({ note, calls }) => [{ kind: "note" as const, text: note }, ...calls.map(made)]);
  }

  /**
   * Modern Rails' `resolve("Basket") { [:basket] }`: where a model's polymorphic URLs go, written
   * as `r.resolve("Basket", ["basket"])` where the block returns a value the file gives (a list of
   * a route name's parts, a URL or path, url_for's options), the models and the options as Rails
   * reads them (`resolve "Cart", "Bag", anchor: "items"`). A block that computes from its record or
   * options is the application's, written as a function that throws until it is written in TypeScript.
   */
  private resolve(call: NodeOf<"CallNode">, scope: Scope): ImportedStatement {
    const block = call.block;
    if (!is(block, "BlockNode")) return this.leaveUnread(call, "resolve with no block");
    const given = this.argumentValues(call, scope);
    if (given instanceof Unknown) return this.leaveUnread(call, `resolve: ${given.reason}`);
    // Rails: the options last, the models before them, a name or a list of names.
    const defaults = extractOptions(given);
    const models = given.flat(1);
    if (!models.length || models.some((model) => typeof model !== "string"))
      return this.leaveUnread(call, "resolve of a model not named by a string (Rails looks a mapping up by the model's class name)");
    const body = statementsOf(block.body);
    const computes = block.parameters || body.length !== 1;
    const target = computes ? new RubyCode(this.text(block), this.line(block), "resolve") : this.value(body[0], scope);
    if (target instanceof Unknown) return this.leaveUnread(call, `resolve: ${target.reason}`);
    const routeName = Array.isArray(target) && target.length > 0 && target.every((part) => part instanceof RubySymbol);
    if (typeof target !== "string" && !(target instanceof RubyHash) && !(target instanceof RubyCode) && !routeName)
      return this.leaveUnread(
        call,
        "resolve with a block that answers neither a route's name, a URL nor url_for's options (a record or a model is the application's)",
      );
    const args: RubyValue[] = [models.length === 1 ? models[0] : models, target, ...(defaults ? [defaults] : [])];
    return { kind: "call", receiver: "r", method: "resolve", args, line: this.line(call), source: this.callSource(call, args) };
  }

  /**
   * Modern Rails' `default_url_options host: "example.com"`: the route set's URL options, wherever
   * the call stands (Rails sets them on the set), read as the draw() setting; the last call's win.
   */
  private defaultUrlOptions(call: NodeOf<"CallNode">, scope: Scope): ImportedStatement {
    const plain = (item: RubyValue) => {
      const value = item instanceof RubySymbol ? item.name : item;
      return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : undefined;
    };
    const options = this.settingsHash(call, scope, plain, "a value that is not a string, a number or true/false");
    if (!("settings" in options)) return options;
    this.urlOptions = options.settings;
    return { kind: "note", text: "default_url_options: the draw() setting default_url_options above" };
  }

  /**
   * A setting's call of one hash (`default_url_options host: …`), each value as `read` takes it; the
   * call left unread, saying why (`unread`: what a value `read` does not take is), where it is not.
   */
  private settingsHash<T>(
    call: NodeOf<"CallNode">,
    scope: Scope,
    read: (item: RubyValue) => T | undefined,
    unread: string,
  ): { settings: Record<string, T> } | Unread {
    const method = call.name;
    const args = argumentsOf(call);
    const value = args.length === 1 && !call.block ? this.value(args[0], scope) : new Unknown(`${method} with other than one hash`);
    if (value instanceof Unknown) return this.leaveUnread(call, `${method}: ${value.reason}`);
    if (!(value instanceof RubyHash)) return this.leaveUnread(call, `${method} with other than a hash`);
    const settings: Record<string, T> = {};
    for (const [key, item] of value.entries) {
      const name = textOf(key);
      const setting = read(item);
      if (name === undefined || setting === undefined) return this.leaveUnread(call, `${method} with ${unread}`);
      settings[name] = setting;
    }
    return { settings };
  }

  /** Whether a call stands in the draw block before any route and any path names: where `resources_path_names` says it for the whole file. */
  private opensDraw(call: NodeOf<"CallNode">): boolean {
    return this.drawStatements.has(call) && this.calls === 0 && !this.pathNames;
  }

  /**
   * Modern Rails' `resources_path_names new: "nuevo"` before any route: the draw() setting (Rails
   * merges it into the route set's names, which every route reads). Elsewhere it is the mapper's
   * call of the same name, which merges as Rails does for the routes after it.
   */
  private resourcesPathNames(call: NodeOf<"CallNode">, scope: Scope): ImportedStatement {
    const names = this.settingsHash(call, scope, textOf, "a name or a path that is not a text");
    if (!("settings" in names)) return names;
    this.pathNames = names.settings;
    return { kind: "note", text: "resources_path_names: the draw() setting resources_path_names above" };
  }

  /**
   * Modern Rails' `mount App, at: "/path"` (or `mount App => "/path"`): a route to the application
   * at the path and every path below it, the application a placeholder to write in TypeScript. Its
   * name is `as:`, else Rails' for a class: the constant's (`Sidekiq::Web` is `sidekiq_web`). A
   * constant the file and the application do not give is a gem's or the application's class; any
   * other application (a local, a call's result, a lambda) is an object, which Rails leaves
   * unnamed. An engine's mount (`Blog::Engine`) is reported: its route's name is the engine's
   * `engine_name`, and its own routes are the engine's code.
   */
  private mount(call: NodeOf<"CallNode">, scope: Scope): ImportedStatement {
    if (++this.calls > MAX_CALLS) return this.leaveUnread(call, `more than ${MAX_CALLS} mapper calls (a loop too large to unroll)`);
    const nodes = argumentsOf(call);
    const hash = nodes[nodes.length - 1];
    if (!is(hash, "HashNode", "KeywordHashNode") || nodes.length > 2) return this.leaveUnread(call, "mount with other than an application and its options");
    // `mount App => "/path", as: …`: the application is the key that is not a symbol.
    const pair = nodes.length === 1 ? hash.elements.find((element) => is(element, "AssocNode") && !is(element.key, "SymbolNode")) : undefined;
    const app = nodes.length === 2 ? nodes[0] : is(pair, "AssocNode") ? pair.key : undefined;
    if (!app) return this.leaveUnread(call, "mount with no application");
    const constant = this.unknownConstantName(app);
    if (constant !== undefined && /(?:^|::)Engine$/.test(constant))
      return this.leaveUnread(call, "mount of an engine, whose route's name (its engine_name) and routes are the engine's code");
    const entries: Array<readonly [RubyValue, RubyValue]> = [];
    const unknown = this.withPlaceholders(() => {
      for (const element of hash.elements) {
        if (!is(element, "AssocNode")) return new Unknown("a double splat (`**`) in mount's options");
        const key = element === pair ? new RubySymbol("at") : this.value(element.key, scope);
        const value = this.value(element.value, scope);
        if (key instanceof Unknown) return new Unknown(`mount: ${key.reason}`);
        if (value instanceof Unknown) return new Unknown(`mount: ${value.reason}`);
        entries.push([key, value]);
      }
      return undefined;
    });
    if (unknown) return this.leaveUnread(call, unknown.reason);
    const named = entries.some(([key]) => textOf(key) === "as");
    // Rails' app_name of a class: its name underscored, each `/` a `_`.
    if (!named && constant !== undefined) entries.push([new RubySymbol("as"), underscore(constant).replace(/\//g, "_")]);
    return this.modernCall(call, "mount", [new RubyCode(this.text(app), this.line(app), "application"), new RubyHash(entries)], scope);
  }

  /**
   * Reads values where a constant nothing gives is written as a placeholder (a declared `unset`)
   * rather than left unknown: the arguments of a call the import writes.
   */
  private withPlaceholders<T>(read: () => T): T {
    this.placeholders = true;
    try {
      return read();
    } finally {
      this.placeholders = false;
    }
  }

  /** A constant neither the file, `--const` nor the application's code gives (a gem's class, `Sidekiq::Web`): its name; undefined for any other node. */
  private unknownConstantName(node: Node): string | undefined {
    if (!is(node, "ConstantReadNode", "ConstantPathNode")) return undefined;
    const name = this.constantName(node);
    return this.knownConstant(name) === undefined ? name : undefined;
  }

  /** A constant's name as written, from the top (`User::USERNAME_FORMAT`). */
  private constantName(node: NodeOf<"ConstantReadNode" | "ConstantPathNode">): string {
    return is(node, "ConstantReadNode") ? node.name : this.text(node).replace(/^::/, "");
  }

  /** A constant's value where the file, `--const` or the application's own code gives it. */
  private knownConstant(name: string): RubyValue | Unknown | undefined {
    return this.constants.get(name) ?? this.applicationConstant(name);
  }

  /** Ruby that is a Rack application where a route's target stands (`to: proc { … }`, `to: HealthCheck`, `get "up" => HealthCheck.new`). */
  private isRackApplication(node: Node): boolean {
    return isCode(node) || this.unknownConstantName(node) !== undefined;
  }

  /** Devise's `authenticated :user do … end` (see DEVISE_SCOPES): its routes under a constraint of Devise's code. */
  private deviseScope(call: NodeOf<"CallNode">, scope: Scope): ImportedStatement {
    // The call as written up to its block (`authenticated :user`), which the constraint's placeholder names.
    const head = this.slice({ startOffset: call.location.startOffset, length: call.block!.location.startOffset - call.location.startOffset }).trim();
    const code = new RubyCode(`${head} (Devise's)`, this.line(call));
    return this.modernCall(call, "constraints", [code], scope);
  }

  /** A call of modern Rails' mapper, its block (which takes no variable and calls the same mapper) read in `inner`, the mapper's scope inside it. */
  private modernCall(call: NodeOf<"CallNode">, method: string, args: RubyValue[], inner: Scope): ImportedCall {
    const imported: ImportedCall = { kind: "call", receiver: "r", method, args, line: this.line(call), source: this.callSource(call, args) };
    if (is(call.block, "BlockNode")) imported.block = { variable: "", body: this.body(call.block, { ...inner, locals: new Map(inner.locals) }) };
    return imported;
  }

  private loop(call: NodeOf<"CallNode">, receiver: Node, block: NodeOf<"BlockNode">, method: string, scope: Scope): ImportedStatement[] {
    const list = this.value(receiver, scope);
    if (!Array.isArray(list)) return [this.leaveUnread(call, list instanceof Unknown ? list.reason : "a loop over something that is not a list")];
    const [item, index] = blockVariables(block);
    const out: ImportedStatement[] = [{ kind: "note", text: `${this.text(receiver)}.${method}: one declaration per item, as the loop made them` }];
    list.forEach((value, i) => {
      const inner: Scope = { ...scope, locals: new Map(scope.locals) };
      if (item) inner.locals.set(item, value);
      if (index && method === "each_with_index") inner.locals.set(index, i);
      const comments = this.comments;
      // The loop's body is read once per item: its comments are written the first time.
      if (i > 0) this.comments = [];
      for (const made of this.body(block, inner)) if (made.kind !== "comment" || i === 0) out.push(made);
      if (i > 0) this.comments = comments;
    });
    return out;
  }

  private inline(call: NodeOf<"CallNode">, defined: NodeOf<"DefNode">, scope: Scope): ImportedStatement[] {
    const parameters = defined.parameters;
    const requireds = parameters?.requireds ?? [];
    // `options = {}`: given, or the default, evaluated in the method's scope as Ruby does.
    const optionals = parameters?.optionals ?? [];
    const name = call.name;
    if (parameters && (parameters.rest || parameters.posts.length || parameters.keywords.length || parameters.keywordRest))
      return [this.leaveUnread(call, `${name} takes a splat or keyword parameters, which the importer does not follow`)];
    const named = [...requireds, ...optionals];
    if (!named.every((parameter) => is(parameter, "RequiredParameterNode", "OptionalParameterNode")))
      return [this.leaveUnread(call, `${name} takes a parameter that destructures its argument, which the importer does not follow`)];
    const args = argumentsOf(call);
    if (args.length < requireds.length || args.length > requireds.length + optionals.length)
      return [
        this.leaveUnread(
          call,
          `${name} takes ${requireds.length}${optionals.length ? ` to ${requireds.length + optionals.length}` : ""} argument(s), given ${args.length}`,
        ),
      ];
    // Only the environment's conditions are decided, so a method that calls itself would never stop.
    if (this.inlining.has(defined)) return [this.leaveUnread(call, `${name} calls itself: the importer follows no recursion`)];
    // The method runs in the mapper's scope where it is called.
    const inner: Scope = { locals: new Map(), mappers: new Map(), routing: scope.routing };
    named.forEach((parameter, i) => {
      const given = args[i];
      const mapper = given && mapperOf(given, scope);
      if (mapper !== undefined) inner.mappers.set(parameter.name, mapper);
      else
        inner.locals.set(
          parameter.name,
          given ? this.value(given, scope) : this.value(is(parameter, "OptionalParameterNode") ? parameter.value : undefined, inner),
        );
    });
    const saved = this.comments;
    this.comments = [];
    this.inlining.add(defined);
    // The block given to the call: what `yield` runs and `block_given?` asks, in the caller's scope.
    const block = is(call.block, "BlockNode") ? call.block : undefined;
    this.blocks.push({ block, scope });
    const body = this.body(defined, inner);
    this.blocks.pop();
    this.inlining.delete(defined);
    this.comments = saved;
    return [{ kind: "note", text: `from ${name}, defined in the file` }, ...body];
  }

  /** `yield` in a method of the file: the block its call was given, its variables bound to the values yielded. */
  private yielded(statement: NodeOf<"YieldNode">, scope: Scope): ImportedStatement[] {
    const frame = this.blocks[this.blocks.length - 1];
    if (!frame) return [this.leaveUnread(statement, "yield outside a method of the file")];
    if (!frame.block) return [];
    const values = argumentsOf(statement);
    // Its locals are the caller's; the mapper's scope is the one at the yield (`scope "(:locale)" do yield end`).
    const inner: Scope = { locals: new Map(frame.scope.locals), mappers: new Map(frame.scope.mappers), routing: scope.routing };
    blockVariables(frame.block).forEach((variable, i) => {
      if (variable === undefined) return;
      const mapper = values[i] && mapperOf(values[i], scope);
      if (mapper !== undefined) inner.mappers.set(variable, mapper);
      else inner.locals.set(variable, values[i] ? this.value(values[i], scope) : null);
    });
    // The block runs where it was written: a yield inside it is its own method's caller's.
    this.blocks.pop();
    const body = this.body(frame.block, inner);
    this.blocks.push(frame);
    return body;
  }

  /** `if`/`unless` on the environment (`Rails.env.production?`, `RAILS_ENV == "test"`), decided by the given one. */
  private condition(statement: NodeOf<"IfNode" | "UnlessNode">, scope: Scope): ImportedStatement[] {
    const { predicate } = statement;
    const environment = this.environmentTest(predicate);
    const decided = environment ?? this.truthOf(predicate, scope);
    if (typeof decided !== "boolean") return [this.leaveUnread(statement, `a condition the importer cannot decide: ${decided.reason}`)];
    const holds = is(statement, "UnlessNode") ? !decided : decided;
    const taken = holds ? statement.statements : is(statement, "UnlessNode") ? statement.elseClause : statement.subsequent;
    const decidedBy =
      environment === undefined
        ? "with the values given (--const, the application)"
        : is(predicate, "CallNode") && predicate.name === "block_given?"
          ? "as the method's call gives a block or not"
          : `in ${this.options.env}`;
    const note: ImportedStatement = { kind: "note", text: `${this.text(predicate)}: ${holds} ${decidedBy}` };
    if (is(taken, "IfNode")) return [note, ...this.condition(taken, scope)];
    return [note, ...statementsOf(is(taken, "ElseNode") ? taken.statements : taken).flatMap((s) => this.statement(s, scope))];
  }

  /**
   * A condition on values the importer knows (a constant given with --const or read from the
   * application, `SETTINGS[:unattended]`), decided as Ruby decides: only nil and false are false.
   */
  private truthOf(predicate: Node, scope: Scope): boolean | Unknown {
    const value = this.value(predicate, scope);
    if (value instanceof Unknown) return value;
    return value !== null && value !== false;
  }

  private environmentTest(predicate: Node): boolean | undefined {
    if (!is(predicate, "CallNode")) return undefined;
    const method = predicate.name;
    // Inside a method of the file, whether its call was given a block.
    if (method === "block_given?" && !predicate.receiver && this.blocks.length) return this.blocks[this.blocks.length - 1].block !== undefined;
    const receiver = predicate.receiver;
    if (method.endsWith("?") && receiver && this.isEnvironment(receiver)) return environmentIs(this.options.env, method);
    if ((method === "==" || method === "!=") && receiver) {
      const [other] = argumentsOf(predicate);
      const environment = this.isEnvironment(receiver) ? other : other && this.isEnvironment(other) ? receiver : undefined;
      const value = environment && textOf(this.value(environment, { locals: new Map(), mappers: new Map() }));
      if (value === undefined) return undefined;
      return (value === this.options.env) === (method === "==");
    }
    return undefined;
  }

  /** `Rails.env`, `RAILS_ENV`, `ENV["RAILS_ENV"]`. */
  private isEnvironment(node: Node): boolean {
    if (is(node, "ConstantReadNode")) return node.name === "RAILS_ENV";
    if (!is(node, "CallNode")) return false;
    const receiver = node.receiver;
    if (node.name === "env" && is(receiver, "ConstantReadNode") && receiver.name === "Rails") return true;
    return (
      node.name === "[]" &&
      is(receiver, "ConstantReadNode") &&
      receiver.name === "ENV" &&
      textOf(this.value(argumentsOf(node)[0], { locals: new Map(), mappers: new Map() })) === "RAILS_ENV"
    );
  }

  /** A hash's value; `code` gives an entry's value where the key takes the application's code (a route's `constraints:`). */
  private hash(node: NodeOf<"HashNode" | "KeywordHashNode">, scope: Scope, code?: (key: RubyValue, value: Node) => RubyCode | undefined): RubyValue | Unknown {
    const entries: Array<readonly [RubyValue, RubyValue]> = [];
    for (const element of node.elements) {
      if (!is(element, "AssocNode")) return new Unknown("a double splat (`**`) in a hash");
      const key = this.value(element.key, scope);
      if (key instanceof Unknown) return key;
      const value = code?.(key, element.value) ?? this.value(element.value, scope);
      if (value instanceof Unknown) return value;
      entries.push([key, value]);
    }
    return new RubyHash(entries);
  }

  /**
   * A modern call's argument: the application's code where Rails takes it as a constraint
   * (`constraints(->(req) { … }) do`, `constraints: AdminConstraint.new`) or as a route's Rack
   * application (`to: proc { … }`, `get "up" => HealthCheck`), else its value.
   */
  private modernArgument(node: Node, method: string, index: number, scope: Scope): RubyValue | Unknown {
    if (method === "constraints" && index === 0 && isCode(node)) return new RubyCode(this.text(node), this.line(node));
    if (!is(node, "HashNode", "KeywordHashNode")) return this.value(node, scope);
    return this.hash(node, scope, (key, value) => {
      if (textOf(key) === "constraints" && isCode(value)) return new RubyCode(this.text(value), this.line(value));
      // `to:`, or the path of the shorthand `"up" => HealthCheck`.
      const target = (key instanceof RubySymbol && key.name === "to") || typeof key === "string";
      return target && this.isRackApplication(value) ? new RubyCode(this.text(value), this.line(value), "application") : undefined;
    });
  }

  /** What Ruby would make of an expression the file gives, or why it cannot be known. */
  private value(node: Node | null | undefined, scope: Scope): RubyValue | Unknown {
    if (!node) return new Unknown("a missing value");
    if (++this.steps > MAX_STEPS) return new Unknown(`a value past the ${MAX_STEPS} steps of evaluation a file may take`);
    if (++this.depth > MAX_DEPTH) {
      this.depth--;
      return new Unknown(`a value nested more than ${MAX_DEPTH} levels deep`);
    }
    try {
      return this.bounded(this.valueOf(node, scope));
    } finally {
      this.depth--;
    }
  }

  /** The value, or Unknown when written out it would be larger than MAX_VALUE_SIZE: its size is its parts' sizes, each counted once. */
  private bounded(value: RubyValue | Unknown): RubyValue | Unknown {
    if (value instanceof Unknown) return value;
    return this.sizeOf(value) > MAX_VALUE_SIZE ? new Unknown(`a value larger than ${MAX_VALUE_SIZE} elements and characters written out`) : value;
  }

  private sizeOf(value: RubyValue): number {
    if (value === null || typeof value === "number" || typeof value === "boolean") return 1;
    if (typeof value === "string") return value.length;
    if (value instanceof RubySymbol) return value.name.length;
    if (value instanceof RubyRegexp) return value.source.length;
    if (value instanceof RubyUnset) return value.identifier.length;
    if (value instanceof RubyTemplate) return value.parts.reduce((size, part) => size + (typeof part === "string" ? part.length : part.identifier.length), 0);
    if (value instanceof RubyRedirect) return 1 + this.sizeOf(value.to);
    if (value instanceof RubyCode) return value.code.length;
    const known = this.sizes.get(value);
    if (known !== undefined) return known;
    let size = 1;
    // Parts were bounded when they were built, so this sum stays a small number, however shared.
    if (Array.isArray(value)) for (const item of value) size += this.sizeOf(item);
    else for (const [key, item] of value.entries) size += this.sizeOf(key) + this.sizeOf(item);
    this.sizes.set(value, size);
    return size;
  }

  private valueOf(node: Node, scope: Scope): RubyValue | Unknown {
    if (is(node, "SymbolNode", "StringNode")) return is(node, "SymbolNode") ? new RubySymbol(node.unescaped.value) : node.unescaped.value;
    if (is(node, "IntegerNode", "FloatNode")) return Number(node.value);
    if (is(node, "NilNode")) return null;
    if (is(node, "TrueNode", "FalseNode")) return is(node, "TrueNode");
    if (is(node, "ArrayNode")) {
      const items: RubyValue[] = [];
      for (const element of node.elements) {
        if (is(element, "SplatNode")) return new Unknown("a splat in a list");
        const value = this.value(element, scope);
        if (value instanceof Unknown) return value;
        items.push(value);
      }
      return items;
    }
    if (is(node, "HashNode", "KeywordHashNode")) return this.hash(node, scope);
    if (is(node, "RegularExpressionNode")) return new RubyRegexp(this.slice(node.contentLoc), regexpFlags(node));
    if (is(node, "InterpolatedRegularExpressionNode")) {
      // `/#{User::USERNAME_FORMAT}/i`: a regexp interpolates as its to_s, `(?-mix:source)`, a string as its text; the rest is the source as written.
      const source = this.interpolation(
        node,
        scope,
        (part) => this.slice(part.location),
        (value) => (value instanceof RubyRegexp ? regexpToS(value) : interpolated(value)),
        "a list or a hash in a regular expression",
      );
      if (source instanceof RubyTemplate) return unknownConstant((source.parts.find((part) => part instanceof RubyUnset) as RubyUnset).unset);
      return source instanceof Unknown ? source : new RubyRegexp(source, regexpFlags(node));
    }
    if (is(node, "InterpolatedStringNode", "InterpolatedSymbolNode")) {
      const text = this.interpolation(node, scope, (part) => part.unescaped.value, interpolated, "a list, a hash or a pattern");
      if (text instanceof Unknown) return text;
      const symbol = is(node, "InterpolatedSymbolNode");
      if (text instanceof RubyTemplate) return new RubyTemplate(text.parts, symbol);
      return symbol ? new RubySymbol(text) : text;
    }
    if (is(node, "LocalVariableReadNode"))
      return scope.locals.get(node.name) ?? new Unknown(`the local variable ${node.name}, set where the importer cannot follow`);
    if (is(node, "ConstantReadNode", "ConstantPathNode")) {
      // `API_VERSION`, `User::USERNAME_FORMAT`: the file's, given with --const, or the application's own.
      const name = this.constantName(node);
      const value = this.knownConstant(name);
      if (value !== undefined) return value;
      return this.placeholders ? this.unsetConstant(name) : unknownConstant(name);
    }
    if (is(node, "ParenthesesNode")) {
      const inner = statementsOf(node.body);
      return inner.length === 1 ? this.value(inner[0], scope) : new Unknown("a parenthesised expression of several statements");
    }
    if (is(node, "CallNode")) return this.valueCall(node, scope);
    return new Unknown(`${this.text(node).slice(0, 60)}, which the importer cannot evaluate`);
  }

  /**
   * The text of an interpolated string, symbol or regexp: each literal part as `literal` reads it,
   * each `#{…}` the one value it holds as `piece` writes it (undefined for a value it cannot:
   * `refused` names those). A part that is an unset constant makes it a template.
   */
  private interpolation(
    node: NodeOf<"InterpolatedStringNode" | "InterpolatedSymbolNode" | "InterpolatedRegularExpressionNode">,
    scope: Scope,
    literal: (part: NodeOf<"StringNode">) => string,
    piece: (value: RubyValue) => string | undefined,
    refused: string,
  ): string | RubyTemplate | Unknown {
    const parts: Array<string | RubyUnset> = [];
    let text = "";
    for (const part of node.parts) {
      if (is(part, "StringNode")) text += literal(part);
      else if (is(part, "EmbeddedStatementsNode")) {
        const inner = statementsOf(part.statements);
        if (inner.length !== 1) return new Unknown("an interpolation of several statements");
        const value = this.value(inner[0], scope);
        if (value instanceof Unknown) return value;
        if (value instanceof RubyUnset) {
          parts.push(text, value);
          text = "";
          continue;
        }
        const written = value instanceof RubyTemplate ? undefined : piece(value);
        if (written === undefined) return unsetIn(value).size ? unknownConstant([...unsetIn(value)][0].unset) : new Unknown(`an interpolation of ${refused}`);
        text += written;
      } else return new Unknown("an interpolation the importer cannot follow");
    }
    if (!parts.length) return text;
    parts.push(text);
    return new RubyTemplate(
      parts.filter((part) => part !== ""),
      false,
    );
  }

  /** The calls a routes.rb makes on values: `Hash#merge`, `to_s`, `to_sym`, `freeze`, `Rails.env`. */
  private valueCall(node: NodeOf<"CallNode">, scope: Scope): RubyValue | Unknown {
    const method = node.name;
    if (this.isEnvironment(node)) return this.options.env;
    // `Rails.env.production?` as a value (`ENABLE_LOG_IN = Rails.env.local?`).
    if (method.endsWith("?") && node.receiver && this.isEnvironment(node.receiver) && argumentsOf(node).length === 0)
      return environmentIs(this.options.env, method);
    if (this.modern && !node.receiver && method === "redirect") return this.redirect(node, scope);
    if (is(node.receiver, "ConstantReadNode") && node.receiver.name === "Regexp" && !this.constants.has("Regexp") && method in REGEXP_METHODS)
      return this.regexpCall(node, scope);
    const receiver = node.receiver ? this.value(node.receiver, scope) : new Unknown(`a call of ${method}`);
    if (receiver instanceof Unknown) return node.receiver ? receiver : new Unknown(`a call of ${method}, which the importer cannot evaluate`);
    const args = this.argumentValues(node, scope);
    if (args instanceof Unknown) return args;
    // A method of a value nothing gave cannot be known either: said as the constant.
    const unset = unsetIn([receiver, ...args]);
    if (unset.size) return unknownConstant([...unset][0].unset);
    if (method === "merge" && receiver instanceof RubyHash && args.length === 1 && args[0] instanceof RubyHash) return receiver.merge(args[0]);
    if (method === "freeze" || method === "dup") return receiver;
    // `SETTINGS[:unattended]`, `LOCALES[0]`: a hash's entry by key, a list's item by index (nil when missing, as Ruby gives).
    if (method === "[]" && args.length === 1 && receiver instanceof RubyHash && isKey(args[0]))
      return receiver.entries.find(([key]) => sameKey(key, args[0]))?.[1] ?? null;
    if (method === "[]" && args.length === 1 && Array.isArray(receiver) && Number.isInteger(args[0])) return receiver.at(args[0] as number) ?? null;
    if (method === "to_s" && interpolated(receiver) !== undefined) return interpolated(receiver)!;
    if (method === "to_sym" && textOf(receiver) !== undefined) return new RubySymbol(textOf(receiver)!);
    if (Array.isArray(receiver) && args.length === 0 && (method === "first" || method === "last"))
      return (method === "first" ? receiver[0] : receiver[receiver.length - 1]) ?? null;
    const text = textOf(receiver);
    if (text !== undefined && args.length === 0 && method in STRING_METHODS) {
      const made = STRING_METHODS[method](text, this.modern);
      if (made === undefined) return new Unknown(`${this.text(node).slice(0, 60)}: Rails 2.2's and 2.3's inflections give it otherwise`);
      return receiver instanceof RubySymbol ? new RubySymbol(made) : made;
    }
    return new Unknown(`${this.text(node).slice(0, 60)}, which the importer cannot evaluate`);
  }

  /** A call's arguments' values, or the first that cannot be known. */
  private argumentValues(node: NodeOf<"CallNode">, scope: Scope): RubyValue[] | Unknown {
    const values = argumentsOf(node).map((a) => this.value(a, scope));
    return values.find((a): a is Unknown => a instanceof Unknown) ?? (values as RubyValue[]);
  }

  /** Ruby's `Regexp.union` and `Regexp.escape` of values the file gives (`Regexp.union(PAGES)`). */
  private regexpCall(node: NodeOf<"CallNode">, scope: Scope): RubyValue | Unknown {
    const args = this.argumentValues(node, scope);
    if (args instanceof Unknown) return args;
    const unset = unsetIn(args);
    if (unset.size) return unknownConstant([...unset][0].unset);
    return REGEXP_METHODS[node.name](args) ?? new Unknown(`${this.text(node).slice(0, 60)}, which the importer cannot evaluate`);
  }

  /**
   * Modern Rails' `redirect(…)`, read as its Redirection module reads its arguments: a last hash is
   * its options, `status` taken out of them; options left make the options form (the path then
   * unused), else a string is the path. A block is the application's code: the route is drawn, the
   * function that answers its path written in TypeScript by the application's author.
   */
  private redirect(node: NodeOf<"CallNode">, scope: Scope): RubyValue | Unknown {
    const args = this.argumentValues(node, scope);
    if (args instanceof Unknown) return args;
    const last = args[args.length - 1];
    const options = last instanceof RubyHash ? last : undefined;
    const rest = options ? args.slice(0, -1) : args;
    const status = options?.get("status");
    if (status !== undefined && status !== null && !Number.isInteger(status)) return new Unknown("a redirect's status that is not a number");
    if (is(node.block, "BlockNode")) {
      if (rest.length || options?.entries.some(([key]) => textOf(key) !== "status"))
        return new Unknown("a redirect with a block and a path or options (Rails takes the options)");
      return new RubyRedirect(new RubyCode(this.text(node), this.line(node)), (status as number | undefined) ?? null);
    }
    const others = options ? new RubyHash(options.entries.filter(([key]) => textOf(key) !== "status")) : undefined;
    if (others?.entries.length) return new RubyRedirect(others, (status as number | undefined) ?? null);
    if (typeof rest[0] === "string" || rest[0] instanceof RubyTemplate || rest[0] instanceof RubyUnset)
      return new RubyRedirect(rest[0], (status as number | undefined) ?? null);
    return new Unknown("a redirect whose target is neither a path nor options (Rails raises: redirection argument not supported)");
  }

  private leaveUnread(node: Node, reason: string): Unread {
    const unread: Unread = { kind: "unread", reason, text: this.text(node), line: this.line(node), span: this.offsets.span(node.location) };
    this.unread.push(unread);
    // Comments inside it go with its text.
    const end = node.location.startOffset + node.location.length;
    this.comments = this.comments.filter((c) => c.start >= end || c.end <= node.location.startOffset);
    return unread;
  }

  private slice(location: Location): string {
    return this.bytes.subarray(location.startOffset, location.startOffset + location.length).toString("utf8");
  }

  /** A node's text as written. */
  text(node: Node): string {
    return this.slice(node.location);
  }

  private line(node: { location: Location }): number {
    return this.offsets.line(node.location.startOffset);
  }

  private callSource(call: NodeOf<"CallNode">, args: readonly RubyValue[]): CallSource {
    const nodes = argumentsOf(call);
    const options: CallSource["options"] = [];
    for (const node of nodes) if (is(node, "HashNode", "KeywordHashNode")) this.optionSources(node, "", options);
    const method = this.offsets.span(call.messageLoc ?? call.location);
    return {
      call: this.offsets.span(call.location),
      method,
      // A named route's name is the method (`map.login 'login', …`) or `named_route`'s first argument; the other calls' names are their arguments.
      names: MAPPER_METHODS.has(call.name)
        ? nodes.filter((_, i) => textOf(args[i]) !== undefined && (call.name !== "named_route" || i === 0)).map((node) => this.offsets.span(node.location))
        : [method],
      options,
    };
  }

  /** The keys a hash literal writes (and those of the hashes and lists within it), by key path. */
  private optionSources(node: Node, prefix: string, out: CallSource["options"]): void {
    if (is(node, "ArrayNode"))
      node.elements.forEach((element, i) => {
        out.push([`${prefix}${i}`, this.offsets.span(element.location), this.offsets.span(element.location)]);
        this.optionSources(element, `${prefix}${i}.`, out);
      });
    if (!is(node, "HashNode", "KeywordHashNode")) return;
    for (const element of node.elements) {
      if (!is(element, "AssocNode") || !is(element.key, "SymbolNode", "StringNode")) continue;
      const { key, value } = element;
      const name = key.unescaped.value;
      out.push([`${prefix}${name}`, this.offsets.span(key.location), this.offsets.span(value.location)]);
      this.optionSources(value, `${prefix}${name}.`, out);
    }
  }
}

/** `ActionController::Routing::Routes.draw do |map| … end` */
function isDraw(node: Node): node is NodeOf<"CallNode"> {
  return is(node, "CallNode") && node.name === "draw" && is(node.receiver, "ConstantPathNode") && node.receiver.name === "Routes";
}

/** Calls read from another file (a drawn one), each placed at `source` in the file being read, at `line`. */
function placeAt(statements: readonly ImportedStatement[], source: CallSource, line: number): void {
  for (const statement of statements) {
    if (statement.kind !== "call") continue;
    statement.source = source;
    statement.line = line;
    if (statement.block) placeAt(statement.block.body, source, line);
  }
}

/** `Rails.application.routes.draw do … end`, `Blog::Application.routes.draw do … end`: modern Rails' routes. */
function isModernDraw(node: Node): node is NodeOf<"CallNode"> {
  if (!is(node, "CallNode") || node.name !== "draw" || !is(node.receiver, "CallNode") || node.receiver.name !== "routes") return false;
  const application = node.receiver.receiver;
  if (is(application, "CallNode"))
    return application.name === "application" && is(application.receiver, "ConstantReadNode") && application.receiver.name === "Rails";
  return is(application, "ConstantPathNode") && application.name === "Application";
}

/** Verbs and match whose route is given as `"path" => "controller#action"`. */
const SHORTHAND_METHODS = new Set(["get", "post", "put", "patch", "delete", "match"]);
/** Actions a path written as a string must not be taken for: in member, collection and new blocks they are the resource's own paths. */
const ACTIONS_OF_THEIR_OWN = new Set(["index", "create", "new", "show", "update", "destroy", "edit"]);

/**
 * A modern call's arguments as behaviour C's mapper takes them: Rails' shorthand
 * `get "photos/search" => "photos#search"` as the path and `to:` (a symbol as `action:`, a string
 * without `#` as `controller:`), and a route's path written as a string that is a word only an
 * action could be in the DSL (`get "show"`) given as `path:` as well, which draws what Rails drew.
 */
function modernArguments(method: string, args: RubyValue[]): RubyValue[] {
  if (!SHORTHAND_METHODS.has(method)) return args;
  const [first, ...rest] = args;
  if (first instanceof RubyHash) {
    const pathEntry = first.entries.find(([key]) => typeof key === "string");
    if (!pathEntry) return args;
    const [path, target] = pathEntry;
    const targetKey = target instanceof RubySymbol ? "action" : typeof target === "string" && !target.includes("#") ? "controller" : "to";
    const options = first.entries.filter((entry) => entry !== pathEntry);
    return [path, new RubyHash([[new RubySymbol(targetKey), target], ...options]), ...rest];
  }
  if (typeof first === "string" && ACTIONS_OF_THEIR_OWN.has(first)) {
    const options = rest[0] instanceof RubyHash ? rest[0].entries : [];
    if (options.some(([key]) => key instanceof RubySymbol && key.name === "path")) return args;
    return [new RubySymbol(first), new RubyHash([[new RubySymbol("path"), first], ...options]), ...rest.slice(rest[0] instanceof RubyHash ? 1 : 0)];
  }
  return args;
}

const NOT_CODE: ReadonlySet<string> = new Set(["Hash", "Object"]);

/** Ruby that makes a constraint of the application's code: a lambda or proc, or an object of a class (`AdminConstraint.new`). */
function isCode(node: Node): boolean {
  if (is(node, "LambdaNode")) return true;
  if (!is(node, "CallNode")) return false;
  if (!node.receiver) return (node.name === "lambda" || node.name === "proc") && is(node.block, "BlockNode");
  // A Hash or a bare Object answers neither `matches?` nor `call` (Rails refuses the latter): not code.
  return (
    node.name === "new" &&
    is(node.receiver, "ConstantReadNode", "ConstantPathNode") &&
    !(is(node.receiver, "ConstantReadNode") && NOT_CODE.has(node.receiver.name))
  );
}

/** The mapper a receiver names: a local holding one (`map`, `post`), in the output's name. */
function mapperOf(node: Node | null | undefined, scope: Scope): string | undefined {
  const name = variableName(node);
  return name === undefined ? undefined : scope.mappers.get(name);
}

/** The name a bare word reads: outside any block `map` parses as a call with no receiver; inside one, as a local. */
function variableName(node: Node | null | undefined): string | undefined {
  if (is(node, "LocalVariableReadNode") || (is(node, "CallNode") && !node.receiver && !node.arguments_)) return node.name;
  return undefined;
}

/** Ruby's `extract_options!`: a call's last argument when it is a hash, taken off the list. */
function extractOptions(args: RubyValue[]): RubyHash | undefined {
  return args[args.length - 1] instanceof RubyHash ? (args.pop() as RubyHash) : undefined;
}

function argumentsOf(call: NodeOf<"CallNode" | "YieldNode">): Node[] {
  return call.arguments_?.arguments_ ?? [];
}

/** Rails 2's inflections: the same words in 2.2 and 2.3 but for a few singulars, which only the behaviour decides. */
const INFLECTORS = [new Inflector({}, "A"), new Inflector({}, "B")];

/** A word as both versions of Rails inflect it, or undefined where they differ. */
function inflected(word: string, modern: boolean, inflect: (inflector: Inflector, word: string) => string): string | undefined {
  if (modern) return inflect(MODERN_INFLECTOR, word);
  const [a, b] = INFLECTORS.map((inflector) => inflect(inflector, word));
  return a === b ? a : undefined;
}

/** Modern Rails' (ActiveSupport 6.1's, behaviour C's) inflections. */
const MODERN_INFLECTOR = new Inflector({}, "C");

/** The String (and Symbol) methods a routes.rb calls on names, as Ruby and ActiveSupport answer them. */
const STRING_METHODS: Record<string, (text: string, modern: boolean) => string | undefined> = {
  pluralize: (text, modern) => inflected(text, modern, (inflector, word) => inflector.pluralize(word)),
  singularize: (text, modern) => inflected(text, modern, (inflector, word) => inflector.singularize(word)),
  downcase: (text) => text.toLowerCase(),
  upcase: (text) => text.toUpperCase(),
  capitalize: (text) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase(),
  strip: (text) => text.replace(/^[\s\0]+|[\s\0]+$/g, ""),
  camelize,
  underscore,
};

/** `Rails.env.NAME?` in the environment `env`: whether it is NAME, or, for `local?` (Rails 7.1), development or test. */
function environmentIs(env: string, method: string): boolean {
  const name = method.slice(0, -1);
  return name === "local" ? env === "development" || env === "test" : name === env;
}

/**
 * Ruby's Regexp methods a routes.rb uses to make a constraint: `escape` of a text, and `union` of
 * texts (each escaped, joined by `|`, in one list or as arguments) or of one pattern. Undefined for
 * what else Ruby would accept (patterns joined with their flags, an empty union).
 */
const REGEXP_METHODS: Record<string, (args: readonly RubyValue[]) => RubyValue | undefined> = {
  escape: ([text, ...rest]) => (rest.length === 0 && textOf(text) !== undefined ? rubyEscape(textOf(text)!) : undefined),
  union: (args) => {
    const items = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
    if (items.length === 1 && items[0] instanceof RubyRegexp) return items[0];
    const texts = items.map(textOf);
    if (texts.length === 0 || texts.some((text) => text === undefined)) return undefined;
    return new RubyRegexp(texts.map((text) => rubyEscape(text!)).join("|"), "");
  },
};

/** Ruby's Regexp.escape: its metacharacters, `-`, `#` and a space escaped, and the control characters written as escapes. */
function rubyEscape(text: string): string {
  const controls: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r", "\f": "\\f", "\v": "\\v", " ": "\\ " };
  return text.replace(/[.*?+^$|()[\]{}\\#-]|[\n\t\r\f\v ]/g, (c) => controls[c] ?? `\\${c}`);
}

/** A block's parameter names (`do |post|` → ["post"]), undefined for one that destructures (`|(a, b)|`). */
function blockVariables(block: NodeOf<"BlockNode">): Array<string | undefined> {
  const parameters = is(block.parameters, "BlockParametersNode") ? block.parameters.parameters : null;
  return (parameters?.requireds ?? []).map((p) => (is(p, "RequiredParameterNode") ? p.name : undefined));
}

/**
 * A plugin's or an engine's routes file: the first method of its modules and classes that takes one
 * parameter and calls the mapper's methods on it (`def self.draw(map) map.resources …`), read as
 * the draw block.
 */
function mapperMethod(statements: readonly Node[], within: readonly string[]): PluginRoutes | undefined {
  for (const statement of statements) {
    if (is(statement, "ClassNode", "ModuleNode") && within.length < MAX_NESTING) {
      const found = mapperMethod(statementsOf(statement.body), [...within, constantName(statement.constantPath)]);
      if (found) return found;
    }
    if (!is(statement, "DefNode")) continue;
    const [parameter, ...others] = statement.parameters?.requireds ?? [];
    const variable = is(parameter, "RequiredParameterNode") ? parameter.name : undefined;
    if (!variable || others.length || !statementsOf(statement.body).some((call) => callsOn(call, variable))) continue;
    const called = `${statement.receiver ? `${within.join("::") || "self"}.` : ""}${statement.name}(${variable})`;
    const name = functionName([...within, ...(statement.name === "draw" ? [] : [statement.name])]);
    return {
      owner: statement,
      variable,
      name,
      note: `the routes of ${called}, a plugin's or an engine's: the function ${name}(map), which the application's routing file calls where its routes.rb called ${called}`,
    };
  }
  return undefined;
}

/** A plugin's or an engine's routes: what holds them, its mapper's name, and the function of the mapper they are written as. */
interface PluginRoutes {
  owner: Owner;
  variable: string;
  name: string;
  note: string;
}

/** A module's or class's name as written (`Clearance`, `Foo::Bar`), its last part where it is not plain. */
export function constantName(node: Node): string {
  return is(node, "ConstantReadNode")
    ? node.name
    : is(node, "ConstantPathNode")
      ? `${node.parent ? `${constantName(node.parent)}::` : ""}${node.name ?? ""}`
      : "";
}

/** The function a plugin's routes are written as: `Clearance::Routes.draw` → clearanceRoutes, `Mephisto::Routing.connect_with` → mephistoRoutingConnectWith. */
function functionName(parts: readonly string[]): string {
  const words = parts.flatMap((part) => part.split(/::|_/)).filter((word) => /^[A-Za-z][A-Za-z0-9]*$/.test(word));
  if (words.length === 0) return "pluginRoutes";
  const name = words.map((word, i) => (i === 0 ? word.charAt(0).toLowerCase() : word.charAt(0).toUpperCase()) + word.slice(1)).join("");
  // One word that names nothing of its own (`def self.draw(map)` at the top): say what it holds.
  return name === "draw" || words.length === 1 ? `${name}Routes` : name;
}

/** An extension's routes.rb of bare `map.` calls (the host evaluated it with its mapper): the file read as the draw block. */
function bareCalls(program: NodeOf<"ProgramNode">, statements: readonly Node[]): PluginRoutes | undefined {
  if (!statements.some((statement) => callsOn(statement, "map"))) return undefined;
  return {
    owner: { location: program.location, body: program.statements },
    variable: "map",
    name: "pluginRoutes",
    note: "bare map. calls, a plugin's or an engine's routes: the function pluginRoutes(map), which the application's routing file calls where Rails drew them with its mapper",
  };
}

/** Whether a statement is a call of a method on the mapper named `variable` (`map.resources :posts`). */
function callsOn(statement: Node, variable: string): boolean {
  return is(statement, "CallNode") && variableName(statement.receiver) === variable;
}

/** Ruby's Regexp#to_s, as interpolation writes it: its options on and off around its source. */
/** A value Hash#[] is asked by here: a symbol, a string or a number (others would need Ruby's hash and eql?). */
function isKey(value: RubyValue): boolean {
  return value instanceof RubySymbol || typeof value === "string" || typeof value === "number";
}

/** Whether two keys are eql? in Ruby: a symbol never equals the string of its name. */
function sameKey(a: RubyValue, b: RubyValue): boolean {
  if (a instanceof RubySymbol || b instanceof RubySymbol) return a instanceof RubySymbol && b instanceof RubySymbol && a.name === b.name;
  return a === b;
}

/** Why a constant the file does not define is not known, and how to give it. */
function unknownConstant(name: string): Unknown {
  return new Unknown(`the constant ${name}, not defined in the file (give it with --const ${name}=VALUE)`);
}

/** Names a placeholder cannot take in the written file: what it imports and its mapper parameters' types. */
const RESERVED_IDENTIFIERS: ReadonlySet<string> = new Set(["Mapper", "ScopedMapper"]);

function regexpToS(regexp: RubyRegexp): string {
  const on = ["m", "i", "x"].filter((flag) => regexp.flags.includes(flag)).join("");
  const off = ["m", "i", "x"].filter((flag) => !regexp.flags.includes(flag)).join("");
  return `(?${on}${off ? `-${off}` : ""}:${regexp.source})`;
}

function regexpFlags(node: NodeOf<"RegularExpressionNode" | "InterpolatedRegularExpressionNode">): string {
  return `${node.isIgnoreCase() ? "i" : ""}${node.isMultiLine() ? "m" : ""}${node.isExtended() ? "x" : ""}`;
}
