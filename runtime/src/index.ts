/**
 * The runtime: draw() turns a routing file's declarations into a route set (routes, recognition,
 * URL helpers). Guide: docs/routing.md.
 * @packageDocumentation
 * @module resource-routes
 */
export { draw, DrawOptions } from "./dsl/draw";
export { Mapper, MapperCallback, Options } from "./dsl/mapper";
export { GenerateOptions, RouteSet, RouteSetOptions } from "./routing/model/routeSet";
export { RouteValue, NamedValues, UntypedHelpers } from "./routing/model/typedRoutes";
export { TypedRouteSet, AnyRouteSet } from "./routing/model/routeSet";
export { Route, RouteJSON, HttpMethod } from "./routing/model/route";
export { Helper } from "./routing/generation/helpers";
export { Recognition, Match } from "./routing/recognition/recognize";
export { RoutingError, MethodNotAllowed, UnknownHttpMethod, RouteDefinitionError } from "./routing/model/errors";
export { Diagnostic, DiagnosticCode, Severity, RelatedInformation } from "./routing/model/diagnostics";
export { Declaration, DeclarationTree, DeclarationKind, DeclarationSource } from "./routing/model/declarations";
export { DrawSettings, UrlOptions, InflectionSettings } from "./routing/model/settings";
export { Behaviour } from "./routing/model/behaviour";
export { Span } from "./routing/model/span";
export { OptionMap, OptionValue } from "./routing/model/values";
export { Inflector } from "./routing/rules/inflector";
