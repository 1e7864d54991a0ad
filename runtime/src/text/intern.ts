import { StringMemo } from "./stringMemo";

/**
 * One copy of strings that repeat across a workspace's declarations and routes (`member.mark`,
 * `has_many.0`, `collection.search`): the first seen stands for the later equal ones, which are
 * dropped at once. The table is emptied when full, so text that never repeats (hostile or
 * generated) costs a bounded amount of memory.
 */
const table = new StringMemo<string>(10_000, (text) => text);
/** Longer texts are not kept in the table (they seldom repeat, and 10,000 of them could hold much): each stays its own. */
const LONGEST = 64;

export function interned(text: string): string {
  return text.length > LONGEST ? text : table.get(text);
}
