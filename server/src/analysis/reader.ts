import ts = require("typescript");
import { Declaration, DeclarationKind, Diagnostic } from "resource-routes/internal";

import { addCost, ANALYSIS_LIMITS, count } from "./budget";
import { callArguments, declarationOf, type FunctionNode } from "./callArguments";
import { Evaluator, unwrap } from "./evaluate";
import { callsPastBudget, NotStatic, notStaticDiagnostic } from "./evaluated";
import { type ModuleReading, placeAtCall } from "./importedFunctions";
import { boundParameters, functionScope, loopVariable, mapperMethods, mapperNamed, type Mappers, mentions, unknownMapperMethod } from "./mapperSyntax";
import { blockOf, BlockReading, budgetSpentBefore, CallbackReadings, FoundBlock, StatementReading, unreadStatement } from "./readings";
import { type Imported, Scope } from "./scope";
import { StatementPlace } from "./statementPlace";

/** Mapper parameters in scope, each with the list its calls are recorded into. */

/**
 * Reads the calls a draw() callback makes on its mapper (and on the mappers of nested blocks) into
 * declarations with their source spans. What it cannot know statically it reports as not-static
 * and leaves out; it never guesses.
 */
export class DeclarationReader {
  private blockDepth = 0;
  /** Calls of functions of other modules read so far: a statement that made one is read again whenever the file is (see StatementReading.elsewhere). */
  private modulesRead = 0;
  /** The size (Evaluator.sizeOf) of the options the declarations being read inherit: expansion merges them into each one's own. */
  private inherited = 0;
  private loopsStopped = false;
  /**
   * Per statement being read (innermost last): where its diagnostics begin, and the blocks read
   * in it statement by statement (null for a block read otherwise: see callback).
   */
  private readonly levels: Array<{ start: number; blocks: Array<FoundBlock | null> }> = [];

  private readonly methods: ReadonlySet<string>;

  /** `scoped`: a behaviour-C file (blocks take no mapper). `modules`: where imported functions are found (none: not static). `calling`: the
   * functions being read, here and in the modules read: one that calls itself is not followed. */
  constructor(
    private readonly evaluator: Evaluator,
    private readonly diagnostics: Diagnostic[],
    private readonly scoped = false,
    private readonly modules?: ModuleReading,
    private readonly calling = new Set<ts.FunctionDeclaration>(),
  ) {
    this.methods = mapperMethods(scoped);
    // The application's code given by an import (`to: health`) is read in its module, which makes the statement's reading depend on it.
    if (modules)
      evaluator.importedCode = (imported) => {
        this.modulesRead++;
        return modules.functions.exportsCode(imported.module, imported.name, modules.from);
      };
  }

  /**
   * The draw() callback, read statement by statement with each statement's reading recorded. A
   * statement found (the same syntax node) in `previous` is not read again: its declarations and
   * diagnostics are re-used, their ranges moved to where the statement now is. The caller passes
   * `previous` only when nothing a statement's reading depends on (the consts in scope) changed.
   * Gives the readings, and the mapper's name and the body's scope when the body is a block read
   * statement by statement (see readStatement).
   */
  drawCallback(fn: FunctionNode, scope: Scope, into: Declaration[], previous: readonly StatementReading[] = []): CallbackReadings {
    const param = fn.parameters[0];
    if (!ts.isBlock(fn.body) || !param || !ts.isIdentifier(param.name)) {
      this.callback(fn, new Map(), scope, into);
      return { statements: [], scope };
    }
    const mapper = param.name.text;
    const inner = functionScope(fn, scope);
    // A renamed mapper parameter changes what every statement means.
    const before = new Map(
      previous
        .filter((reading) => reading.node && reading.mapper === mapper && reading.outsideEnd < 0 && !reading.elsewhere)
        .map((reading) => [reading.node, reading]),
    );
    const budget = this.evaluator.budget;
    // Once the budget is gone it stays gone: the statements from the first one found so are left unread.
    let firstUnread = -1;
    const statements = fn.body.statements.map((statement, index) => {
      const old = before.get(statement);
      // A re-used reading is charged what it spent, so the budget runs out where a whole reading's would.
      if (old && !old.bounded && budget.charge(old.cost)) {
        old.place.move(statement.pos - old.place.pos);
        for (const declaration of old.declarations) into.push(declaration);
        for (const diagnostic of old.diagnostics) this.diagnostics.push(diagnostic);
        return old;
      }
      if (budget.exhausted) {
        if (firstUnread < 0) firstUnread = index;
        return unreadStatement(statement, mapper);
      }
      const reading = this.readStatement(statement, mapper, inner);
      for (const declaration of reading.declarations) into.push(declaration);
      return reading;
    });
    if (firstUnread >= 0) statements[firstUnread].diagnostics = [this.leftUnread(fn.body.statements.slice(firstUnread))];
    return { statements, mapper, scope: inner };
  }

