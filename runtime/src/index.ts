/**
 * The runtime: draw() turns a routing file's declarations into a route set (routes, recognition,
 * URL helpers). Guide: docs/routing.md.
 * @packageDocumentation
 * @module resource-routes
 */
export { draw, DrawOptions } from "./dsl/draw";
export { Mapper, MapperCallback, Options } from "./dsl/mapper";
export { Redirect, redirect } from "./dsl/redirect";
export {
  ActionNames,
  Block,
  DirectOptions,
  HttpVerb,
  MountOptions,
  ResourceOptions,
  ResourceSettings,
  RouteConstraints,
  RouteOptions,
  ScopedMapper,
  ScopeOptions,
  ScopeSettings,
  Underscored,
} from "./dsl/scopedMapper";
export { unset } from "./dsl/unset";
export { Helper } from "./routing/generation/helpers";
export type { ApplicationCode } from "./routing/model/applicationCode";
export type { ApplicationConstraint, ConstraintFunction, ConstraintObject, ConstraintRequest, RequestConstraint } from "./routing/model/applicationConstraints";
export { Behaviour } from "./routing/model/behaviour";
export { Declaration, DeclarationKind, DeclarationSource, DeclarationTree } from "./routing/model/declarations";
export { Diagnostic, DiagnosticCode, RelatedInformation, Severity } from "./routing/model/diagnostics";
export type { DirectCode, DirectFunction, DirectHelper, DirectTarget, DirectUrl } from "./routing/model/directHelpers";
export { MethodNotAllowed, RedirectError, RouteDefinitionError, RoutingError, UnknownHttpMethod } from "./routing/model/errors";
export type {
  PolymorphicItem,
  PolymorphicMapping,
  PolymorphicOptions,
  PolymorphicRecord,
  PolymorphicTarget,
  ResolveCode,
  ResolveFunction,
  ResolveTarget,
} from "./routing/model/polymorphicMappings";
export type { RedirectCode, RedirectFunction, RedirectParts, RedirectTarget } from "./routing/model/redirect";
export type { RequestCondition, RequestFacts } from "./routing/model/requestConditions";
export { REQUEST_METHODS_C, type RequestMethodC } from "./routing/model/requestMethods";
export { HttpMethod, Route, RouteJSON } from "./routing/model/route";
export type { AppCode, AppContext, AppFunction, FetchApp, RouteApp, RouteApplication } from "./routing/model/routeApp";
export { GenerateOptions, RouteSet, RouteSetOptions } from "./routing/model/routeSet";
export { AnyRouteSet, TypedRouteSet } from "./routing/model/routeSet";
export { DrawSettings, InflectionSettings, UrlOptions } from "./routing/model/settings";
export { Span } from "./routing/model/span";
export { NamedValues, RouteValue, UntypedHelpers } from "./routing/model/typedRoutes";
export { OptionMap, OptionValue } from "./routing/model/values";
export { Match, Recognition } from "./routing/recognition/recognize";
export { Inflector } from "./routing/rules/inflector";
