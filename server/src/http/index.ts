/** `resource-routes/http`: serving a route set with controller actions (contract §7, §8). */
export { fetchHandler } from "./fetch";
export { nodeHandler } from "./node";
export { loadControllers, findAction, controllerFile, Controllers, ControllerModule, Action } from "./controllers";
export { CONTROLLER_EXTENSIONS } from "../routing/controllerFiles";
export { ActionContext, RouteInfo } from "./context";
export { HttpOptions, DEFAULT_BODY_LIMIT } from "./dispatch";
export { Params, ParamValue, parseParams } from "./params";
