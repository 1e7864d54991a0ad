/*
 * What the recorders of Rails' own routing tests write (test/fixtures/rails-tests): Ruby values
 * tagged as JSON keeps them, and the mapper calls a test made, as a tree.
 */

/** A Ruby value as recorded: symbols, regular expressions, hashes and arrays tagged; any other object by its class (and its to_param). */
export type Recorded =
  | string
  | number
  | boolean
  | null
  | { symbol: string }
  | { regexp: string; flags: string }
  | { hash: Array<[Recorded, Recorded]> }
  | { array: Recorded[] }
  | { other: string; param?: string | null };

/** A mapper call a test made, with the calls of its block. */
export interface Call {
  method: string;
  args: Recorded[];
  block?: Call[];
}
