import type ts = require("typescript");
import type { DeclarationTree, Diagnostic } from "resource-routes/internal";

import type { OptionSources } from "../incremental/optionSources";
import type { SourceText } from "../text/sourceText";
import type { Cost } from "./budget";
import type { FileSyntax } from "./fileSyntax";
import type { StatementReading } from "./readings";
import type { Scope } from "./scope";

/** A routing file's analysis: what analyze.ts reads of a version, and what rereading.ts leaves of it to the next. */
export interface RoutingFileAnalysis {
  /** Undefined when the file is not a routing file (no draw() imported from resource-routes is called). */
  tree?: DeclarationTree;
  diagnostics: Diagnostic[];
  /** Where the settings were written (`behaviour`, `resources_path_names.new`). */
  settingsSources: OptionSources;
  /** The text that was read: read in parts where an edit is read alone (an open document's text is in chunks, see ChunkedText). */
  text: SourceText;
  /**
   * The syntax tree of `text` (the language service finds completion contexts in it), made when
   * first asked for: an edit inside one statement of the callback is read without one. None for a
   * file written in another language (a routes.rb), which is read but never edited by the service.
   */
  syntax?(): ts.SourceFile;
  /** The other modules whose functions the file calls were read, by file name, with the texts read: the analysis is stale once one changes. */
  modules?: ReadonlyMap<string, string>;
  /** A function the file calls with the mapper is imported from a module that was not found: one added since may change the routes. */
  modulesMissing?: true;
  /** What the analysis of the file's next version re-uses; none on a compacted analysis (a closed file's). */
  reuse?: Reusable;
  /**
   * The evaluation work this version's analysis did (ANALYSIS_LIMITS bounds it): what tests assert
   * of hostile files instead of a time; undefined where only one statement was read again.
   */
  cost?: Cost;
}

/** What one analysis leaves to the next version's. */
export interface Reusable {
  trees: FileSyntax;
  /** Each top-level statement of the draw() callback and what reading it gave. */
  readings?: StatementReading[];
  /** What the readings spent, together (kept up as statements are read again, not summed per edit). */
  readingsCost?: Cost;
  /** How the callback's statements were read, when it is a block: an edit inside one of them is read alone. */
  callback?: CallbackReading;
  /** The statements that declare what the callback's statements can see (see scopeStatements). */
  scope?: ts.Statement[];
  /** The reading read again alone (readOneStatement), and where its declarations begin in the tree's body. */
  readAgain?: { reading: StatementReading; bodyAt: number };
}

interface CallbackReading {
  mapper: string;
  /** The callback body's scope: the consts of the file and of the callback (each evaluated once, then kept). */
  scope: Scope;
  /** Where the last statement that binds a name (or holds the draw() call) ends: an edit after it changes no binding. */
  bindingsEnd: number;
  /** How many diagnostics come before those of the callback's statements (the parser's, the settings'). */
  head: number;
  /** What the reading spent outside the callback's statements (the settings); the statements' share is `readingsCost`. */
  outside: Cost;
  /** A behaviour-C file: a statement read alone reads its blocks as C's (see DeclarationReader). */
  scoped: boolean;
}
