/** A JavaScript identifier (ECMAScript's IdentifierName, without escapes): `café` is one, `my-route` is not. */
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

/** Words no binding may be named (a function, a parameter) in a module, strict mode's included. */
const RESERVED = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await".split(
    " ",
  ),
);

/** Whether `name` can be written as it is where a property name goes (`a.name`, `{ name: … }`, `export { x as name }`). */
export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** Whether `name` can name a function, a variable or a parameter of a module. */
export function isBindingName(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED.has(name);
}
