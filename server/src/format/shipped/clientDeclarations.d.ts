// The declarations the typed client module's declaration file starts with (browserClient.ts assembles it).
// Its own RouteValue rather than the helpers module's: a program that makes requests alone never reads
// the helpers' declarations. RouteValue and Call are exported for the controllers' client modules (`--split`).
//#region declarations
/** A value a request puts in a path segment: text, a number, a model (`to_param()`), or a record with an id. */
export type RouteValue = string | number | { to_param(): string } | { id: string | number };
/** One problem with a request's params, as a 422 lists them. */
export interface ParamsIssue {
  path: string;
  message: string;
}
/** The answers a request resolves to, told apart by status (or ok): the action's own, and the adapters' failures. */
export type Answer<Data> =
  | { ok: true; status: 200 | 201 | 202 | 203 | 204 | 205 | 206; data: Data; response: Response }
  | { ok: false; status: 400 | 404 | 405; data: { error: string; status: number }; response: Response }
  | { ok: false; status: 422; data: { error: string; status: 422; issues: ParamsIssue[] }; response: Response };
/** What a request takes besides its params: fetch's own options, and a fetch of its own. */
export interface RequestOptions extends Omit<RequestInit, "method" | "body" | "headers"> {
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}
/** A request to another route of the action, named in its options: that route's segments and the schema's input. */
export type RouteCall<Segments, Input, Name extends string> = [params: Omit<Input, keyof Segments> & Segments, init: RequestOptions & { route: Name }];
/** A request's arguments: the path's segments and the params schema's input (the other keys), then the options; optional where nothing is required. */
export type Call<Segments, Input> = {} extends Omit<Input, keyof Segments> & Segments
  ? [params?: Omit<Input, keyof Segments> & Segments, init?: RequestOptions]
  : [params: Omit<Input, keyof Segments> & Segments, init?: RequestOptions];
/** What configure() takes. */
export interface ClientSettings {
  fetch?: typeof fetch;
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  baseUrl?: string;
}
export declare function configure(options: ClientSettings): void;
/** An answer the client does not type (a redirect not followed, a filter's 401, a 500). */
export declare class ResponseError extends Error {
  readonly status: number;
  readonly response: Response;
  readonly data: unknown;
}
//#endregion
