/**
 * The runtime: draw() turns a routing file's declarations into a route set (routes, recognition,
 * URL helpers). Guide: docs/routing.md.
 * @packageDocumentation
 * @module resource-routes
 */
export { draw, DrawOptions } from "./dsl/draw";
export { Mapper, MapperCallback, Options } from "./dsl/mapper";
export { GenerateOptions, RouteSet, RouteSetOptions } from "./routing/routeSet";
export { RouteValue, NamedValues, TypedRouteSet, AnyRouteSet, UntypedHelpers } from "./routing/typedRoutes";
export { Route, RouteJSON, HttpMethod } from "./routing/route";
export { Helper } from "./routing/helpers";
export { Recognition, Match } from "./routing/recognize";
export { RoutingError, MethodNotAllowed, UnknownHttpMethod, RouteDefinitionError } from "./routing/errors";
export { Diagnostic, DiagnosticCode, Severity, RelatedInformation } from "./routing/diagnostics";
export {
  DrawSettings,
  Behaviour,
  UrlOptions,
  InflectionSettings,
  Declaration,
  DeclarationTree,
  DeclarationKind,
  DeclarationSource,
} from "./routing/declarations";
export { Span } from "./routing/span";
export { OptionMap, OptionValue } from "./routing/values";
export { Inflector } from "./routing/inflector";
