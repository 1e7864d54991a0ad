/**
 * Serving a route set with controller actions: adapters for node:http and Express
 * (`nodeHandler`) and for fetch runtimes (`fetchHandler`). Guide: docs/serving.md.
 * @packageDocumentation
 * @module resource-routes/http
 */
export { fetchHandler } from "./fetch";
export { nodeHandler } from "./node";
export { loadControllers, LoadOptions, findAction, ActionLookup, controllerFile, Controllers, ControllerModule, Action } from "./controllers";
export { CONTROLLER_EXTENSIONS } from "../routing/controllerFiles";
export { ActionContext, RouteInfo } from "./context";
export { HttpOptions, DEFAULT_BODY_LIMIT, DEFAULT_BODY_TIMEOUT } from "./dispatch";
export { Files } from "./body";
export { Filters, Filter, BeforeFilter, AfterFilter, AroundFilter, Middleware } from "./filters";
export { RequestFailure, FailureHook } from "./failures";
export { Params, ParamValue, parseParams } from "./params";