  /** Said once for the statements after the file's budget ran out (see budgetSpentBefore). */
  private leftUnread(statements: readonly ts.Statement[]): Diagnostic {
    return this.diagnostics[this.diagnostics.push(budgetSpentBefore(statements, this.evaluator)) - 1];
  }

  /** One top-level statement of the callback whose mapper is named `mapper`, read in the callback body's scope. */
  readStatement(statement: ts.Statement, mapper: string, scope: Scope): StatementReading {
    const into: Declaration[] = [];
    return this.read(statement, new Map([[mapper, into]]), mapper, into, true, scope, new StatementPlace(statement.pos, statement.end));
  }

  /**
   * One statement of `block` (parsed alone at its place in the file, inside the statement placed
   * at `parent`), read as reading the statement around it read it: with the block's mapper, scope,
   * depth and inherited options. `escaped`: it called a mapper of a block around, which a reading
   * of it alone cannot place.
   */
  readInBlock(statement: ts.Statement, block: BlockReading, parent: StatementPlace): { reading: StatementReading; escaped: boolean } {
    const into: Declaration[] = [];
    const others = block.outer.map((name) => [name, [] as Declaration[]] as const);
    const mappers = new Map<string, Declaration[]>([...others, [block.mapper, into]]);
    this.inherited = block.inherited;
    this.blockDepth = block.depth;
    const reading = this.read(statement, mappers, block.mapper, into, true, block.scope, new StatementPlace(statement.pos, statement.end, parent));
    return { reading, escaped: others.some(([, list]) => list.length > 0) };
  }

  /** `owned`: `into` is this statement's alone (else it is its block's, and the statement's declarations are those it adds). */
  private read(
    statement: ts.Statement,
    mappers: Mappers,
    mapper: string,
    into: Declaration[],
    owned: boolean,
    scope: Scope,
    place: StatementPlace,
  ): StatementReading {
    const from = into.length;
    const diagnostics = this.diagnostics.length;
    const before = this.evaluator.budget.spent;
    const modulesRead = this.modulesRead;
    const level = { start: diagnostics, blocks: [] as Array<FoundBlock | null> };
    this.levels.push(level);
    let outsideEnd: number;
    try {
      outsideEnd = this.evaluator.within(place, () => this.statement(statement, mappers, scope));
    } finally {
      this.levels.pop();
    }
    const found = level.blocks.length === 1 ? level.blocks[0] : null;
    const declarations = owned ? into : into.slice(from);
    const block = found ? blockOf(found, declarations) : undefined;
    return {
      node: statement,
      expression: ts.isExpressionStatement(statement),
      place,
      mapper,
      // A block's list goes on growing with the statements after this one: a list of its own then.
      declarations,
      diagnostics: this.diagnostics.slice(diagnostics),
      outsideEnd,
      cost: addCost(this.evaluator.budget.spent, before, -1),
      bounded: this.evaluator.budget.exhausted,
      block,
      ...(this.modulesRead > modulesRead ? { elsewhere: true as const } : {}),
    };
  }

  /**
   * A callback whose first parameter is a mapper recording into `into`. `owner`: the declaration
   * whose block it is, when the callback is that call's last argument; such a block of calls
   * alone, inside a statement being read, is read a statement at a time (see BlockReading).
   */
  callback(fn: FunctionNode, mappers: Mappers, scope: Scope, into: Declaration[], owner?: Declaration): void {
    if (this.tooDeep(fn)) return;
    if (this.scoped) return this.scopedBlock(fn, mappers, scope, into);
    const param = fn.parameters[0];
    const inner = new Map(mappers);
    if (param && ts.isIdentifier(param.name)) inner.set(param.name.text, into);
    else if (param) this.notStatic(new NotStatic(param.name, "a destructured mapper parameter"), "its calls are left out");
    const level = this.levels[this.levels.length - 1];
    const place = this.evaluator.currentPlace;
    this.blockDepth++;
    try {
      const body = fn.body;
      if (owner && level && place && param && ts.isIdentifier(param.name) && ts.isBlock(body) && body.statements.every(ts.isExpressionStatement)) {
        level.blocks.push(this.blockOfCalls(body, owner, param.name.text, mappers, inner, functionScope(fn, scope), place, level.start));
      } else {
        if (level) level.blocks.push(null);
        this.body(body, inner, functionScope(fn, scope));
      }
    } finally {
      this.blockDepth--;
    }
  }

