/** `resource-routes/http`: serving a route set with controller actions (contract §7, §8). */
export { fetchHandler } from "./fetch";
export { nodeHandler } from "./node";
export { loadControllers, LoadOptions, findAction, controllerFile, Controllers, ControllerModule, Action } from "./controllers";
export { CONTROLLER_EXTENSIONS } from "../routing/controllerFiles";
export { ActionContext, RouteInfo } from "./context";
export { HttpOptions, DEFAULT_BODY_LIMIT, DEFAULT_BODY_TIMEOUT } from "./dispatch";
export { Files } from "./body";
export { Filters, Filter, BeforeFilter, AfterFilter, AroundFilter, Middleware } from "./filters";
export { RequestFailure, FailureHook } from "./failures";
export { Params, ParamValue, parseParams } from "./params";
