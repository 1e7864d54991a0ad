/*
 * Behaviour C's request constraints (`constraints subdomain: "api"`, `host: /example/`,
 * `protocol: "https://"`): a route that has them is recognised only for a request they hold for,
 * each compared as Rails 6.1 compares it, `constraint === request.send(key)`: a string or a number
 * equal to the request's value, a pattern found anywhere in it.
 */

/** What recognition knows of a request beyond its method and path: the host it was sent to (a port after it, or none) and its scheme. */
export interface RequestFacts {
  /** `api.example.com`, `example.com:8443`. */
  host: string;
  /** `http` or `https` (a trailing `:` or `://` is allowed). */
  protocol: string;
  /** The request's path as the client sent it, the script name included (a redirect's options form keeps it where it names no path). */
  path?: string;
  /** The request's query parameters, as parsed (a redirect's options form keeps them). */
  query?: Readonly<Record<string, unknown>>;
  /** The path the application is mounted at (`/app`): a redirect to a relative path goes below it. */
  scriptName?: string;
  /** A request header by its lower-case name (the HTTP adapters give it; a constraint of the application's code may read it). */
  header?(name: string): string | undefined;
  /** The adapter's own request object, for a constraint of the application's code. */
  raw?: unknown;
}

/** A constraint on the request: compared with `===`, as Ruby's case equality. */
export type RequestCondition = string | number | RegExp;

/** The request's values a constraint may name, as Rails' ActionDispatch::Request gives them (top-level domain of one label). */
export const REQUEST_CONDITION_KEYS: readonly string[] = ["subdomain", "domain", "host", "protocol", "scheme", "port"];

/** A request with no host and scheme of its own: Rack's mock request, which Rails' recognize_path recognises. */
export const NO_REQUEST: RequestFacts = { host: "example.org", protocol: "http" };

/** Whether every constraint holds for the request. */
export function conditionsHold(conditions: Readonly<Record<string, RequestCondition>>, request: RequestFacts = NO_REQUEST): boolean {
  for (const key in conditions) if (!holds(conditions[key], requestValue(key, request))) return false;
  return true;
}

function holds(condition: RequestCondition, actual: string | number | undefined): boolean {
  if (actual === undefined) return false;
  if (condition instanceof RegExp) {
    condition.lastIndex = 0;
    return condition.test(String(actual));
  }
  return condition === actual;
}

/** The request's value for a constraint's key: Rails' request.subdomain, domain, host, protocol (`https://`) and port (a number). */
export function requestValue(key: string, request: RequestFacts): string | number | undefined {
  const scheme = schemeOf(request);
  const [hostname, port] = splitHost(request.host);
  switch (key) {
    case "host":
      return hostname;
    case "protocol":
      return `${scheme}://`;
    case "scheme":
      return scheme;
    case "port":
      return port ?? (scheme === "https" ? 443 : 80);
    case "subdomain":
      return isAddress(hostname) ? "" : subdomainOf(hostname);
    case "domain":
      return isAddress(hostname) ? undefined : domainOf(hostname);
    default:
      return undefined;
  }
}

/** The request's scheme (`https`), however its protocol is written (`https:`, `https://`). */
export function schemeOf(request: RequestFacts): string {
  return request.protocol.replace(/:(\/\/)?$/, "").toLowerCase();
}

/** A named host's subdomain (`api` of `api.example.com`), as Rails reads it with a top-level domain of one label. */
export function subdomainOf(hostname: string): string {
  return hostname.split(".").slice(0, -2).join(".");
}

/** A named host's domain (`example.com` of `api.example.com`), as Rails reads it with a top-level domain of one label. */
export function domainOf(hostname: string): string {
  return hostname.split(".").slice(-2).join(".");
}

/** A host as the request names it (`example.com:8443`, `[::1]:3000`): its name (an IPv6 address without brackets) and its port, where it gives one. */
export function splitHost(host: string): [string, number | undefined] {
  const bracketed = /^\[([^\]]*)\](?::(\d+))?$/.exec(host);
  if (bracketed) return [bracketed[1], bracketed[2] === undefined ? undefined : Number(bracketed[2])];
  const colon = host.lastIndexOf(":");
  if (colon > 0 && /^\d+$/.test(host.slice(colon + 1))) return [host.slice(0, colon), Number(host.slice(colon + 1))];
  return [host, undefined];
}

/** An IP address, which has no subdomain or domain (Rails' IP_HOST_REGEXP, and any IPv6 address). */
export function isAddress(hostname: string): boolean {
  return /^\d+\.\d+\.\d+\.\d+$/.test(hostname) || hostname.includes(":");
}
