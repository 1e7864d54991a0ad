import * as fs from "fs";
import type { RouteSet } from "resource-routes/internal";

import { GENERATED_MARK } from "../files/generatedFile";
import { globTest, isAsset, parsedForLiterals } from "./literalRewrites";
import { literalRoute } from "./literalRoutes";
import { urlLiterals } from "./urlLiterals";

/** A URL written by hand that a change of the routes breaks: it went to a controller action before, and now goes elsewhere or nowhere. */
export interface BrokenLiteral {
  file: string;
  line: number;
  /** The literal as written. */
  text: string;
  /** The verb, path and `controller#action` of the route that recognised it before. */
  before: string;
  /** The `controller#action` it goes to now, or null when no route recognises it. */
  after: string | null;
}

/**
 * The URL literals of `files` (as `resource-routes literals` finds them) that the routes `before`
 * recognise and the routes `after` no longer take to the same controller action: uses of a route
 * that a helper rename or a path change would not show, counted as the helper calls are.
 */
export function brokenLiterals(files: readonly string[], before: RouteSet, after: RouteSet, assetGlobs: readonly string[]): BrokenLiteral[] {
  const assets = globTest(assetGlobs);
  const broken: BrokenLiteral[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    if (text.startsWith(GENERATED_MARK)) continue;
    const source = parsedForLiterals(file, text);
    if (!source) continue;
    for (const literal of urlLiterals(source)) {
      if (isAsset(literal, assets)) continue;
      const was = literalRoute(literal, before);
      if (!was) continue;
      const now = literalRoute(literal, after);
      if (now?.target === was.target) continue;
      broken.push({
        file,
        line: source.getLineAndCharacterOfPosition(literal.start).line + 1,
        text: text.slice(literal.start, literal.end),
        before: `${was.verb} ${was.path} ${was.target}`,
        after: now ? now.target : null,
      });
    }
  }
  return broken;
}
