import type { GroupedToken } from "../model/optionalGroups";
import type { Route } from "../model/route";
import { valuePattern } from "./valuePattern";

/*
 * A route with an optional group inside a segment (`photos/:id(-:slug)`) matched as Journey's
 * expression of its whole path matches it, leftmost and greedy (a group taken where the rest still
 * matches, a parameter as long as the rest allows, a lazy glob as short), in time linear in the
 * path. The expression itself backtracks: `w/:a(-:b(-:c))` took seconds on a segment of a few
 * thousand dashes. Here, walking the path's pattern backwards first, each step knows the positions
 * from which the rest of the path can still match, so the forward walk never tries a way that fails.
 */

/**
 * A step of a path's pattern, in a tree whose groups hold their own steps; plain data, which the
 * helpers module's match() is given too. A parameter's `accepts` lists the characters a run of its
 * requirement takes (`\d+`: the digits), or is null for the default pattern.
 */
export type GroupedStep =
  | { kind: "text"; text: string }
  | { kind: "param"; key: string; accepts: string | null; words?: undefined }
  | { kind: "param"; key: string; words: readonly string[] }
  | { kind: "glob"; key: string; lazy: boolean }
  | { kind: "group"; steps: GroupedStep[] };

type Step = GroupedStep;

/** The matcher of a route: `key, value` pairs where the whole text (the path from its first slash) matches, else null. */
export type GroupedMatcher = (text: string) => string[] | null;

/**
 * The steps of a route's path, where each of its parameters takes the default pattern, a run of a
 * set of characters (`\d+`) or a list of words (`en|fr`), and each glob its lazy or greedy
 * any-text; undefined for any other pattern of the application's, which its expression matches.
 */
export function groupedSteps(route: Route): GroupedStep[] | undefined {
  const steps = stepsOf(route.groupedPath!.tokens, route, route.optionalFormat);
  if (!steps) return undefined;
  if (route.optionalFormat) {
    const format = paramStep("format", route);
    if (!format) return undefined;
    steps.push({ kind: "group", steps: [{ kind: "text", text: "." }, format] });
  }
  return steps;
}

/** The route's matcher (see groupedSteps), or undefined. */
export function groupedMatcher(route: Route): GroupedMatcher | undefined {
  const steps = groupedSteps(route);
  if (!steps) return undefined;
  const runs = new Map<Step, (code: number) => boolean>();
  const runOf = (step: Step) => {
    let run = runs.get(step);
    if (!run) {
      const accepts = step.kind === "param" && !step.words ? step.accepts : null;
      const set = accepts === null ? undefined : new Set([...accepts].map((c) => c.charCodeAt(0)));
      runs.set(step, (run = set ? (code) => set.has(code) : DEFAULT_RUN));
    }
    return run;
  };
  return (text) => matchSteps(steps, text, runOf);
}

const SLASH = 47;
const DOT = 46;
const QUESTION = 63;

/** The default pattern `[^/.?]+`, one character at a time. */
const DEFAULT_RUN = (code: number) => code !== SLASH && code !== DOT && code !== QUESTION;

function stepsOf(tokens: readonly GroupedToken[], route: Route, optionalFormat: boolean): Step[] | undefined {
  const steps: Step[] = [];
  for (const token of tokens) {
    if (token.kind === "slash") steps.push({ kind: "text", text: "/" });
    else if (token.kind === "static") steps.push({ kind: "text", text: token.text });
    else if (token.kind === "group") {
      const inner = stepsOf(token.tokens, route, optionalFormat);
      if (!inner) return undefined;
      steps.push({ kind: "group", steps: inner });
    } else if (token.kind === "glob") {
      if (route.requirements[token.key]) return undefined;
      steps.push({ kind: "glob", key: token.key, lazy: optionalFormat });
    } else {
      if (token.key === "controller") return undefined;
      const step = paramStep(token.key, route);
      if (!step) return undefined;
      steps.push(step);
    }
  }
  return steps;
}

/** A parameter's step: the default pattern, or a requirement read as a run of characters or a list of words. */
function paramStep(key: string, route: Route): Step | undefined {
  const requirement = route.requirements[key];
  if (!requirement) return { kind: "param", key, accepts: null };
  const pattern = valuePattern(requirement);
  if (pattern.words) return { kind: "param", key, words: pattern.words };
  if (pattern.accepts) {
    let accepts = "";
    for (let code = 0; code < 128; code++) if (pattern.accepts(code)) accepts += String.fromCharCode(code);
    return { kind: "param", key, accepts };
  }
  return undefined;
}

