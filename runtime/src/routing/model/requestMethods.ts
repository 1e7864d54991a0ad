/** Rails 2's request methods (ActionController::Request::HTTP_METHODS): any other is refused before routing. */
export const REQUEST_METHODS = ["get", "head", "put", "post", "delete", "options"] as const;

/**
 * Behaviour C's request methods: Rails 6.1's (ActionDispatch::Request::HTTP_METHODS, those of RFC
 * 2616, 2518, 3253, 3648, 3744, 5323, 4791 and 5789), the usual ones first, as they are looked up.
 */
export const REQUEST_METHODS_C = [
  ...REQUEST_METHODS,
  "patch",
  "trace",
  "connect",
  "propfind",
  "proppatch",
  "mkcol",
  "copy",
  "move",
  "lock",
  "unlock",
  "version-control",
  "report",
  "checkout",
  "checkin",
  "uncheckout",
  "mkworkspace",
  "update",
  "label",
  "merge",
  "baseline-control",
  "mkactivity",
  "orderpatch",
  "acl",
  "search",
  "mkcalendar",
] as const;

/** A request method of behaviour C, lower-case. */
export type RequestMethodC = (typeof REQUEST_METHODS_C)[number];

/** The request methods of a behaviour. */
export function requestMethodsOf(rules: { patchIsOwnMethod: boolean }): readonly string[] {
  return rules.patchIsOwnMethod ? REQUEST_METHODS_C : REQUEST_METHODS;
}

/** Behaviour C's `_method` values (Rack's MethodOverride): any other is ignored; LINK and UNLINK are then refused as request methods, as Rails refuses them. */
const OVERRIDES_C = ["get", "head", "put", "post", "delete", "options", "patch", "link", "unlink"] as const;

/** The methods a form's `_method` may name in a behaviour (A and B: its request methods). */
export function overrideMethodsOf(rules: { patchIsOwnMethod: boolean }): readonly string[] {
  return rules.patchIsOwnMethod ? OVERRIDES_C : REQUEST_METHODS;
}

/** The lower-case method, without a new string for the usual upper-case names. */
function lowerMethod(method: string): string {
  switch (method) {
    case "GET":
      return "get";
    case "POST":
      return "post";
    case "PUT":
      return "put";
    case "DELETE":
      return "delete";
    case "PATCH":
      return "patch";
    case "HEAD":
      return "head";
    case "OPTIONS":
      return "options";
    default:
      return method.toLowerCase();
  }
}

/** Whether a request's method (any case) is one of a behaviour's request methods. */
export function isRequestMethod(method: string, rules: { patchIsOwnMethod: boolean }): boolean {
  return requestMethodsOf(rules).includes(lowerMethod(method));
}

/**
 * The method recognition is asked for, the request's own or a form's `_method`: PATCH (any case)
 * as PUT where PATCH is on, since Rails 2's routes know no PATCH.
 */
export function routedMethod(method: string, patch: boolean): string {
  return patch && method.length === 5 && method.toUpperCase() === "PATCH" ? "PUT" : method;
}
