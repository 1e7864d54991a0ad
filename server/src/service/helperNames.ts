import { parseHelperName, positionalKeys, Route } from "resource-routes/internal";

import { runAround, SourceText } from "../text/sourceText";

/** A helper a workspace offers and its route (its parameters are worked out when shown: parametersOf). */
export interface HelperInfo {
  helper: string;
  route: Route;
}

/** A helper's parameters for display; an optional format is marked `format?`. */
export function parametersOf(route: Route): string[] {
  return positionalKeys(route).map((k) => (k === "format" && route.optionalFormat ? "format?" : k));
}

/** The route name a helper stands for (`hash_for_post_url` → `post`). */
export function routeNameOfHelper(helper: string): string | undefined {
  return parseHelperName(helper)?.name;
}

/** The identifier around `offset` in `text`, with its range. */
export function wordAt(text: SourceText, offset: number): { word: string; start: number; end: number } | undefined {
  const { start, end } = runAround(text, offset, offset, isWordCharacter);
  return start === end ? undefined : { word: text.slice(start, end), start, end };
}

/** `[A-Za-z0-9_$]` */
export function isWordCharacter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36;
}