/**
 * The steps against the text. Backwards first: for each step, the positions from which it and
 * what follows it (past the end of its group too) match the rest of the text. Then forwards,
 * choosing at each step as the expression's backtracking would have first succeeded.
 */
function matchSteps(steps: Step[], text: string, runOf: (step: Step) => (code: number) => boolean): string[] | null {
  const length = text.length;
  // The positions from which the rest matches, after each step; the end matches at the end alone.
  const after = new Map<Step, Uint8Array>();
  const end = new Uint8Array(length + 1);
  end[length] = 1;
  const from = new Map<Step, Uint8Array>();
  const fill = (list: Step[], rest: Uint8Array): Uint8Array => {
    let next = rest;
    for (let i = list.length - 1; i >= 0; i--) {
      const step = list[i];
      after.set(step, next);
      const here = step.kind === "group" ? union(fill(step.steps, next), next) : reach(step, text, next, runOf(step));
      from.set(step, here);
      next = here;
    }
    return next;
  };
  if (!fill(steps, end)[0]) return null;
  const values: string[] = [];
  const walk = (list: Step[], at: number): number => {
    for (const step of list) {
      const next = after.get(step)!;
      switch (step.kind) {
        case "text":
          at += step.text.length;
          break;
        case "group":
          // Greedy: the group, where what follows it can still match from where it would start.
          if (step.steps.length && from.get(step.steps[0])![at]) at = walk(step.steps, at);
          break;
        case "glob": {
          const to = globEnd(step.lazy, at, length, next);
          values.push(step.key, text.slice(at, to));
          at = to;
          break;
        }
        default: {
          const to = paramEnd(step, text, at, next, runOf(step));
          values.push(step.key, text.slice(at, to));
          at = to;
        }
      }
    }
    return at;
  };
  walk(steps, 0);
  return values;
}

/** The positions from which a step that is not a group, then the rest (`next`), match. */
function reach(step: Exclude<Step, { kind: "group" }>, text: string, next: Uint8Array, run: (code: number) => boolean): Uint8Array {
  const length = text.length;
  const here = new Uint8Array(length + 1);
  if (step.kind === "text") {
    for (let p = 0; p + step.text.length <= length; p++) if (next[p + step.text.length] && text.startsWith(step.text, p)) here[p] = 1;
  } else if (step.kind === "glob") {
    // Any text of one character or more: from p, where the rest matches somewhere past p.
    let later = false;
    for (let p = length - 1; p >= 0; p--) {
      later ||= next[p + 1] === 1;
      if (later) here[p] = 1;
    }
  } else if (step.words) {
    for (let p = 0; p < length; p++) for (const word of step.words) if (next[p + word.length] && text.startsWith(word, p)) here[p] = 1;
  } else {
    // A run of accepted characters, one or more: from p, where the rest matches at an end within p's run.
    let within = false;
    for (let p = length - 1; p >= 0; p--) {
      if (!run(text.charCodeAt(p))) within = false;
      else {
        within ||= next[p + 1] === 1;
        if (within) here[p] = 1;
      }
    }
  }
  return here;
}

/** A parameter's end from `at`: the longest run the rest matches after, or the first word that lets it. */
function paramEnd(step: Extract<Step, { kind: "param" }>, text: string, at: number, next: Uint8Array, run: (code: number) => boolean): number {
  if (step.words) {
    for (const word of step.words) if (text.startsWith(word, at) && next[at + word.length]) return at + word.length;
    return -1;
  }
  let last = at;
  while (last < text.length && run(text.charCodeAt(last))) last++;
  for (let to = last; to > at; to--) if (next[to]) return to;
  return -1;
}

/** A glob's end from `at`: lazy, the first the rest matches after; greedy, the last. */
function globEnd(lazy: boolean, at: number, length: number, next: Uint8Array): number {
  if (lazy) {
    for (let to = at + 1; to <= length; to++) if (next[to]) return to;
  } else {
    for (let to = length; to > at; to--) if (next[to]) return to;
  }
  return -1;
}

function union(a: Uint8Array, b: Uint8Array): Uint8Array {
  const both = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) both[i] = a[i] | b[i];
  return both;
}
