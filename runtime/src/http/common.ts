/*
 * Everything of resource-routes/http that runs on any runtime: the adapters, the context, filters,
 * schemas, cookies and csrf. The Node entry (./index.ts) adds loading controllers from the disk; the worker
 * entry (./worker.ts) a loadControllers that says why a worker cannot.
 */
export { fetchHandler } from "./fetch";
export { nodeHandler, NodeIncomingMessage, NodeServerResponse } from "./node";
export { findAction, ActionLookup, Controllers, ControllerModule, Action, LoadOptions } from "./controllers";
export { CONTROLLER_EXTENSIONS } from "../routing/model/controllerFiles";
export { ActionContext, RouteInfo } from "./context";
export { HttpOptions, DEFAULT_BODY_LIMIT, DEFAULT_BODY_TIMEOUT } from "./dispatch";
export { RouteRedirect } from "./redirects";
export { Files } from "./body";
export { Filters, Filter, BeforeFilter, AfterFilter, AroundFilter, Middleware } from "./filters";
export { RequestFailure, FailureHook } from "./failures";
export { Params, ParamValue, parseParams } from "./params";
export { Cookies, CookieOptions } from "./cookies";
export { csrf, CsrfOptions } from "./csrf";
export { Schemas, ActionSchemas, Schema, JsonSchema, StandardSchemaV1, StandardResult, StandardIssue, ParamsIssue, InvalidParams } from "./schemas";
