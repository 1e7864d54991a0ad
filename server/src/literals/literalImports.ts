import * as path from "path";
import ts = require("typescript");

/*
 * How a rewritten file reaches the helpers: through the routing file's default export
 * (`routes.helpers.post_path(id)`), or through a helpers module made from it (`resource-routes
 * helpers`: `post_path(id)`, imported by name), and the import each needs.
 */

/** An insertion into a file's original text. */
export interface Insertion {
  at: number;
  text: string;
  /** The blank line that ends a file's new import block (it had no imports): once after the insertions made there. */
  blankLine?: string;
}

/** The insertions as plain texts, each place's blank line once, after the last insertion made there. */
export function insertedTexts(insertions: readonly Insertion[]): Array<{ at: number; text: string }> {
  const lastAt = new Map(insertions.map((insertion, i) => [insertion.at, i]));
  return insertions.map(({ at, text, blankLine }, i) => ({ at, text: blankLine && lastAt.get(at) === i ? text + blankLine : text }));
}

/** A file's path without a script's extension: what two ways of writing one import have in common. */
function moduleKey(file: string): string {
  return file.replace(/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/, "");
}

/** The relative imports of a file: each imported module (by moduleKey) with its declaration. */
export class FileImports {
  private readonly byModule = new Map<string, ts.ImportDeclaration>();
  /** Whether the file's relative imports name their modules with `.js` (then so does an import added to it). */
  private readonly withJs: boolean;
  /** Where the file's last import ends: an import added goes after it. */
  private lastImportEnd: number | undefined;

  constructor(
    private readonly file: ts.SourceFile,
    private readonly fileName: string,
    /** The extension the project's module resolution requires of a relative import, where it requires one: asked only when an import is written. */
    private readonly extension: () => "js" | "ts" | undefined = () => undefined,
  ) {
    let withJs = false;
    for (const statement of file.statements) {
      if (ts.isVariableStatement(statement)) this.addRequires(statement);
      if (ts.isImportDeclaration(statement)) this.lastImportEnd = statement.getEnd();
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const specifier = statement.moduleSpecifier.text;
      if (!specifier.startsWith(".")) continue;
      withJs ||= /\.js$/.test(specifier);
      const key = moduleKey(path.resolve(path.dirname(fileName), specifier));
      if (!this.byModule.has(key)) this.byModule.set(key, statement);
    }
    this.withJs = withJs;
  }

  /** The local name of the module's default import (or of `const name = require("…")`), if the file has one. */
  defaultName(module: string): string | undefined {
    return this.byModule.get(moduleKey(module))?.importClause?.name?.text ?? this.required.get(moduleKey(module));
  }

  /** Names bound to a relative module by `const name = require("./x")` (or its `.default`), by moduleKey. */
  private readonly required = new Map<string, string>();

  private addRequires(statement: ts.VariableStatement): void {
    for (const declaration of statement.declarationList.declarations) {
      let value = declaration.initializer;
      if (value && ts.isPropertyAccessExpression(value) && value.name.text === "default") value = value.expression;
      if (!ts.isIdentifier(declaration.name) || !value || !ts.isCallExpression(value) || value.expression.getText(this.file) !== "require") continue;
      const [specifier] = value.arguments;
      if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith("."))
        this.required.set(moduleKey(path.resolve(path.dirname(this.fileName), specifier.text)), declaration.name.text);
    }
  }

  /** The names the file imports from the module by name (`import { a, b } from …`), if it has such an import. */
  namedImports(module: string): ts.NamedImports | undefined {
    const bindings = this.byModule.get(moduleKey(module))?.importClause?.namedBindings;
    return bindings && ts.isNamedImports(bindings) ? bindings : undefined;
  }

  /** `import routes from "…"`, as an insertion after the file's imports. */
  defaultImport(module: string, name: string): Insertion {
    return this.statement(`import ${name} from "${this.specifier(module)}";`);
  }

  /** `names` imported from the module by name: added to the file's import of it, or a new import after the file's imports. */
  namesImport(module: string, names: readonly string[]): Insertion {
    const existing = this.namedImports(module);
    if (existing?.elements.length) return { at: existing.elements[existing.elements.length - 1].getEnd(), text: names.map((n) => `, ${n}`).join("") };
    if (existing) return { at: existing.getStart(this.file) + 1, text: ` ${names.join(", ")} ` };
    return this.statement(`import { ${names.join(", ")} } from "${this.specifier(module)}";`);
  }

  /** Whether the module's named import already brings `name`. */
  imports(module: string, name: string): boolean {
    return this.namedImports(module)?.elements.some((element) => element.name.text === name) ?? false;
  }

  /** Whether the file declares a name anywhere (a variable, a parameter, a function, a class, an import): a helper imported by that name would clash or be shadowed. */
  declares(name: string): boolean {
    if (!this.declared) {
      const declared = new Set<string>();
      // With a stack of its own: a concatenation of thousands of terms nests that deep.
      const stack: ts.Node[] = [this.file];
      while (stack.length) {
        const node = stack.pop()!;
        const parent = node.parent as (ts.Node & { name?: ts.Node }) | undefined;
        if (ts.isIdentifier(node) && parent && parent.name === node && DECLARATIONS.some((is) => is(parent))) declared.add(node.text);
        ts.forEachChild(node, (child) => void stack.push(child));
      }
      this.declared = declared;
    }
    return this.declared.has(name);
  }

  private declared: Set<string> | undefined;

  /** The module as the file's relative imports write one: `./x` or `../x`, with `.js` where they have it. */
  private specifier(module: string): string {
    let relative = moduleKey(path.relative(path.dirname(this.fileName), module).replace(/\\/g, "/"));
    if (!relative.startsWith(".")) relative = `./${relative}`;
    const extension = this.extension();
    if (extension === "ts") return `${relative}${tsExtension(module)}`;
    return this.withJs || extension === "js" ? `${relative}${jsExtension(module)}` : relative;
  }

  /**
   * A statement after the file's last import, or first (after a byte order mark) where it has none,
   * there followed by a blank line as an import block is; lines end as the file's do.
   */
  private statement(line: string): Insertion {
    const text = this.file.text;
    const newline = /\r\n/.test(text.slice(0, text.indexOf("\n") + 1)) ? "\r\n" : "\n";
    if (this.lastImportEnd !== undefined) return { at: this.lastImportEnd, text: `${newline}${line}` };
    const at = text.startsWith("\uFEFF") ? 1 : 0;
    const blank = /^[ \t]*(\r?\n|$)/.test(text.slice(at));
    return { at, text: `${line}${newline}`, ...(blank ? {} : { blankLine: newline }) };
  }
}

/** The extension a module is imported with where the compiled file is named: `.js`, or `.mjs`/`.cjs` for `.mts`/`.cts`. */
function jsExtension(module: string): string {
  const own = /\.([mc])[tj]s$/.exec(module);
  return own ? `.${own[1]}js` : ".js";
}

/** The module's own TypeScript extension, where imports name it (allowImportingTsExtensions). */
function tsExtension(module: string): string {
  return /\.(tsx?|mts|cts)$/.exec(module)?.[0] ?? jsExtension(module);
}

/** The nodes whose `name` declares a name in the file's scopes. */
const DECLARATIONS: ReadonlyArray<(node: ts.Node) => boolean> = [
  ts.isVariableDeclaration,
  ts.isParameter,
  ts.isBindingElement,
  ts.isFunctionDeclaration,
  ts.isClassDeclaration,
  ts.isEnumDeclaration,
  ts.isImportClause,
  ts.isImportSpecifier,
  ts.isNamespaceImport,
  ts.isImportEqualsDeclaration,
];
