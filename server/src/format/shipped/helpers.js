// @ts-check
// The core of every helpers module `resource-routes helpers` writes, assembled by browserHelpers.ts
// from the regions below. Its core is generate.ts's rules (positional and named values, segments,
// requirements, the query string, URL options) in plain JavaScript with no import, so the module runs
// in any browser; its recognition tries each route's regular expression (routeRecognition.ts) in
// order, compiled when first tried, and only match(), current() and isCurrent() read the table, so a
// bundle that imports none of them holds none of it. Both are tested equal to the facility's. The
// constants outside the regions stand for what each module writes of its own: its default URL
// options and its route table. What a behaviour's generation does differently is in each route's
// data: the requirements its values are checked against, and the optional parts left out at their
// defaults (browserHelpers.ts).

/** @type {Record<string, any>} */
const $defaults = {};

//#region core
/** The error a helper throws when it cannot build its path or URL. */
export class RoutingError extends Error {
  name = "RoutingError";
}

/**
 * What the _url helpers build on: host, protocol and port (and any other URL option), and under
 * defaults the segment values every helper fills where a call leaves them out (a locale, a
 * tenant). Call it once at start-up (under SSR, once per process), and again when a default
 * changes. In a browser without a configured host, the page's own is used.
 */
export function configure(options) {
  const { defaults, ...url } = options;
  Object.assign($defaults, url);
  if (defaults) Object.assign($segmentDefaults, defaults);
}

const $segmentDefaults = Object.create(null);

const $URL_KEYS = ["host", "protocol", "port", "anchor", "only_path", "trailing_slash"];
const $present = (value) => value !== undefined && value !== null && value !== "";
// A list's prototype is Array.prototype: lists are not named values.
const $plain = (value) => typeof value === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(value ?? 0));
const $param = (value) =>
  String(typeof value === "object" && value ? (typeof value.to_param === "function" ? value.to_param() : value.id !== undefined ? value.id : value) : value);
