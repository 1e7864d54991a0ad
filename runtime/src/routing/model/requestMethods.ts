/** Rails 2's request methods (ActionController::Request::HTTP_METHODS): any other is refused before routing. */
export const REQUEST_METHODS = ["get", "head", "put", "post", "delete", "options"] as const;

/** Behaviour C's request methods: Rails 2's and PATCH. */
const WITH_PATCH = [...REQUEST_METHODS, "patch"] as const;

/** The request methods of a behaviour. */
export function requestMethodsOf(rules: { patchIsOwnMethod: boolean }): readonly string[] {
  return rules.patchIsOwnMethod ? WITH_PATCH : REQUEST_METHODS;
}

/** The lower-case method, without a new string for the usual upper-case names. */
export function lowerMethod(method: string): string {
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
