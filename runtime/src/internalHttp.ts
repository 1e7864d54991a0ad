/**
 * The HTTP side's pieces the tests reach beyond `resource-routes/http`: filters, params and schema
 * validation. An entry apart from `resource-routes/internal`, which the CLI loads, so that reading
 * routes loads no HTTP module.
 * @internal
 * @packageDocumentation
 */
export { filtersFor } from "./http/core/filters";
export { BadRequest, mergeParams, parseParams } from "./http/request/params";
export { validParams } from "./http/request/schemas";
