/** The `resource-routes` library: the draw() runtime and the facility's public types. */
export { draw, DrawOptions } from "./dsl/draw";
export { Mapper, Block, Options } from "./dsl/mapper";
export { RouteSet } from "./routing/routeSet";
export { RouteValue, NamedValues, TypedRouteSet } from "./routing/typedRoutes";
export { Route, RouteJSON } from "./routing/route";
export { Recognition } from "./routing/recognize";
export { RoutingError, MethodNotAllowed, UnknownHttpMethod, RouteDefinitionError } from "./routing/errors";
export { Diagnostic, DiagnosticCode, Severity } from "./routing/diagnostics";
export { DrawSettings, Behaviour, UrlOptions, InflectionSettings, Declaration, DeclarationTree } from "./routing/declarations";
export { expandDeclarations } from "./routing/expand";
export { Inflector } from "./routing/inflector";
