/**
 * What the tools (the analyser, the language service, the CLI) build on beyond the public API: the
 * facility's rules, paths, values and texts. An entry of its own, `resource-routes/internal`, so
 * that the one door between the packages is a named one; it is not for applications, and its
 * names may change in any release. It holds the routing side alone, so that a tool that only reads
 * routes loads no HTTP module; what the tests reach of the HTTP side is `resource-routes/internal/http`.
 * @internal
 * @packageDocumentation
 */
export { COVERAGE_VARIABLE, RouteCoverageFile, RouteUse } from "./coverage/recorder";
export { redirect } from "./dsl/redirect";
export { directUrl } from "./routing/generation/directUrl";
export { checkedRequirementKeys, positionalKeys } from "./routing/generation/generate";
export { generateFromOptions, routesByTarget } from "./routing/generation/generateFromOptions";
export { Helper, helperNames, parseHelperName, routePath } from "./routing/generation/helpers";
export { APPLICATION_CODE, ApplicationConstraint } from "./routing/model/applicationConstraints";
export { Behaviour, behaviourOf, BehaviourRules, BEHAVIOURS, DEFAULT_BEHAVIOUR, type GenerationRules, isBehaviour } from "./routing/model/behaviour";
export { CONTROLLER_EXTENSIONS, controllerNameOf, isSafeControllerName } from "./routing/model/controllerFiles";
export {
  Declaration,
  DECLARATION_KINDS,
  DeclarationKind,
  DeclarationTree,
  OptionSource,
  OptionSourceLookup,
  SCOPED_DECLARATION_KINDS,
} from "./routing/model/declarations";
export { Diagnostic, Severity } from "./routing/model/diagnostics";
export { DirectCode, type DirectHelper, directHelpers, directPath, type DirectTarget } from "./routing/model/directHelpers";
export { RedirectError, RouteDefinitionError, RoutingError } from "./routing/model/errors";
export { formFor, groupForms, inOptionalGroup, OptionalGroup } from "./routing/model/optionalGroups";
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
} from "./routing/model/path";
export { polymorphicMappings, ResolveCode, resolveMappings } from "./routing/model/polymorphicMappings";
export { EMPTY_MAP, isEmpty, own, record } from "./routing/model/records";
export { RedirectCode, type RedirectTarget, redirectText, redirectValue } from "./routing/model/redirect";
export { REQUEST_METHODS, requestMethodsOf, routedMethod } from "./routing/model/requestMethods";
export { HttpMethod, Route, RouteJSON, targetText } from "./routing/model/route";
export { AppCode } from "./routing/model/routeApp";
export { RouteSet } from "./routing/model/routeSet";
export { checkDrawSettings, DRAW_SETTINGS, DrawSettings, InflectionSettings } from "./routing/model/settings";
export { Span } from "./routing/model/span";
export { declaredSpan, originSpan } from "./routing/model/spans";
export { RouteTable } from "./routing/model/table";
export { isOptionMap, OptionMap, OptionValue } from "./routing/model/values";
export { CharNode } from "./routing/recognition/charTree";
export { explainRecognition } from "./routing/recognition/explain";
export { groupedMatcher, type GroupedStep, groupedSteps } from "./routing/recognition/groupedMatch";
export { type PathPattern, pathPattern, patternFlags, recognisedSegments, wholePathSource } from "./routing/recognition/pathPattern";
export { Recognizer } from "./routing/recognition/recognize";
export { nonCapturing, segmentMatcher } from "./routing/recognition/segmentMatch";
export { mayTakeSlash } from "./routing/recognition/spanningRoutes";
export { valuePattern } from "./routing/recognition/valuePattern";
export { ROUTE_METHODS } from "./routing/rules/builder";
export { expandDeclarations, Expander, ExpansionUnit, ExpansionUnits, expansionUnits, Refusal } from "./routing/rules/expand";
export { Inflector, RAILS_INFLECTIONS } from "./routing/rules/inflector";
export { associationName, defineResource, resourceSingular } from "./routing/rules/resource";
export { DEFAULT_ACTIONS } from "./routing/rules/restriction";
export { expandScoped, ScopedUnits } from "./routing/rules/scoped/scopedExpander";
export { stopped } from "./routing/rules/stopped";
export { nearest, nearestWithin, RESOURCE_OPTIONS, suggestionBound, validateDeclaration } from "./routing/rules/validate";
export { camelize, underscore } from "./text/activeSupportText";
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
export { escapeRegExp } from "./text/regExpText";
