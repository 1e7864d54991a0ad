import { Behaviour, behaviourOf, Diagnostic, directHelpers, DrawSettings, InflectionSettings, polymorphicMappings, RouteSet } from "resource-routes/internal";

import { GroupedTable } from "../incremental/groupedTable";
import type { TakenOver } from "../incremental/ownership";
import { expandIncrementally } from "../incremental/reexpand";
import type { SourceText } from "../text/sourceText";
import type { TextChange } from "../text/textChange";
import { adoptTreeDeclarations, analyzeRoutingFile, internalError } from "./analyze";
import { ANALYSIS_LIMITS } from "./budget";
import type { RoutingFileAnalysis } from "./fileAnalysis";
import type { ModuleSources } from "./importedFunctions";

/** A routing file read statically and expanded: what the CLI and the language service work on. */
export interface LoadedRoutingFile {
  analysis: RoutingFileAnalysis;
  behaviour: Behaviour;
  routes: RouteSet;
  /** Analysis and expansion diagnostics, in file order. */
  diagnostics: Diagnostic[];
}

/** Settings from outside the file: an editor's defaults, which the file's own settings override, and a forced behaviour. */
export interface LoadOptions {
  /** Used where the file's draw() settings say nothing (an editor's `resourceRoutes.*` settings). */
  defaults?: DrawSettings;
  /** Wins over the file's own `behaviour` (the CLI's `--behaviour`). */
  behaviour?: Behaviour;
  /**
   * The same file's previous version, when the text was edited: its syntax tree is updated
   * rather than parsed again and its unchanged declarations keep their routes. It must not be
   * used afterwards (its syntax tree is re-used).
   */
  previous?: TakenOver<LoadedRoutingFile>;
  /** Where `previous`'s text and this one differ, when the caller knows it already (it is worked out otherwise). */
  change?: TextChange;
  /** Where a function the file imports and calls with the mapper is read (none: the call is not static, its routes left out). */
  modules?: ModuleSources;
}

/**
 * Analyses `text` and expands its declarations with the facility. Undefined when not a routing file.
 */
export function loadRoutingFile(text: SourceText, fileName: string, options: LoadOptions = {}): LoadedRoutingFile | undefined {
  const analysis = analyzeRoutingFile(text, fileName, options.previous?.analysis, options.change, options.modules);
  return analysis.tree ? expanded(analysis, options) : undefined;
}

/** An analysis's declarations expanded with the settings of the file over the given defaults (from any front end: a routes.rb's too). */
export function expanded(analysis: RoutingFileAnalysis, options: LoadOptions): LoadedRoutingFile {
  if (!analysis.tree) throw new Error("expanded() needs an analysis with a declaration tree");
  const settings = withDefaults(analysis.tree.settings, options.defaults);
  if (options.behaviour) settings.behaviour = options.behaviour;
  settings.behaviour = behaviourOf(settings);
  const table = expand(analysis, settings, options.previous?.routes.table as GroupedTable | undefined);
  adoptTreeDeclarations(analysis, table.edit?.declarations);
  const diagnostics = [...analysis.diagnostics, ...table.diagnostics].sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  const directs = directHelpers(analysis.tree.body, table.named);
  const mappings = polymorphicMappings(analysis.tree.body);
  return { analysis, behaviour: settings.behaviour, routes: new RouteSet(table, settings, { warn: () => undefined, directs, mappings }), diagnostics };
}

/** The facility's expansion within the analyser's route budget; a failure inside it is a diagnostic, never thrown. */
function expand(analysis: RoutingFileAnalysis, settings: DrawSettings, previous: GroupedTable | undefined): GroupedTable {
  try {
    return expandIncrementally({ settings, body: analysis.tree!.body }, undefined, previous, ANALYSIS_LIMITS.routes);
  } catch (error) {
    const table = new GroupedTable();
    table.diagnostics.push(internalError(error, { start: 0, end: 0 }));
    return table;
  }
}

/** The file's settings over the defaults; extra inflections of both apply. */
function withDefaults(own: DrawSettings, defaults: DrawSettings = {}): DrawSettings {
  const settings: DrawSettings = { ...defaults, ...own };
  const inflections = mergeInflections(defaults.inflections, own.inflections);
  if (inflections) settings.inflections = inflections;
  return settings;
}

function mergeInflections(a?: InflectionSettings, b?: InflectionSettings): InflectionSettings | undefined {
  if (!a || !b) return a ?? b;
  return { irregular: { ...a.irregular, ...b.irregular }, uncountable: [...(a.uncountable ?? []), ...(b.uncountable ?? [])] };
}
