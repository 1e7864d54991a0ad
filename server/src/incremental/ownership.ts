/*
 * What a function does with an argument beyond reading it, said in its signature. Both wrap the
 * type without changing what may be passed: they are for the reader (and the reviewer) of a call.
 */
declare const takenOver: unique symbol;
declare const writtenInto: unique symbol;

/** An argument the function takes over (re-uses its parts, or changes them): the caller must not use it afterwards. */
export type TakenOver<T> = T & { readonly [takenOver]?: true };

/** An argument the function writes into (elements replaced in place); the caller sees the change. */
export type WrittenInto<T> = T & { readonly [writtenInto]?: true };