  /** A block of behaviour C: the calls on any mapper in scope, while it runs, are recorded into it. */
  private scopedBlock(fn: FunctionNode, mappers: Mappers, scope: Scope, into: Declaration[]): void {
    const inner = new Map([...mappers.keys()].map((name) => [name, into]));
    const level = this.levels[this.levels.length - 1];
    if (level) level.blocks.push(null);
    this.blockDepth++;
    try {
      this.body(fn.body, inner, functionScope(fn, scope));
    } finally {
      this.blockDepth--;
    }
  }

  /** A block of calls read a statement at a time, each reading kept; null when one of them reached past the block (see BlockReading). */
  private blockOfCalls(
    body: ts.Block,
    owner: Declaration,
    mapper: string,
    outer: Mappers,
    mappers: Mappers,
    scope: Scope,
    place: StatementPlace,
    readingStart: number,
  ): FoundBlock | null {
    const block: FoundBlock = {
      owner,
      ownerAt: -1,
      mapper,
      outer: [...outer.keys()].filter((name) => name !== mapper),
      scope,
      inherited: this.inherited,
      depth: this.blockDepth,
      diagnosticsAt: this.diagnostics.length - readingStart,
      statements: [],
    };
    const into = mappers.get(mapper)!;
    const others = block.outer.map((name) => outer.get(name)!);
    const lengths = others.map((list) => list.length);
    const statements = body.statements;
    for (let i = 0; i < statements.length; i++) {
      if (this.evaluator.budget.exhausted) {
        this.leftUnread(statements.slice(i));
        return null;
      }
      const statement = statements[i];
      const reading = this.read(statement, mappers, mapper, into, false, scope, new StatementPlace(statement.pos, statement.end, place));
      // Only a top-level statement's reading is found again by its node (drawCallback); kept here, it would hold the syntax tree of a closed file.
      reading.node = undefined;
      block.statements.push(reading);
    }
    return others.every((list, i) => list.length === lengths[i]) ? block : null;
  }

  private body(body: ts.ConciseBody, mappers: Mappers, scope: Scope): void {
    if (ts.isBlock(body)) this.statements(body.statements, mappers, scope);
    else this.expression(body, mappers, scope);
  }

  private statements(statements: readonly ts.Statement[], mappers: Mappers, scope: Scope): void {
    for (let i = 0; i < statements.length; i++) {
      if (this.evaluator.budget.exhausted) return void this.leftUnread(statements.slice(i));
      this.statement(statements[i], mappers, scope);
    }
  }

