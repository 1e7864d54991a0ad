import { Declaration } from "./declarations";
import { DiagnosticCode } from "./diagnostics";

/** A request could not be recognised, or a path could not be generated. */
export class RoutingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RoutingError";
  }
}

/** The path matched routes, but none of them accepts the request's method (HTTP 405). */
export class MethodNotAllowed extends RoutingError {
  constructor(readonly allowedMethods: string[]) {
    super(`Only ${toSentence(allowedMethods)} requests are allowed.`);
    this.name = "MethodNotAllowed";
  }
}

/** A request method outside Rails' list (both behaviours), or an unknown `_method` in behaviour A. */
export class UnknownHttpMethod extends RoutingError {
  constructor(method: string, known: readonly string[]) {
    super(`${method}, accepted HTTP methods are ${toSentence([...known])}`);
    this.name = "UnknownHttpMethod";
  }
}

/**
 * A redirect route took the request, and its Location cannot be made of it: the redirect names a
 * value the request's path does not give, or is no URI. Not a RoutingError: the routes are at
 * fault, not the request, and Rails answered 500.
 */
export class RedirectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RedirectError";
  }
}

/**
 * The facility refused a declaration while loading routes (the original raised ArgumentError or
 * TypeError there). Routes registered before it stay registered.
 */
export class RouteDefinitionError extends Error {
  /** The declaration being loaded, and the option path that was refused (`member.mark`), for diagnostics. */
  declaration?: Declaration;
  optionPath?: string;

  constructor(
    message: string,
    readonly code: DiagnosticCode,
  ) {
    super(message);
    this.name = "RouteDefinitionError";
  }
}

/** A declaration refused as Rails raised ArgumentError when the routes were drawn (`invalid-route`). */
export function refused(message: string): RouteDefinitionError {
  return new RouteDefinitionError(message, "invalid-route");
}

/** ActiveSupport's Array#to_sentence: "a", "a and b", "a, b, and c". */
function toSentence(words: string[]): string {
  if (words.length <= 1) return words.join("");
  if (words.length === 2) return `${words[0]} and ${words[1]}`;
  return `${words.slice(0, -1).join(", ")}, and ${words[words.length - 1]}`;
}
