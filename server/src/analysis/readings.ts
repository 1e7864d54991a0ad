import ts = require("typescript");
import type { Declaration, Diagnostic } from "resource-routes/internal";

import { ANALYSIS_LIMITS, type Cost, count } from "./budget";
import type { Evaluator } from "./evaluate";
import type { Scope } from "./scope";
import { StatementPlace } from "./statementPlace";

/*
 * What the reader records of each statement it reads: the declarations and diagnostics it gave,
 * where it lies and what it cost, so that the next version of the file re-uses the statements an
 * edit did not touch (rereading.ts) instead of reading them again.
 */

/** What reading one top-level statement of the draw() callback gave, kept for the next version of the file. */
export interface StatementReading {
  /** The statement read, when it is a node of the file's tree: none once the analysis was compacted (a closed file keeps no syntax tree) or for a statement parsed alone, and then never found the same. */
  node?: ts.Statement;
  /** It is an expression statement (a call), which binds no name. */
  expression: boolean;
  /** Where the statement now lies (with its leading trivia): moving it moves every range read inside it. */
  place: StatementPlace;
  /** The name of the mapper parameter it was read with. */
  mapper: string;
  /**
   * Where the last range read outside the statement ends (a const's value read through its name),
   * or -1 when every range lies in the statement. Such a range does not move with the statement:
   * a whole reading of the file reads the statement again.
   */
  outsideEnd: number;
  declarations: Declaration[];
  diagnostics: Diagnostic[];
  /** What reading it spent of the file's budget. */
  cost: Cost;
  /** The file's budget was gone when its reading ended: what it left out depends on what came before, so it is read again. */
  bounded: boolean;
  /** The one block of calls the statement holds (a namespace's), read a statement at a time. */
  block?: BlockReading;
  /** It called a function of another module, whose text may change while the file's does not: read again with the file, never re-used or read alone. */
  elsewhere?: true;
}

/**
 * A block of mapper calls alone (no const, loop or other statement) given as the last argument
 * of a declaration (`map.namespace("api", (api) => { … })`), read a statement at a time: an edit
 * inside one of its statements is read alone, in what the block gives it, as an edit inside a
 * top-level statement is (see rereading.ts).
 */
export interface BlockReading {
  /** Which of the statement's declarations the block is of. */
  ownerAt: number;
  /** The block's mapper parameter. */
  mapper: string;
  /** The mappers of the blocks around it, which a statement read alone must not call. */
  outer: string[];
  scope: Scope;
  /** What its declarations inherit (see DeclarationReader.inherited), and how deeply it is nested. */
  inherited: number;
  depth: number;
  /** Where, in the diagnostics of the statement holding the block, those of its statements begin. */
  diagnosticsAt: number;
  statements: StatementReading[];
}

/** The reading of a statement after the file's budget ran out: nothing (see DeclarationReader.leftUnread). */
export function unreadStatement(statement: ts.Statement, mapper: string): StatementReading {
  return {
    node: statement,
    expression: ts.isExpressionStatement(statement),
    place: new StatementPlace(statement.pos, statement.end),
    mapper,
    outsideEnd: -1,
    declarations: [],
    diagnostics: [],
    cost: { steps: 0, iterations: 0 },
    bounded: true,
  };
}

/** A block as it is read, with the declaration it is of (a reading keeps where that is among its declarations instead: see blockOf). */
export type FoundBlock = BlockReading & { owner: Declaration };

/** The block as a statement's reading keeps it: where its owner is among the statement's declarations (none: not one of them). */
export function blockOf(found: FoundBlock, declarations: readonly Declaration[]): BlockReading | undefined {
  const { owner, ...block } = found;
  block.ownerAt = declarations.indexOf(owner);
  return block.ownerAt < 0 ? undefined : block;
}

/** What reading a draw() callback gave (see DeclarationReader.drawCallback). */
export interface CallbackReadings {
  statements: StatementReading[];
  mapper?: string;
  scope: Scope;
}

/**
 * One diagnostic for the statements after the file's budget ran out, which are not read at all:
 * once the allowance is gone every one of them would be left out, and a report each would bury
 * the one that says why.
 */
export function budgetSpentBefore(statements: readonly ts.Statement[], evaluator: Evaluator): Diagnostic {
  const first = statements[0];
  const last = statements[statements.length - 1];
  const more = statements.length - 1;
  const which = more === 0 ? "this statement; it is not read, and its" : `this statement and the ${count(more)} after it; they are not read, and their`;
  return {
    severity: "information",
    code: "not-static",
    message: `Not static: the analyser's budget of ${count(ANALYSIS_LIMITS.steps)} evaluation steps for one file was spent before ${which} routes are left out.`,
    span: { start: evaluator.span(first).start, end: last.end },
  };
}
