import { type Behaviour, DEFAULT_BEHAVIOUR, type Diagnostic, type DrawSettings } from "resource-routes/internal";

import type { RoutingFileAnalysis } from "../analysis/fileAnalysis";
import { expanded, type LoadedRoutingFile, type LoadOptions } from "../analysis/routingFile";
import { OptionSources } from "../incremental/optionSources";
import type { SourceText } from "../text/sourceText";
import { withRailsNames } from "./railsNames";
import type { ImportedRoutes } from "./routesRb";
import { rubyDeclarations } from "./rubyDeclarations";
import type { LoadedRubyRoutingFile, RubyReading } from "./rubyReading";

/**
 * A routes.rb's reading as a routing file: its calls through the DSL's mapper into declarations
 * placed in the Ruby text, expanded as any routing file's. What could not be read is said where it
 * is (information: it is kept as a comment by an import); the parser's errors and the calls the
 * facility refuses are errors. Not read again incrementally: a routes.rb is read whole, off the
 * service's thread.
 */
export function loadRubyRoutingFile(reading: RubyReading, text: SourceText, options: LoadOptions): LoadedRubyRoutingFile | LoadedRoutingFile {
  const diagnostics: Diagnostic[] = [];
  if ("error" in reading) {
    diagnostics.push({ severity: "error", code: "syntax-error", message: reading.error, span: reading.span ?? { start: 0, end: 0 } });
    return expanded({ tree: { settings: {}, body: [] }, diagnostics, settingsSources: new OptionSources(), text }, options);
  }
  const decided = reading.imported.modern
    ? { behaviour: "C" as const, why: "modern Rails' routes (routes.draw with no mapper variable)" }
    : railsBehaviour(reading.hasEnvironment, reading.railsGemVersion, options.defaults?.behaviour, reading.vendoredRails);
  const { behaviour, why } = decided;
  const settings = importedSettings(decided, reading.imported);
  // Names where Rails 2's named-route table put them, as the import writes them (see railsNames.ts); modern Rails refuses a name used twice.
  const named = reading.imported.modern ? { body: reading.imported.body, kept: [], moved: [] } : withRailsNames(reading.imported.body, settings);
  const imported = { ...reading.imported, body: named.body };
  for (const kept of named.kept)
    diagnostics.push({ severity: "information", code: "not-static", message: kept.message, span: kept.span ?? { start: 0, end: 0 } });
  for (const { name, span, laterLine } of named.moved)
    diagnostics.push({
      severity: "warning",
      code: "route-name-taken",
      message: `The route name "${name}" goes to the later route of line ${laterLine}, as Rails' named-route table kept the last; this route is registered without a name.`,
      span,
    });
  for (const problem of imported.syntaxErrors) diagnostics.push({ severity: "error", code: "syntax-error", message: problem.message, span: problem.span });
  for (const part of imported.unread)
    diagnostics.push({ severity: "information", code: "not-static", message: `Not read without running Ruby: ${part.reason}.`, span: part.span });
  const { body, refused } = rubyDeclarations(imported.body, imported.modern);
  for (const call of refused)
    diagnostics.push({
      severity: call.unwritable ? "information" : "error",
      code: "not-static",
      message: `${call.message}; this declaration is left out`,
      span: call.span,
    });
  const analysis: RoutingFileAnalysis = { tree: { settings, body }, diagnostics, settingsSources: new OptionSources(), text };
  const file: LoadedRubyRoutingFile = {
    ...expanded(analysis, options),
    ruby: { imported, behaviour, why, ...(settings.nested_routes_first ? { nestedRoutesFirst: true } : {}) },
  };
  return file;
}

/**
 * The behaviour of a Rails 2 application: config/environment.rb's RAILS_GEM_VERSION (2.2 and
 * before → A, 2.3 → B), else the version of the Rails it vendors, else the given default (an
 * editor's setting), else the facility's default (B), `defaulted`.
 */
export function railsBehaviour(
  hasEnvironment: boolean,
  version: string | undefined,
  fallback: Behaviour = DEFAULT_BEHAVIOUR,
  /** The version a vendored Rails (vendor/rails) says, which the application runs when RAILS_GEM_VERSION says none. */
  vendored?: string,
): { behaviour: Behaviour; why: string; defaulted?: true; nestedRoutesFirst?: true } {
  const given = version === undefined ? undefined : behaviourOfVersion(version);
  if (given) return { behaviour: given, why: `RAILS_GEM_VERSION ${version}`, ...nestedFirstIn(version!) };
  const own = vendored === undefined ? undefined : behaviourOfVersion(vendored);
  if (own) return { behaviour: own, why: `vendor/rails is Rails ${vendored}`, ...nestedFirstIn(vendored!) };
  const because = !hasEnvironment
    ? "no config/environment.rb beside it"
    : version
      ? `RAILS_GEM_VERSION ${version} is no Rails 2 version`
      : "environment.rb sets no RAILS_GEM_VERSION";
  return { behaviour: fallback, why: `the default: ${because}`, defaulted: true };
}

/** Rails 2.3.4 to 2.3.18 drew a resource's nested routes before its own (rails/rails 75a483e): DrawSettings.nested_routes_first. */
function nestedFirstIn(text: string): { nestedRoutesFirst?: true } {
  const version = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(text);
  return version && version[1] === "2" && version[2] === "3" && Number(version[3] ?? 0) >= 4 ? { nestedRoutesFirst: true } : {};
}

/**
 * The draw() settings an import writes: the behaviour, Rails 2.3.4's order where the application
 * runs it, and in C an API application's resources and the draw block's default_url_options and
 * resources_path_names.
 */
export function importedSettings(
  { behaviour, nestedRoutesFirst }: { behaviour: Behaviour; nestedRoutesFirst?: true },
  imported?: Pick<ImportedRoutes, "apiOnly" | "defaultUrlOptions" | "resourcesPathNames">,
): DrawSettings {
  if (nestedRoutesFirst && behaviour === "B") return { behaviour, nested_routes_first: true };
  if (behaviour !== "C") return { behaviour };
  return {
    behaviour,
    ...(imported?.apiOnly ? { api_only: true } : {}),
    ...(imported?.defaultUrlOptions ? { default_url_options: { ...imported.defaultUrlOptions } as DrawSettings["default_url_options"] } : {}),
    ...(imported?.resourcesPathNames ? { resources_path_names: { ...imported.resourcesPathNames } } : {}),
  };
}

/**
 * The behaviour of a Rails version, or of a requirement's lowest version (`>= 2.1.0`, `~> 2.3.2`):
 * Rails 2.3 is B; 2.2 and the versions before it route as A (formatted_ routes, PUT-only updates).
 */
function behaviourOfVersion(text: string): Behaviour | undefined {
  const version = /(\d+)\.(\d+)/.exec(text);
  if (!version) return undefined;
  const [major, minor] = [Number(version[1]), Number(version[2])];
  if (major === 2 && minor >= 3) return "B";
  return major < 2 || (major === 2 && minor <= 2) ? "A" : undefined;
}
