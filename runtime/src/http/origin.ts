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

/**
 * Whether `host` (a Host header, with or without a port) is one of `allowed`: a name matches
 * itself, `.shop.example` matches shop.example and every name below it, `*` anything valid.
 * Compared without the port and case.
 */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  if (!HOST.test(host)) return false;
  const name = hostName(host);
  for (const entry of allowed) {
    const pattern = entry.toLowerCase();
    if (pattern === "*" || pattern === name) return true;
    if (pattern.startsWith(".") && (name === pattern.slice(1) || name.endsWith(pattern))) return true;
  }
  return false;
}

/** The host without its port or a trailing dot, lower case. */
function hostName(host: string): string {
  const lower = host.toLowerCase();
  const colon = lower.lastIndexOf(":");
  const end = lower.startsWith("[") ? lower.indexOf("]") + 1 : colon >= 0 ? colon : lower.length;
  const name = lower.slice(0, end);
  return name.endsWith(".") ? name.slice(0, -1) : name;
}
