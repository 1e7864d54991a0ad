/**
 * Serving a route set with controller actions: adapters for node:http and Express
 * (`nodeHandler`) and for fetch runtimes (`fetchHandler`). Guide: docs/serving.md.
 * @packageDocumentation
 * @module resource-routes/http
 */
export { controllerFile, loadControllers } from "./adapters/load";
export * from "./common";
