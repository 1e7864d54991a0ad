import { ApplicationCode, isFunctionOrHas } from "./applicationCode";
import { record, setOwn } from "./records";
import { NO_REQUEST, type RequestFacts, requestValue } from "./requestConditions";

/*
 * Behaviour C's constraints that are the application's code (Rails' `constraints: lambda { |req| … }`
 * and an object that responds to `matches?`): a route that has them is recognised only when each
 * says yes for the request, and recognition goes on to the next route otherwise. The analyser
 * never runs them: it knows they are there, not what they answer.
 */

/** What a function constraint is told of the request (Rails' ActionDispatch::Request, in the parts a router knows). */
export interface ConstraintRequest {
  /** The method the request is routed as, upper-case (`_method` applied; HEAD is GET). */
  readonly method: string;
  /** The request's path, as recognised. */
  readonly path: string;
  /** The host without its port (`api.example.com`). */
  readonly host: string;
  /** `http` or `https`. */
  readonly scheme: string;
  /** Rails' protocol: `https://`. */
  readonly protocol: string;
  readonly subdomain: string;
  readonly domain: string | undefined;
  readonly port: number;
  /** The route's parameters for this request: controller, action, its defaults and the path's values (Rails' path_parameters). */
  readonly pathParameters: Readonly<Record<string, string>>;
  /** A request header by its name, where the request came through an HTTP adapter; undefined otherwise. */
  header(name: string): string | undefined;
  /** The adapter's own request object (node's IncomingMessage, the fetch Request), where there is one. */
  readonly raw: unknown;
}

/** Rails' lambda constraint. Given the request, whose `pathParameters` are what Rails' lambda of two parameters is given first. */
export type ConstraintFunction = (request: ConstraintRequest) => boolean;

/** Rails' constraint object: anything with a `matches(request)` method (Rails' `matches?`). */
export interface ConstraintObject {
  matches(request: ConstraintRequest): boolean;
}

export type RequestConstraint = ConstraintFunction | ConstraintObject;

/**
 * A constraint that is the application's code, as an option value: drawing holds the function or
 * object; the analyser, which reads it and never runs it, holds none.
 */
export class ApplicationConstraint extends ApplicationCode<RequestConstraint> {
  /** Whether the request passes: the function's answer, or the object's `matches`. */
  holds(request: ConstraintRequest): boolean {
    const code = this.runnable();
    return typeof code === "function" ? !!code(request) : !!code.matches(request);
  }
}

/** A route's constraints of the application's code when it has none: one list for every such route. */
export const NO_APPLICATION_CONSTRAINTS: readonly ApplicationConstraint[] = [];

/**
 * Constraints given as the application's code, as an option value: the code wrapped, or one a
 * routes.rb's reading made already; undefined for anything else (a map of constraints).
 */
export function applicationConstraintOf(value: unknown): ApplicationConstraint | undefined {
  if (value instanceof ApplicationConstraint) return value;
  return isFunctionOrHas(value, "matches") ? new ApplicationConstraint(value as RequestConstraint) : undefined;
}

/** How a constraint of the application's code reads in a text or a message. */
export const APPLICATION_CODE = "application code";

/** How a route's `conditions` shows that it has constraints of the application's code (Rails' route table shows none). */
export const APPLICATION_CONDITION: readonly [string, string] = ["request", APPLICATION_CODE];

/** The request a route's application constraints are asked about: made once per route they are asked for. */
export function constraintRequest(method: string, path: string, facts: RequestFacts | undefined, pathParameters: Record<string, string>): ConstraintRequest {
  const request = facts ?? NO_REQUEST;
  const value = (key: string) => requestValue(key, request);
  return {
    method: method.toUpperCase(),
    path,
    host: value("host") as string,
    scheme: value("scheme") as string,
    protocol: value("protocol") as string,
    subdomain: value("subdomain") as string,
    domain: value("domain") as string | undefined,
    port: value("port") as number,
    pathParameters,
    header: (name) => request.header?.(name.toLowerCase()),
    raw: request.raw,
  };
}

/** The parameters a constraint is given (Rails' path_parameters): the route's controller and action, then the recognised values. */
export function pathParameters(controller: string | null, action: string | null, params: Readonly<Record<string, unknown>>): Record<string, string> {
  const result = record<string>();
  if (controller !== null) result.controller = controller;
  if (action !== null) result.action = action;
  for (const key of Object.keys(params)) setOwn(result, key, String(params[key]));
  return result;
}
