import { Mapper, redirect, ScopedMapper } from "resource-routes";
import { AppCode, ApplicationConstraint, type Declaration, DirectCode, RedirectCode, redirectValue, ResolveCode, type Span } from "resource-routes/internal";

import { OptionSources } from "../incremental/optionSources";
import { argumentsText, UnsetValue, UnwritableValue } from "./dslValues";
import { type ImportedCall, type ImportedStatement, MAPPER_METHODS } from "./routesRb";
import { RubyCode, RubyHash, RubyRedirect, RubyRegexp, RubySymbol, type RubyUnset, RubyValue, unsetIn } from "./rubyValues";

/** A call the facility refused (or whose values the DSL cannot take), where it was written. */
export interface RefusedCall {
  message: string;
  span: Span;
  /** Its line in the routes.rb. */
  line: number;
  /**
   * The DSL cannot take its values (the written file keeps it as a comment), or they hold a
   * constant nothing gave (written with a placeholder): it draws nothing, rather than the mapper
   * refusing them (it throws).
   */
  unwritable: boolean;
}

/**
 * The declaration tree of a routes.rb's imported calls, each declaration placed where its Ruby call
 * was written. The calls go through the DSL's own mapper (the one draw() gives a routing file), so
 * the tree is the one the written TypeScript file makes; a call it refuses is left out and said.
 */
export function rubyDeclarations(body: readonly ImportedStatement[], modern = false): { body: Declaration[]; refused: RefusedCall[] } {
  if (modern) return modernDeclarations(body);
  const top: Declaration[] = [];
  const mapper = new Mapper(top);
  const lists = new Map<Mapper, Declaration[]>([[mapper, top]]);
  const refused: RefusedCall[] = [];

  const replay = (statements: readonly ImportedStatement[], mappers: ReadonlyMap<string, Mapper>): void => {
    for (const statement of statements) {
      if (statement.kind !== "call") continue;
      const on = mappers.get(statement.receiver);
      const list = on && lists.get(on);
      if (!on || !list) continue;
      const at = list.length;
      const block =
        statement.block &&
        ((inner: Mapper) => {
          // The mapper records a declaration before running its block: the block's list is that declaration's.
          lists.set(inner, list[at].block!);
          replay(statement.block!.body, new Map([...mappers, [statement.block!.variable, inner]]));
        });
      const made = recorded(statement, refused, (args) => {
        const target = on as unknown as Record<string, (...values: unknown[]) => void>;
        if (MAPPER_METHODS.has(statement.method)) target[statement.method](...args, ...(block ? [block] : []));
        else on.named_route(statement.method, args[0] as string, (args[1] ?? {}) as Record<string, unknown>);
      });
      if (made) placed(list[at], statement);
    }
  };
  replay(body, new Map([["map", mapper]]));
  return { body: top, refused };
}

/** Modern Rails' calls through behaviour C's mapper, each block's calls made while it runs. */
function modernDeclarations(body: readonly ImportedStatement[]): { body: Declaration[]; refused: RefusedCall[] } {
  const top: Declaration[] = [];
  const mapper = new ScopedMapper(top);
  const target = mapper as unknown as Record<string, (...values: unknown[]) => void>;
  const refused: RefusedCall[] = [];
  // The list each call is recorded into, to place its declaration: the block being replayed.
  const replay = (statements: readonly ImportedStatement[], into: Declaration[]): void => {
    for (const statement of statements) {
      if (statement.kind !== "call") continue;
      const at = into.length;
      const block = statement.block && (() => replay(statement.block!.body, into[at].block!));
      if (recorded(statement, refused, (args) => target[statement.method](...args, ...(block ? [block] : [])))) placed(into[at], statement);
    }
  };
  replay(body, top);
  return { body: top, refused };
}

/**
 * Makes the mapper call of an imported call with its values as the DSL takes them; false, with the
 * refusal said, where the writer cannot write its values (left out here too: the tree is the
 * written file's) or the mapper refuses them.
 */
function recorded(statement: ImportedCall, refused: RefusedCall[], call: (args: unknown[]) => void): boolean {
  try {
    const written = argumentsText(statement);
    if (written instanceof UnwritableValue) throw written;
    const unset = unsetIn(statement.args);
    if (unset.size) throw new UnsetValue([...unset].map(unsetMessage).join("; "));
    call(statement.args.map(plain));
    return true;
  } catch (error) {
    if (!(error instanceof UnwritableValue || error instanceof TypeError)) throw error;
    refused.push({
      message: `${statement.method}: ${error.message}`,
      span: statement.source.call,
      line: statement.line,
      unwritable: error instanceof UnwritableValue,
    });
    return false;
  }
}

/** Why a call holding an unset constant draws nothing, and how to give the value. */
function unsetMessage({ unset, identifier }: RubyUnset): string {
  return `${unset} is not known: written as the placeholder ${identifier}, unset until given a value (or import with --const ${unset}=VALUE)`;
}

/** A declaration placed where its Ruby call was written. */
function placed(declaration: Declaration, statement: ImportedCall): void {
  const { call, method, names, options } = statement.source;
  const sources = new OptionSources();
  for (const [path, key, value] of options) sources.set(path, { key, value });
  declaration.source = { call, method, names, options: sources };
}

/** What stands for the application's code of each role, as the written file's function does. */
const CODE_OF_ROLE: Record<RubyCode["role"], () => unknown> = {
  constraint: () => new ApplicationConstraint(null),
  application: () => new AppCode(null),
  direct: () => new DirectCode(null),
  resolve: () => new ResolveCode(null),
};

/** A Ruby value as the DSL takes it at run time. */
function plain(value: RubyValue): unknown {
  if (value instanceof RubySymbol) return value.name;
  if (value instanceof RubyRegexp) {
    // valueText has refused a regexp without a JavaScript equivalent before this is reached.
    const { source, flags } = value.javascript as { source: string; flags: string };
    return new RegExp(source, flags);
  }
  if (Array.isArray(value)) return value.map(plain);
  // The written file's function stands for it: a constraint or an application of the application's code, never run here.
  if (value instanceof RubyCode) return CODE_OF_ROLE[value.role]();
  // What the written file's redirect() makes of the same arguments.
  if (value instanceof RubyRedirect) {
    const status = value.status ?? undefined;
    // The written file's function stands for a block: the application's code, never run here.
    if (value.to instanceof RubyCode) return redirectValue(new RedirectCode(null), status);
    if (value.to instanceof RubyHash) return redirect({ ...(plain(value.to) as object), status });
    return redirect(plain(value.to) as string, { status });
  }
  if (value instanceof RubyHash) {
    const object: Record<string, unknown> = {};
    for (const [key, v] of value.entries)
      Object.defineProperty(object, String(key instanceof RubySymbol ? key.name : key), {
        value: plain(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return object;
  }
  return value;
}
