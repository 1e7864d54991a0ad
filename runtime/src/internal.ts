/**
 * What the tools (the analyser, the language service, the CLI) build on beyond the public API: the
 * facility's rules, paths, values and texts. An entry of its own, `resource-routes/internal`, so
 * that the one door between the packages is a named one; it is not for applications, and its
 * names may change in any release. It holds the routing side alone, so that a tool that only reads
 * routes loads no HTTP module; what the tests reach of the HTTP side is `resource-routes/internal/http`.
 * @internal
 * @packageDocumentation
 */
export { BEHAVIOURS, behaviourOf, DEFAULT_BEHAVIOUR, isBehaviour } from "./routing/behaviour";
export { ROUTE_METHODS } from "./routing/builder";
export { CharNode } from "./routing/charTree";
export { CONTROLLER_EXTENSIONS, controllerNameOf, isSafeControllerName } from "./routing/controllerFiles";
export {
  Behaviour,
  Declaration,
  DECLARATION_KINDS,
  DeclarationKind,
  DeclarationTree,
  DrawSettings,
  InflectionSettings,
  OptionSource,
  OptionSourceLookup,
} from "./routing/declarations";
export { Diagnostic, Severity } from "./routing/diagnostics";
export { RouteDefinitionError, RoutingError } from "./routing/errors";
export { expandDeclarations, Expander, ExpansionUnit, expansionUnits, Refusal, stopped } from "./routing/expand";
export { explainRecognition } from "./routing/explain";
export { positionalKeys } from "./routing/generate";
export { generateFromOptions, routesByTarget } from "./routing/generateFromOptions";
export { Helper, helperNames, parseHelperName } from "./routing/helpers";
export { Inflector, RAILS_INFLECTIONS } from "./routing/inflector";
export {
  DEFAULT_SEGMENT_PATTERN,
  endsWithFormat,
  hasKey,
  normalizePath,
  parsePath,
  PathParser,
  PathPart,
  PathSegment,
  PathSpec,
  pathText,
  segmentKeys,
  specText,
} from "./routing/path";
export { associationName, defineResource, resourceSingular } from "./routing/resource";
export { DEFAULT_ACTIONS } from "./routing/restriction";
export { HttpMethod, Route, RouteJSON } from "./routing/route";
export { recognisedSegments, Recognizer } from "./routing/recognize";
export { REQUEST_METHODS, routedMethod } from "./routing/requestMethods";
export { RouteSet } from "./routing/routeSet";
export { COVERAGE_VARIABLE, RouteCoverageFile, RouteUse } from "./coverage/recorder";
export { escapeRegExp, nonCapturing, segmentMatcher } from "./routing/segmentMatch";
export { checkDrawSettings, DRAW_SETTINGS } from "./routing/settings";
export { declaredSpan, originSpan } from "./routing/spans";
export { RouteTable } from "./routing/table";
export { nearest, nearestWithin, RESOURCE_OPTIONS, suggestionBound, validateDeclaration } from "./routing/validate";
export { valuePattern } from "./routing/valuePattern";
export { EMPTY_MAP, isEmpty, own, record } from "./routing/records";
export { Span } from "./routing/span";
export { isOptionMap, OptionMap, OptionValue } from "./routing/values";
export {
  baseName,
  commentLines,
  commentText,
  hasUnprintable,
  markdownCellCode,
  markdownCode,
  markdownText,
  printable,
  shortened,
  snippetText,
} from "./text/escape";
export { interned } from "./text/intern";
