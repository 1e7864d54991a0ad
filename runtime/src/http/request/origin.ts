/** The protocol and host absolute URLs of a request are made with. */
export interface Origin {
  protocol: string;
  host: string;
}

/** A host as a Host header may name it: a name or an address, a port after it. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The protocol and host of a request's absolute URLs: the connection's own, or behind a trusted
 * proxy the forwarded ones. A host no Host header may hold (`evil.com/x?`) is `localhost`, so that
 * what a client sends never becomes the path or query of a URL the application makes.
 */
export function requestOrigin(request: { origin: Origin; header(name: string): string | undefined }, trustProxy: boolean | undefined): Origin {
  const claimed = claimedOrigin(request, trustProxy);
  return HOST.test(claimed.host) ? claimed : { protocol: claimed.protocol, host: "localhost" };
}

/** The origin as the request claims it, checked against allowedHosts before anything is made of it. */
export function claimedOrigin(request: { origin: Origin; header(name: string): string | undefined }, trustProxy: boolean | undefined): Origin {
  return trustProxy ? forwardedOrigin(request.origin, (name) => request.header(name)) : request.origin;
}

/** The scheme and authority of an absolute-form request target (`http://a.example/x`). */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * A request target as a path and query: an absolute-form target (RFC 9112 §3.2.2) loses its scheme
 * and authority, which never decide the host (the Host header, or a trusted proxy's, does); a
 * target beginning with `//` stays a path.
 */
export function originForm(target: string): string {
  if (target.startsWith("/")) return target;
  const absolute = ABSOLUTE_FORM.exec(target);
  if (!absolute) return "/";
  const rest = target.slice(absolute[0].length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * The origin behind a proxy that terminates TLS or rewrites the host: the first value of
 * `X-Forwarded-Proto` (http or https) and of `X-Forwarded-Host` (a valid host) where they are
 * sent, the connection's own otherwise. Only for a proxy the application trusts: a client must
 * not choose where its links point.
 */
function forwardedOrigin(own: Origin, header: (name: string) => string | undefined): Origin {
  const proto = firstValue(header("x-forwarded-proto"))?.toLowerCase();
  const host = firstValue(header("x-forwarded-host"));
  return {
    protocol: proto === "http" || proto === "https" ? proto : own.protocol,
    host: host !== undefined && HOST.test(host) ? host : own.host,
  };
}

function firstValue(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const comma = value.indexOf(",");
  const first = (comma < 0 ? value : value.slice(0, comma)).trim();
  return first || undefined;
}

/** One entry of allowedHosts, read once: what names it takes, and the port it needs (if it names one). */
interface HostPattern {
  kind: "any" | "exact" | "andBelow" | "below";
  name: string;
  port: string | undefined;
}

/**
 * allowedHosts as a test of a Host header, each entry checked when the handler is made: a name
 * (`shop.example`) matches itself, `.shop.example` it and every name below it, `*.shop.example`
 * only the names below it, `*` anything valid; an entry with a port (`shop.example:8443`) matches
 * only a Host with that port, one without a port any port. Compared without case or a trailing dot.
 * An entry that could never match (`https://shop.example`, a path) is a TypeError that names it.
 */
export function allowedHostsTest(allowed: readonly string[]): (host: string) => boolean {
  const patterns = allowed.map(hostPattern);
  return (host) => {
    if (!HOST.test(host)) return false;
    const { name, port } = hostParts(host);
    return patterns.some((pattern) => {
      if (pattern.port !== undefined && pattern.port !== port) return false;
      switch (pattern.kind) {
        case "any":
          return true;
        case "exact":
          return name === pattern.name;
        case "andBelow":
          return name === pattern.name || name.endsWith(`.${pattern.name}`);
        case "below":
          return name.endsWith(`.${pattern.name}`);
      }
    });
  };
}

function hostPattern(entry: string): HostPattern {
  if (typeof entry !== "string") throw new TypeError(`allowedHosts: ${String(entry)} is no host: the entries are strings`);
  if (entry === "*") return { kind: "any", name: "", port: undefined };
  const [kind, rest] = entry.startsWith("*.")
    ? (["below", entry.slice(2)] as const)
    : entry.startsWith(".")
      ? (["andBelow", entry.slice(1)] as const)
      : (["exact", entry] as const);
  if (!HOST.test(rest))
    throw new TypeError(`allowedHosts: ${JSON.stringify(entry)} is no host (a name, .name, *.name or *, with a port if it needs one; no scheme or path)`);
  return { kind, ...hostParts(rest) };
}

/** A host's name without its port or a trailing dot, lower case, and its port if it has one. */
function hostParts(host: string): { name: string; port: string | undefined } {
  const lower = host.toLowerCase();
  const colon = lower.lastIndexOf(":");
  const end = lower.startsWith("[") ? lower.indexOf("]") + 1 : colon >= 0 ? colon : lower.length;
  const name = lower.slice(0, end);
  return { name: name.endsWith(".") ? name.slice(0, -1) : name, port: end < lower.length ? lower.slice(end + 1) : undefined };
}