const $segment = (text) => text.replace(/[^-_.!~*'()a-zA-Z0-9:@&=+$,;]+/g, encodeURIComponent);
const $cgi = (text) =>
  encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, "+");

function $pairs(pairs, key, value) {
  if (Array.isArray(value)) for (const item of value) $pairs(pairs, key + "[]", item);
  else if ($plain(value)) for (const [sub, item] of Object.entries(value)) $pairs(pairs, key + "[" + sub + "]", item);
  else pairs.push($cgi(key) + "=" + $cgi(value === null ? "" : $param(value)));
}

function $values(r, helper, args) {
  const last = args.at(-1);
  const named = $plain(last) && typeof last.to_param !== "function";
  const positional = named ? args.slice(0, -1) : args;
  const keys = r[2];
  if (positional.length > keys.length)
    throw new RoutingError(
      helper + " takes at most " + keys.length + " positional argument(s) (" + (keys.map((k) => ":" + k).join(", ") || "none") + "), got " + positional.length,
    );
  const values = Object.create(null);
  positional.forEach((value, i) => (values[keys[i]] = value));
  if (named) Object.assign(values, last);
  // Only the route's own segments: a default never lands in a query string.
  for (let i = positional.length; i < keys.length; i++) values[keys[i]] ??= $segmentDefaults[keys[i]];
  return values;
}

/**
 * The call's arguments without the values of optional parts given the route's default for them
 * (`r[9]`), which Journey leaves out (C): a positional one as undefined, a named one dropped. Called
 * only for a route that lists such defaults, so a bundle of others holds none of it.
 * @param {any[]} r
 * @param {string} helper
 * @param {any[]} args
 */
function $omit(r, helper, args) {
  const values = $values(r, helper, args);
  const left = r[9].flatMap(([key, value]) => ($present(values[key]) && $param(values[key]) === value ? [key] : []));
  const last = args.at(-1);
  const named = $plain(last) && typeof last.to_param !== "function";
  return args.map((arg, i) =>
    named && i === args.length - 1 ? Object.fromEntries(Object.entries(arg).filter(([key]) => !left.includes(key))) : left.includes(r[2][i]) ? undefined : arg,
  );
}

function $generate(r, helper, values) {
  const [route, segments, , required, optionalFormat, defaults, requirements] = r;
  const failed = helper + " failed to generate: ";
  // The keys a URL writes elsewhere than in its query: its segments' (added as they are written) and these.
  const used = new Set(["controller", "action", "use_route", ...$URL_KEYS]);
  const pieces = [];
  const last = segments.length - 1;
  for (let index = 0; index <= last; index++) {
    const segment = segments[index];
    const dropsFormat = index === last && optionalFormat;
    if (index >= required && segment.every((part) => typeof part === "string" || !$present(values[part[0]]))) break;
    let text = "";
    for (let p = 0; p < segment.length; p++) {
      const part = segment[p];
      if (typeof part === "string") {
        text += dropsFormat && p === segment.length - 2 && !$present(values.format) ? part.slice(0, -1) : part;
        continue;
      }
      const key = part[0];
      used.add(key);
      const raw = values[key] ?? defaults.find((pair) => pair[0] === key)?.[1];
      if (!$present(raw)) {
        if (dropsFormat && key === "format") continue;
        throw new RoutingError(failed + "no value for :" + key + " (the route is " + route + ")");
      }
      // A glob's value is its segments; checked whole against the pattern the route's data lists for the key, if any.
      const texts = part[1] ? (Array.isArray(raw) ? raw.map($param) : $param(raw).split("/")) : [$param(raw)];
      const value = texts.join("/");
      const requirement = requirements.find((triple) => triple[0] === key);
      if (requirement && !new RegExp("^(?:" + requirement[1] + ")$", requirement[2]).test(value)) {
        throw new RoutingError(failed + ":" + key + " is " + JSON.stringify(value) + ", which does not match " + "/" + requirement[1] + "/");
      }
      text += texts.map($segment).join("/");
    }
    pieces.push(text);
  }
  const query = $query(values, used);
  return "/" + pieces.join("/") + (query ? "?" + query : "");
}

function $finish(path, options) {
  if (options.trailing_slash) path = path.replace(/^([^?]*?)\/?(\?|$)/, "$1/$2");
  if (options.anchor != null) path += "#" + encodeURIComponent(String(options.anchor));
  return path;
}

function $options(values) {
  /** @type {Record<string, any>} */
  const options = {};
  for (const key of $URL_KEYS) if (values[key] !== undefined) options[key] = values[key];
  return options;
}

function $path(r, helper, args) {
  const values = $values(r, helper, args);
  // The values stand for the URL options: $finish reads only those that are present.
  return $finish($generate(r, helper, values), values);
}

function $url(r, helper, args) {
  const values = $values(r, helper, args);
  const page =
    !$defaults.host && typeof location === "object" && location && location.hostname
      ? { host: location.hostname, port: location.port || undefined, protocol: location.protocol }
      : {};
  /** @type {Record<string, any>} */
  const options = { ...page, ...$defaults, ...$options(values) };
  const path = $finish($generate(r, helper, values), options);
  if (options.only_path) return path;
  if (!options.host)
    throw new RoutingError(helper + ": Missing host to link to! Please provide the :host parameter, set default_url_options[:host], or set :only_path to true");
  const port = options.port !== undefined && options.port !== null && options.port !== "" ? ":" + options.port : "";
  return (options.protocol ?? "http").replace(/:\/*$/, "") + "://" + options.host + port + path;
}

/** An HTML form's target: browsers send GET and POST only, so another method goes in a _method field (as Rails' forms did). */
function $form(r, helper, args, method) {
  const action = $path(r, helper, args);
  return method === "get" || method === "post" ? { action, method, fields: {} } : { action, method: "post", fields: { _method: method } };
}

/**
 * A route with optional groups, written as one route a form, the fullest first, each with the keys
 * its groups need and those of the groups it leaves out: the first form whose keys all have values,
 * and the call's named values without a left-out group's keys (never written in the query).
 * @param {any[][]} forms
 * @param {string} helper
 * @param {any[]} args
 * @returns {[any[], string, any[]]}
 */
function $grouped(forms, helper, args) {
  const values = $values(forms[0], helper, args);
  const r = forms.find((form) => form[7].every((key) => $present(values[key])));
  const last = args.at(-1);
  if (!$plain(last) || !r[8].some((key) => key in last)) return [r, helper, args];
  const named = { ...last };
  for (const key of r[8]) delete named[key];
  return [r, helper, [...args.slice(0, -1), named]];
}
//#endregion

//#region query
/**
 * A query string of the values (but the keys of `skip`), as Rails 2 wrote one: sorted pairs, lists
 * and hashes in brackets, a null value as `key=`. A behaviour-C module has helpersQueryC.js's instead.
 */
function $query(values, skip) {
  const pairs = [];
  for (const [key, value] of Object.entries(values)) if (!skip.has(key) && value !== undefined) $pairs(pairs, key, value);
  return pairs.sort().join("&");
}
//#endregion

/** @type {Array<[string | null, string | null, string | null, string[] | null, string, string, string[], string[], string, Array<[string, string]>, Array<[string, string]>, (Array<[string, any, string?]> | 0)?, [string | null, any[]]?]>} */
const $table = [];
/** The request methods of the behaviour (written by the generator). */
const $METHODS = ["get", "head", "put", "post", "delete", "options"];
/** Whether doubled slashes count as one (behaviour C; written by the generator). */
const $SQUEEZE = false;

//#region recognition
const $compiled = [];

/** A path's segments as recognition reads them: no leading slashes, query or fragment, and one trailing slash ignored. */
function $pathText(path) {
  let from = 0;
  while (path[from] === "/") from++;
  let end = path.length;
  for (const mark of ["?", "#"]) {
    const at = path.indexOf(mark, from);
    if (at >= 0 && at < end) end = at;
  }
  if (end > from && path[end - 1] === "/") end--;
  return path.slice(from, Math.max(from, end));
}

function $decode(value) {
  if (!value.includes("%")) return value;
  if (value.includes("/")) return value.split("/").map($decode).join("/");
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const $own = (target, key, value) => Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/** A request's value for a constraint's key, as Rails' request gives it: subdomain, domain, host, protocol (`https://`), scheme, port. */
function $requestValue(key, origin) {
  const scheme = String(origin.protocol)
    .replace(/:(\/\/)?$/, "")
    .toLowerCase();
  const authority = /^(?:\[([^\]]*)\]|([^:]*))(?::(\d+))?$/.exec(String(origin.host)) ?? [];
  const host = authority[1] ?? authority[2] ?? "";
  const address = /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(":");
  if (key === "host") return host;
  if (key === "protocol") return scheme + "://";
  if (key === "scheme") return scheme;
  if (key === "port") return authority[3] ? Number(authority[3]) : scheme === "https" ? 443 : 80;
  if (key === "subdomain") return address ? "" : host.split(".").slice(0, -2).join(".");
  if (key === "domain") return address ? undefined : host.split(".").slice(-2).join(".");
  return undefined;
}

/** Whether a route's request constraints hold: `[key, value]` equal, `[key, source, flags]` a pattern found in the value. */
function $holds(conditions, origin) {
  for (const [key, value, flags] of conditions) {
    const actual = $requestValue(key, origin);
    if (actual === undefined || (flags === undefined ? actual !== value : !new RegExp(value, flags).test(String(actual)))) return false;
  }
  return true;
}

/**
 * The route a request goes to, as the server's routes.recognize() answers it: { route, controller,
 * action, params }, or null where no route takes the method and path (HEAD is GET's).
 */
export function match(method, path, origin) {
  const verb = String(method).toLowerCase();
  const from = origin ?? (typeof location === "object" && location ? location : { host: "example.org", protocol: "http:" });
  if (!$METHODS.includes(verb)) return null;
  const text = $pathText($SQUEEZE ? String(path).replace(/\/{2,}/g, "/") : String(path));
  // HEAD: the routes that name it first (behaviour C), then GET's.
  return (
    (verb === "head" && $matchAmong(text, from, (methods) => methods && methods.includes("head"))) ||
    $matchAmong(text, from, (methods) => !methods || methods.includes(verb === "head" ? "get" : verb))
  );
}

/** The first route whose methods `takes` accepts and whose path and request constraints hold, as match() answers it; null where none. */
function $matchAmong(text, from, takes) {
  for (let i = 0; i < $table.length; i++) {
    const [route, controller, action, methods, source, flags, keys, globs, namespace, defaults, fixed, conditions, grouped] = $table[i];
    if (!takes(methods)) continue;
    if (conditions && !$holds(conditions, from)) continue;
    const found = grouped ? $groupedValues(grouped, flags, text) : $captured(($compiled[i] ??= new RegExp(source, flags)).exec(text), keys, globs);
    if (!found) continue;
    const result = { route, controller, action, params: {} };
    const put = (key, value) => {
      if (key === "controller") result.controller = controller ?? namespace + value;
      else if (key === "action") result.action = action ?? value;
      else $own(result.params, key, value);
    };
    for (const [key, value] of defaults) put(key, value);
    for (let k = 0; k < found.length; k += 2) put(found[k], $decode(found[k + 1]));
    for (const [key, value] of fixed) $own(result.params, key, value);
    return result;
  }
  return null;
}

/** A route's values from its expression's match, `key, value` pairs (a glob that took no segment is ""); null where it did not match. */
function $captured(found, keys, globs) {
  if (!found) return null;
  const values = [];
  keys.forEach((key, k) => {
    if (found[k + 1] !== undefined) values.push(key, found[k + 1]);
    else if (globs.includes(key)) values.push(key, "");
  });
  return values;
}

/**
 * A route with a group inside a segment (behaviour C): `[filter, steps]`, matched as its expression
 * would match it, in time linear in the path (the expression backtracks): Journey's token filter
 * first where the route has one, then the steps (see the runtime's groupedMatch).
 * @param {[string | null, any[]]} grouped
 * @param {string} flags
 * @param {string} text
 */
function $groupedValues([filter, steps], flags, text) {
  if (filter !== null && !new RegExp("^(?:" + filter + ")$", flags).test(text)) return null;
  return $groupedMatch(steps, "/" + text);
}

/**
 * The steps of a path (a text, `[0, key, accepted characters or null for the default pattern]`,
 * `[1, key, words]`, `[2, key, lazy]`, `[3, steps]` for a group) against the text, as a backtracking
 * expression's leftmost-greedy match: backwards, the positions from which each step and the rest
 * match; forwards, the first choice of each step that lets the rest match. `key, value` pairs, or null.
 * @param {any[]} steps
 * @param {string} text
 * @returns {string[] | null}
 */
function $groupedMatch(steps, text) {
  const length = text.length;
  const takes = (step, code) => (step[2] === null ? code !== 47 && code !== 46 && code !== 63 : step[2].includes(String.fromCharCode(code)));
  const reach = (step, next) => {
    const here = new Uint8Array(length + 1);
    if (typeof step === "string") {
      for (let p = 0; p + step.length <= length; p++) if (next[p + step.length] && text.startsWith(step, p)) here[p] = 1;
    } else if (step[0] === 2) {
      let later = false;
      for (let p = length - 1; p >= 0; p--) if ((later ||= next[p + 1] === 1)) here[p] = 1;
    } else if (step[0] === 1) {
      for (let p = 0; p < length; p++) for (const word of step[2]) if (next[p + word.length] && text.startsWith(word, p)) here[p] = 1;
    } else {
      let within = false;
      for (let p = length - 1; p >= 0; p--) {
        if (!takes(step, text.charCodeAt(p))) within = false;
        else if ((within ||= next[p + 1] === 1)) here[p] = 1;
      }
    }
    return here;
  };
  // By list of steps, for each of its steps: where the rest matches after it, and from where it and the rest match (a text step is no object to key a map by).
  const after = new Map();
  const from = new Map();
  const fill = (list, rest) => {
    const afters = [];
    const froms = [];
    after.set(list, afters);
    from.set(list, froms);
    let next = rest;
    for (let i = list.length - 1; i >= 0; i--) {
      const step = list[i];
      afters[i] = next;
      if (typeof step !== "string" && step[0] === 3) {
        const inner = fill(step[1], next);
        next = inner.map((can, p) => can | next[p]);
      } else next = reach(step, next);
      froms[i] = next;
    }
    return next;
  };
  const end = new Uint8Array(length + 1);
  end[length] = 1;
  if (!fill(steps, end)[0]) return null;
  const values = [];
  const walk = (list, at) => {
    list.forEach((step, i) => {
      const next = after.get(list)[i];
      if (typeof step === "string") at += step.length;
      else if (step[0] === 3) {
        if (step[1].length && from.get(step[1])[0][at]) at = walk(step[1], at);
      } else {
        let to;
        if (step[0] === 2) {
          if (step[2]) for (to = at + 1; !next[to];) to++;
          else for (to = length; !next[to];) to--;
        } else if (step[0] === 1) to = at + step[2].find((word) => text.startsWith(word, at) && next[at + word.length]).length;
        else {
          let last = at;
          while (last < length && takes(step, text.charCodeAt(last))) last++;
          for (to = last; !next[to];) to--;
        }
        values.push(step[1], text.slice(at, to));
        at = to;
      }
    });
    return at;
  };
  walk(steps, 0);
  return values;
}

/** The route of the page (a GET of location's path), or of the URL given (under SSR, the request's); null where none takes it. */
export function current(url) {
  const href = url === undefined ? (typeof location === "object" && location ? location.href : undefined) : String(url);
  if (href === undefined) throw new RoutingError("current() needs a URL where there is no location (under SSR, pass the request's)");
  const page = new URL(href, "http://localhost");
  return match("GET", page.pathname, url === undefined ? undefined : { host: page.host, protocol: page.protocol });
}

/**
 * Whether the page is on a route: by helper (post_path), route name (post) or controller#action,
 * and, where values are given, with those values ({ id: 1 }).
 */
export function isCurrent(name, values, url) {
  const found = current(url);
  if (!found) return false;
  const wanted = String(name);
  const named = wanted.replace(/_(?:path|url)$/, "");
  if (found.route !== named && found.controller + "#" + found.action !== wanted) return false;
  return Object.entries(values ?? {}).every(
    ([key, value]) => value === undefined || (Object.prototype.hasOwnProperty.call(found.params, key) && found.params[key] === $param(value)),
  );
}
//#endregion

export { $path, $url, $form, $grouped, $omit, $query };
