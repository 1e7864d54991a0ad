import { Behaviour } from "../routing/declarations";
import { DEFAULT_BEHAVIOUR } from "../routing/behaviour";
import { Diagnostic } from "../routing/diagnostics";
import { expandDeclarations } from "../routing/expand";
import { RouteSet } from "../routing/routeSet";
import { analyzeRoutingFile, RoutingFileAnalysis } from "./analyze";

/** A routing file read statically and expanded: what the CLI and the language service work on. */
export interface LoadedRoutingFile {
  analysis: RoutingFileAnalysis;
  behaviour: Behaviour;
  routes: RouteSet;
  /** Analysis and expansion diagnostics, in file order. */
  diagnostics: Diagnostic[];
}

/**
 * Analyses `text` and expands its declarations with the facility. `behaviour` (a command-line
 * flag or an editor setting) wins over the file's own setting. Undefined when not a routing file.
 */
export function loadRoutingFile(text: string, fileName: string, behaviour?: Behaviour): LoadedRoutingFile | undefined {
  const analysis = analyzeRoutingFile(text, fileName);
  if (!analysis.tree) return undefined;
  const settings = { ...analysis.tree.settings };
  if (behaviour) settings.behaviour = behaviour;
  settings.behaviour ??= DEFAULT_BEHAVIOUR;
  const table = expandDeclarations({ settings, body: analysis.tree.body });
  const diagnostics = [...analysis.diagnostics, ...table.diagnostics].sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  return { analysis, behaviour: settings.behaviour, routes: new RouteSet(table, settings, { warn: () => undefined }), diagnostics };
}
