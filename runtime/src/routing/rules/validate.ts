import { Declaration } from "../model/declarations";
import { Diagnostic } from "../model/diagnostics";
import { normalizePath, parsePath, segmentKeys } from "../model/path";
import { own } from "../model/records";
import { optionSpan } from "../model/spans";
import { isOptionMap, OptionValue, toList } from "../model/values";
import { DEFAULT_ACTIONS } from "./restriction";

/** Facility §2.2: the options of resources / resource. */
export const RESOURCE_OPTIONS = [
  "collection",
  "member",
  "new",
  "controller",
  "singular",
  "plural",
  "requirements",
  "conditions",
  "as",
  "has_one",
  "has_many",
  "path_names",
  "path_prefix",
  "name_prefix",
  "shallow",
  "only",
  "except",
  "namespace",
] as const;

/** Options a singleton resource accepts but ignores (facility §2.2, §2.3). */
const NO_EFFECT_ON_SINGLETON: Record<string, string> = {
  singular: "a singleton resource's singular is its declared name; `singular` has no effect",
  plural: "`plural` has no effect on a singleton resource: its controller comes from the pluralized name (use `controller`)",
};

/** Options only a collection resource reads. */
const NO_EFFECT_ON_COLLECTION: Record<string, string> = {
  plural: "`plural` is for singleton resources; a collection resource's plural is its declared name",
};

/**
 * Static checks of a declaration (and those in its block) that need no expansion: option names, action names, options
 * without effect. Expansion adds what it finds itself (names taken, methods and requirements refused).
 */
export function validateDeclaration(declaration: Declaration): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const visit = (declarations: Declaration[]): void => {
    for (const declaration of declarations) {
      if (declaration.kind === "resources" || declaration.kind === "resource") checkResource(declaration, diagnostics);
      if (declaration.path !== undefined) checkSegmentKeys(declaration, declaration.path, diagnostics);
      if (declaration.block) visit(declaration.block);
    }
  };
  visit([declaration]);
  return diagnostics;
}

/**
 * A key that stands twice in one path (`/d/:id/e/:id`, or through the declaration's own
 * path_prefix): recognition keeps one of the values, and no helper can be given both, as Rails 2
 * could not generate such a route.
 */
function checkSegmentKeys(declaration: Declaration, path: string, diagnostics: Diagnostic[]): void {
  const prefix = typeof declaration.options.path_prefix === "string" ? declaration.options.path_prefix : "";
  const seen = new Set<string>();
  for (const key of segmentKeys(parsePath(normalizePath(`${prefix}/${path}`)))) {
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    diagnostics.push({
      severity: "warning",
      code: "duplicate-segment-key",
      message: `The key :${key} stands twice in this route's path: recognition keeps one of its values, and no helper can generate the route (give each segment its own key).`,
      span: declaration.source?.names[0] ?? declaration.source?.call,
    });
    return;
  }
}

function checkResource(declaration: Declaration, diagnostics: Diagnostic[]): void {
  const singleton = declaration.kind === "resource";
  for (const key of Object.keys(declaration.options)) {
    if (!(RESOURCE_OPTIONS as readonly string[]).includes(key)) {
      const suggestion = nearest(key, RESOURCE_OPTIONS);
      diagnostics.push({
        severity: "warning",
        code: "unknown-option",
        message: `Unknown option "${key}" for ${declaration.kind}${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
        span: optionSpan(declaration, key, "key"),
        replacement: suggestion,
      });
      continue;
    }
    const noEffect = own(singleton ? NO_EFFECT_ON_SINGLETON : NO_EFFECT_ON_COLLECTION, key);
    if (noEffect) {
      diagnostics.push({ severity: "warning", code: "option-has-no-effect", message: noEffect, span: optionSpan(declaration, key, "key") });
    }
  }
  for (const key of ["only", "except"]) {
    const value = declaration.options[key];
    if (value === undefined) continue;
    checkActions(declaration, key, value, diagnostics);
  }
  for (const key of ["collection", "member", "new"]) {
    const value = declaration.options[key];
    if (typeof value !== "string" && !Array.isArray(value)) continue;
    const actions = toList(value).filter((item): item is string => typeof item === "string");
    diagnostics.push({
      severity: "hint",
      code: "custom-actions-without-method",
      message:
        `\`${key}\` given as ${Array.isArray(value) ? "a list" : "a name"}: ${actions.map((a) => `"${a}"`).join(", ")} ${actions.length === 1 ? "accepts" : "accept"} any method, as Rails 2 routed them; ` +
        `name the method with the hash form (\`${key}: { ${actions.map((a) => `${/^[A-Za-z_$][\w$]*$/.test(a) ? a : JSON.stringify(a)}: "get"`).join(", ")} }\`)`,
      span: optionSpan(declaration, key, "key"),
    });
  }
}

const ACTION_WORDS = [...DEFAULT_ACTIONS, "all", "none"];

function checkActions(declaration: Declaration, key: string, value: OptionValue, diagnostics: Diagnostic[]): void {
  const list = toList(value);
  list.forEach((item, index) => {
    if (typeof item === "string" && ACTION_WORDS.includes(item)) {
      if (Array.isArray(value) && (item === "all" || item === "none")) {
        diagnostics.push({
          severity: "warning",
          code: "unknown-action",
          message: `"${item}" only means every or no action when given alone (\`${key}: "${item}"\`), not inside a list`,
          span: optionSpan(declaration, `${key}.${index}`),
        });
      }
      return;
    }
    if (isOptionMap(item)) return;
    const suggestion = typeof item === "string" ? nearest(item, ACTION_WORDS) : undefined;
    diagnostics.push({
      severity: "warning",
      code: "unknown-action",
      message: `\`${key}\` names "${String(item)}", which is not one of the default actions (${DEFAULT_ACTIONS.join(", ")}), "all" or "none"${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
      span: optionSpan(declaration, Array.isArray(value) ? `${key}.${index}` : key),
      replacement: suggestion === undefined ? undefined : JSON.stringify(suggestion),
    });
  });
}

/**
 * The closest word within a small edit distance, for "did you mean" suggestions. Candidates whose
 * length alone puts them out of reach are skipped, and a distance is abandoned as soon as it
 * exceeds the best so far: a scan of 200,000 names costs little more than reading them.
 */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  return nearestWithin(word, candidates, suggestionBound(word))?.candidate;
}

/** The largest edit distance at which a candidate is still suggested for `word`. */
export function suggestionBound(word: string): number {
  return Math.max(2, Math.floor(word.length / 3));
}

/** The first candidate at the smallest distance from `word`, if it is at most `bound`, with that distance. */
export function nearestWithin(word: string, candidates: Iterable<string>, bound: number): { candidate: string; distance: number } | undefined {
  const lower = word.toLowerCase();
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - lower.length) > bound) continue;
    const distance = boundedDistance(lower, candidate, bound);
    if (distance <= bound) {
      best = { candidate, distance };
      bound = distance - 1;
      if (bound < 0) break;
    }
  }
  return best;
}

/** The edit distance of `a` and `b` when it is at most `bound`, else some number above `bound`. */
function boundedDistance(a: string, b: string, bound: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (current[j] < rowMin) rowMin = current[j];
    }
    if (rowMin > bound) return bound + 1;
    previous = current;
  }
  return previous[b.length];
}
