/*
 * Everything of resource-routes/http that runs on any runtime: the adapters, the context, filters,
 * schemas, cookies and csrf. The Node entry (./index.ts) adds loading controllers from the disk; the worker
 * entry (./worker.ts) a loadControllers that says why a worker cannot.
 */
export { fetchHandler } from "./adapters/fetch";
export { nodeHandler, NodeIncomingMessage, NodeServerResponse } from "./adapters/node";
export { findAction, ActionLookup, Controllers, ControllerModule, Action, LoadOptions } from "./core/controllers";
export { CONTROLLER_EXTENSIONS } from "../routing/model/controllerFiles";
export { ActionContext, RouteInfo } from "./core/context";
export { HttpOptions, DEFAULT_BODY_LIMIT, DEFAULT_BODY_TIMEOUT } from "./core/dispatch";
export { RouteRedirect } from "./core/redirects";
export { Files } from "./request/body";
export { Filters, Filter, BeforeFilter, AfterFilter, AroundFilter, Middleware } from "./core/filters";
export { RequestFailure, FailureHook } from "./core/failures";
export { Params, ParamValue, parseParams } from "./request/params";
export { Cookies, CookieOptions } from "./request/cookies";
export { csrf, CsrfOptions } from "./request/csrf";
export { Schemas, ActionSchemas, Schema, JsonSchema, StandardSchemaV1, StandardResult, StandardIssue, ParamsIssue, InvalidParams } from "./request/schemas";
