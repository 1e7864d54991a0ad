/**
 * The application's code as an option value (behaviour C): a constraint's function or object, a
 * redirect's function. Drawing holds the code; the analyser, which reads it and never runs it,
 * holds none. It is the one option value that is not data.
 */
export abstract class ApplicationCode<Code> {
  constructor(readonly code: Code | null) {}

  /** The code, to be run: a value read from source, not drawn, has none. */
  protected runnable(): Code {
    if (this.code === null) throw new TypeError("the application's code read from source, not drawn, cannot be run");
    return this.code;
  }
}

/** Whether a value is the application's code of a kind: a function, or an object whose `method` is one (`matches`, `fetch`). */
export function isFunctionOrHas(value: unknown, method: string): boolean {
  if (typeof value === "function") return true;
  return typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[method] === "function";
}
