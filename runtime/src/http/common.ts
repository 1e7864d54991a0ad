/*
 * Everything of resource-routes/http that runs on any runtime: the adapters, the context, filters,
 * schemas, cookies and csrf. The Node entry (./index.ts) adds loading controllers from the disk; the worker
 * entry (./worker.ts) a loadControllers that says why a worker cannot.
 */
export { CONTROLLER_EXTENSIONS } from "../routing/model/controllerFiles";
export { fetchHandler } from "./adapters/fetch";
export { nodeHandler, NodeIncomingMessage, NodeServerResponse } from "./adapters/node";
export { ActionContext, RouteInfo } from "./core/context";
export { Action, ActionLookup, ControllerModule, Controllers, findAction, LoadOptions } from "./core/controllers";
export { DEFAULT_BODY_LIMIT, DEFAULT_BODY_TIMEOUT, HttpOptions } from "./core/dispatch";
export { FailureHook, RequestFailure } from "./core/failures";
export { AfterFilter, AroundFilter, BeforeFilter, Filter, Filters, Middleware } from "./core/filters";
export { RouteRedirect } from "./core/redirects";
export { Files } from "./request/body";
export { CookieOptions, Cookies } from "./request/cookies";
export { csrf, CsrfOptions } from "./request/csrf";
export { Params, ParamValue, parseParams } from "./request/params";
export { ActionSchemas, InvalidParams, JsonSchema, ParamsIssue, Schema, Schemas, StandardIssue, StandardResult, StandardSchemaV1 } from "./request/schemas";
