/**
 * The method recognition is asked for, the request's own or a form's `_method`: PATCH (any case)
 * as PUT where PATCH is on, since Rails 2's routes know no PATCH.
 */
export function routedMethod(method: string, patch: boolean): string {
  return patch && method.length === 5 && method.toUpperCase() === "PATCH" ? "PUT" : method;
}