  private statement(statement: ts.Statement, mappers: Mappers, scope: Scope): void {
    if (ts.isExpressionStatement(statement)) this.expression(statement.expression, mappers, scope);
    // Declarations were bound when their block was entered; one that calls the mapper is not followed.
    else if (ts.isVariableStatement(statement) && !mentions(statement, mappers)) return;
    else if (ts.isBlock(statement)) this.statements(statement.statements, mappers, new Scope(scope).declareBlock(statement.statements, false));
    else if (ts.isForOfStatement(statement)) this.forOf(statement, mappers, scope);
    else if (
      ts.isEmptyStatement(statement) ||
      ts.isFunctionDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement)
    )
      return;
    else if (mentions(statement, mappers)) {
      const at = ts.isIfStatement(statement) ? statement.expression : statement;
      this.notStatic(
        new NotStatic(at, ts.isIfStatement(statement) ? "a condition" : "a statement the analyser does not follow"),
        "the routes declared under it are left out",
      );
    }
  }

  private expression(node: ts.Expression, mappers: Mappers, scope: Scope): void {
    const e = unwrap(node);
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
      const receiver = unwrap(e.expression.expression);
      const method = e.expression.name.text;
      const mapper = mapperNamed(receiver, mappers);
      if (mapper) return this.mapperCall(e, method, mappers.get(mapper)!, mappers, scope);
      if (method === "forEach") return this.forEach(e, receiver, mappers, scope);
    }
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression)) {
      const binding = scope.lookup(e.expression.text);
      if (binding?.kind === "opaque" && e.arguments.some((argument) => mapperNamed(argument, mappers))) {
        if (binding.declared) return this.functionCall(e, binding.declared, mappers, scope);
        if (binding.imported && this.modules) return this.importedCall(e, binding.imported, mappers, scope, this.modules);
      }
    }
    if (mentions(e, mappers)) this.notStatic(new NotStatic(e, "an expression the analyser does not follow"), LEFT_OUT);
  }

  /** `for (const r of ["a", "b"]) map.resources(r)`: the body once per value. */
  private forOf(loop: ts.ForOfStatement, mappers: Mappers, scope: Scope): void {
    if (!mentions(loop.statement, mappers)) return;
    const variable = loopVariable(loop.initializer);
    if (typeof variable !== "string") {
      this.notStatic(new NotStatic(loop.initializer, variable.why), "the routes declared in the loop are left out");
      return;
    }
    const values = this.evaluator.evaluate(loop.expression, scope);
    if (values instanceof NotStatic || !Array.isArray(values)) {
      this.notStatic(
        values instanceof NotStatic ? values : new NotStatic(loop.expression, "a loop over something that is not a list"),
        "the routes declared in the loop are left out",
      );
      return;
    }
    for (const value of values) {
      if (!this.iterate(loop)) return;
      const inner = new Scope(scope);
      inner.bind(variable, { kind: "value", value });
      this.statement(loop.statement, mappers, inner);
    }
  }

  /** Spends one loop iteration; once the file's allowance is gone, says so at the loop and stops it. */
  private iterate(loop: ts.Node): boolean {
    if (this.evaluator.budget.iterate()) return true;
    // Said once, at the loop that ran out: the loops around it stop without repeating it.
    if (this.loopsStopped) return false;
    this.loopsStopped = true;
    this.notStatic(
      new NotStatic(loop, `a loop past ${count(ANALYSIS_LIMITS.loopIterations)} iterations (all loops of the file together)`, "budget"),
      "the routes of the iterations after it are left out",
    );
    return false;
  }

  /** `["a", "b"].forEach((r) => map.resources(r))`. */
  private forEach(call: ts.CallExpression, receiver: ts.Expression, mappers: Mappers, scope: Scope): void {
    const fn = call.arguments[0] && unwrap(call.arguments[0]);
    if (!fn || !(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || !mentions(fn, mappers)) {
      if (mentions(call, mappers)) this.notStatic(new NotStatic(call, "an expression the analyser does not follow"), LEFT_OUT);
      return;
    }
    const values = this.evaluator.evaluate(receiver, scope);
    if (values instanceof NotStatic || !Array.isArray(values)) {
      this.notStatic(
        values instanceof NotStatic ? values : new NotStatic(receiver, "a loop over something that is not a list"),
        "the routes declared in the loop are left out",
      );
      return;
    }
    const [item, index] = fn.parameters;
    for (let i = 0; i < values.length; i++) {
      if (!this.iterate(call)) return;
      const inner = functionScope(fn, scope);
      if (item && ts.isIdentifier(item.name)) inner.bind(item.name.text, { kind: "value", value: values[i] });
      if (index && ts.isIdentifier(index.name)) inner.bind(index.name.text, { kind: "value", value: i });
      this.body(fn.body, mappers, inner);
    }
  }

  /**
   * `adminRoutes(map)`: a function called with a mapper, its body read with each parameter bound (see boundParameters); one calling
   * itself is not followed, as nothing static would end it. Each call is charged its statements: functions that each call the next
   * twice would otherwise multiply free work.
   */
  private functionCall(
    call: ts.CallExpression,
    { fn, scope: declaredIn }: { fn: ts.FunctionDeclaration; scope: Scope },
    mappers: Mappers,
    scope: Scope,
    reader: DeclarationReader = this, // or one of the module the function is declared in (its ranges are that text's)
  ): void {
    if (this.calling.has(fn)) return void this.notStatic(new NotStatic(call, `\`${fn.name!.text}\` calling itself`), LEFT_OUT);
    if (this.tooDeep(call)) return;
    if (!this.evaluator.budget.spend(1 + fn.body!.statements.length)) return void this.notStatic(callsPastBudget(call), LEFT_OUT);
    const bound = boundParameters(fn, call, mappers, functionScope(fn, declaredIn), (argument) => this.evaluator.evaluate(argument, scope));
    if (bound instanceof NotStatic) return void this.notStatic(bound, LEFT_OUT);
    const { inner, bodyScope } = bound;
    this.calling.add(fn);
    const depth = reader.blockDepth;
    reader.blockDepth = this.blockDepth + 1;
    try {
      reader.statements(fn.body!.statements, inner, bodyScope);
    } finally {
      reader.blockDepth = depth;
      this.calling.delete(fn);
    }
  }

  /** `clearanceRoutes(map)` imported from another module: read there as a function of the file is, by a reader of that text, and placed at the call. */
  private importedCall(call: ts.CallExpression, imported: Imported, mappers: Mappers, scope: Scope, modules: ModuleReading): void {
    // A reader of the other text and the placing of its results: charged as the statements they cost, not as one.
    if (!this.evaluator.budget.spend(IMPORTED_CALL_STEPS)) return void this.notStatic(callsPastBudget(call), LEFT_OUT);
    const found = modules.functions.find(imported.module, imported.name, modules.from);
    if (typeof found === "string") return void this.notStatic(new NotStatic(call, found), LEFT_OUT);
    this.modulesRead++;
    const reports: Diagnostic[] = [];
    const there = { ...modules, from: found.fileName };
    const reader = new DeclarationReader(new Evaluator(found.text, this.evaluator.budget), reports, this.scoped, there, this.calling);
    const placing = placeAtCall(mappers.values());
    this.functionCall(call, found, mappers, scope, reader);
    placing.done({ call: this.evaluator.span(call), callee: this.evaluator.span(call.expression), reports, module: found }, this.diagnostics);
  }

  private mapperCall(call: ts.CallExpression, method: string, into: Declaration[], mappers: Mappers, scope: Scope): void {
    if (!this.methods.has(method))
      return void this.diagnostics.push(unknownMapperMethod(method, this.methods, this.evaluator.span((call.expression as ts.PropertyAccessExpression).name)));
    const kind = method as DeclarationKind;
    const read = callArguments(call, this.evaluator, scope, (missing, consequence) => this.notStatic(missing, consequence), kind, this.scoped);
    if (!read) return;
    const { options, block } = read;
    // Expansion merges the inherited options into this declaration's own, and copies them into each
    // has_many/has_one child: charged here, so that what it walks stays within the file's budget.
    const weight = this.inherited + this.evaluator.sizeOf(options);
    const copies = 1 + this.evaluator.sizeOf(options.has_many ?? null) + this.evaluator.sizeOf(options.has_one ?? null);
    if (!this.evaluator.budget.spend(weight * copies)) {
      this.notStatic(
        new NotStatic(call, `options (with those it inherits) needing more than ${count(ANALYSIS_LIMITS.steps)} evaluation steps to expand`, "budget"),
        "this declaration is left out",
      );
      return;
    }
    const declaration = declarationOf(kind, read, call, this.evaluator, this.diagnostics);
    if (!declaration) return;
    into.push(declaration);
    if (block) {
      declaration.block = [];
      const outer = this.inherited;
      this.inherited = weight;
      const last = call.arguments[call.arguments.length - 1];
      try {
        this.callback(block, mappers, scope, declaration.block, last && unwrap(last) === block ? declaration : undefined);
      } finally {
        this.inherited = outer;
      }
    }
  }

  /** Whether one more level of blocks is past the limit (said at `node`). */
  private tooDeep(node: ts.Node): boolean {
    if (this.blockDepth < ANALYSIS_LIMITS.blockDepth) return false;
    this.notStatic(new NotStatic(node, `blocks nested more than ${ANALYSIS_LIMITS.blockDepth} levels deep`, "depth"), LEFT_OUT);
    return true;
  }

  private notStatic(missing: NotStatic, consequence: string): void {
    this.diagnostics.push(notStaticDiagnostic(missing, consequence, this.evaluator));
  }
}

const LEFT_OUT = "the routes declared in it are left out";
const IMPORTED_CALL_STEPS = 100;
