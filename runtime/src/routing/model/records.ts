/* Records keyed by what users and requests write: nothing they write reaches Object.prototype. */

/**
 * A map keyed by what a user wrote (option keys, segment keys, action names): it has no
 * prototype, so `constructor`, `toString` or `__proto__` are ordinary keys, never inherited
 * members, and writing `__proto__` cannot change what the map is.
 */
export function record<T>(): Record<string, T> {
  return new Blank() as Record<string, T>;
}

/**
 * Objects whose prototype is an empty object without a prototype: nothing is inherited, as with
 * `Object.create(null)`, but V8 keeps them in its fast object mode (a null-prototype object starts
 * as a dictionary, which made every route's records several times larger and slower).
 */
const Blank = function Blank() {} as unknown as new () => object;
Blank.prototype = Object.freeze(Object.create(null));

/** Whether a value is a map of values: an object literal, an object without a prototype, or a record(); not a list, nor an instance of a class. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || proto === Blank.prototype;
}

/**
 * The empty map that stands for every empty one a route keeps (requirements, params, conditions,
 * defaults): frozen, so that none is ever written through it. Most routes have none, and an
 * empty object each would be several per route.
 */
export const EMPTY_MAP: Readonly<Record<string, never>> = Object.freeze(record<never>());

/** Whether a map holds no key (without making a list of its keys). */
export function isEmpty(map: Readonly<Record<string, unknown>>): boolean {
  for (const _ in map) return false;
  return true;
}

/** The value `target` itself holds under `key`, never one inherited from its prototype. */
export function own<T>(target: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(target, key) ? target[key] : undefined;
}

/**
 * Sets `key` on an ordinary object handed to users (a JSON shape, a params object) as its own
 * property: `__proto__` becomes a plain key instead of replacing the object's prototype.
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
