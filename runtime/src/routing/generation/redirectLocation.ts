import { constraintRequest } from "../model/applicationConstraints";
import { RedirectError } from "../model/errors";
import { RedirectCode, type RedirectParts, type RedirectTarget } from "../model/redirect";
import { domainOf, isAddress, type RequestFacts, schemeOf, splitHost, subdomainOf } from "../model/requestConditions";
import { toQuery } from "./generate";

/**
 * The Location of a redirect route's answer, as Rails 6.1's Redirect endpoints make it from the
 * request's path values and the request: a path (`/articles/%{id}`) is made a URL of the request's
 * scheme, host and port (a relative one put under the script name); the options form changes the
 * parts it names of the request's URL and keeps its query; the application's function answers a
 * path or URL, told the route's values and the request. A value the text names that the request
 * does not have, or a text that is no URI, is a RedirectError, where Rails answered 500.
 */
export function redirectLocation(target: RedirectTarget, values: Readonly<Record<string, string>>, request: RequestFacts, method = "GET"): string {
  const to = target.to;
  if (to instanceof RedirectCode) return absolute(to.location(values, constraintRequest(method, request.path ?? "/", request, { ...values })), request);
  return typeof to === "string" ? pathRedirect(to, values, request) : optionRedirect(to, values, request);
}

/** Rails' URL_PARTS: a path, a query and a fragment, each interpolated with its own escaping. */
const URL_PARTS = /^([^?]+)?(\?[^#]+)?(#.+)?$/s;

function pathRedirect(text: string, values: Readonly<Record<string, string>>, request: RequestFacts): string {
  const parts = URL_PARTS.exec(text);
  const written = parts
    ? `${interpolated(parts[1], values, escapePath)}${interpolated(parts[2], values, escapeForm)}${interpolated(parts[3], values, escapeFragment)}`
    : interpolated(text, values, escapeForm);
  return absolute(written, request);
}

/** A redirect's path or URL as Rails' Redirect#serve makes it a URL: of the request's scheme, host and port where it has none (a relative path put under the script name). */
function absolute(written: string, request: RequestFacts): string {
  const uri = parsedUri(written);
  const script = request.scriptName ?? "";
  let path = uri.path;
  if (uri.host === undefined) {
    if (path !== "" && !path.startsWith("/")) path = `${script}/${path}`;
    else if (path === "") path = script === "" ? "/" : script;
  }
  const scheme = uri.scheme ?? schemeOf(request);
  const { host: requestHost, port: requestPort } = hostParts(request.host);
  const host = uri.host ?? requestHost;
  const port = uri.port ?? (uri.scheme === undefined && !standardPort(scheme, requestPort) ? requestPort : undefined);
  return `${scheme}://${host}${port ? `:${port}` : ""}${path}${uri.rest}`;
}

function optionRedirect(parts: RedirectParts, values: Readonly<Record<string, string>>, request: RequestFacts): string {
  const { host: requestHost, port: requestPort } = hostParts(request.host);
  let path = parts.path ?? request.path ?? "/";
  if (Object.keys(values).length && /%\{\w*\}/.test(path)) path = interpolated(path, values, escapePath);
  let script = "";
  if (parts.host === undefined && parts.domain === undefined) {
    if (path !== "" && !path.startsWith("/")) {
      path = `/${path}`;
      script = request.scriptName ?? "";
    } else if (path === "") {
      path = (request.scriptName ?? "") === "" ? "/" : "";
      script = request.scriptName ?? "";
    }
  }
  const query = request.query ? toQuery(request.query) : "";
  const protocol = protocolOf(parts.protocol ?? schemeOf(request));
  const port = parts.port !== undefined ? String(parts.port) : standardPort(schemeOf(request), requestPort) ? undefined : requestPort;
  const shownPort = port && !(protocol === "https://" ? port === "443" : protocol !== "//" && port === "80") ? `:${port}` : "";
  const host = withDomain(parts.host ?? requestHost, parts);
  return `${protocol}${host}${shownPort}${script.replace(/\/$/, "")}${path}${query ? `?${query}` : ""}`;
}

/**
 * Ruby's `String#%` with a hash, as a redirect's text is written: `%{key}` is the escaped value,
 * `%%` a percent sign; interpolated only where the text names a value and the request has values.
 */
function interpolated(text: string | undefined, values: Readonly<Record<string, string>>, escape: (value: string) => string): string {
  if (text === undefined) return "";
  if (!/%\{\w*\}/.test(text) || Object.keys(values).length === 0) return text;
  return text.replace(/%(\{(\w*)\}|%|.?)/g, (whole, _braced: string, key: string | undefined) => {
    if (whole === "%%") return "%";
    if (key === undefined) throw new RedirectError(`redirect: ${JSON.stringify(text)} has a % that is not %{key} or %%`);
    if (!Object.prototype.hasOwnProperty.call(values, key))
      throw new RedirectError(`redirect: ${JSON.stringify(text)} names %{${key}}, which the request's path does not give`);
    return escape(values[key]);
  });
}

/** What Ruby's URI.parse reads of the text: its scheme, host and port where it has them, its path, and its query and fragment as written. */
function parsedUri(text: string): { scheme?: string; host?: string; port?: string; path: string; rest: string } {
  if (/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/.test(text)) throw new RedirectError(`redirect: ${JSON.stringify(text)} is not a URI`);
  const [, scheme, authority, tail] = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?(.*)$/s.exec(text)!;
  const at = tail.search(/[?#]/);
  const path = at < 0 ? tail : tail.slice(0, at);
  const rest = at < 0 ? "" : tail.slice(at);
  if (authority === undefined) return { scheme, path, rest };
  const { host, port } = hostParts(authority.replace(/^[^@]*@/, ""));
  return { scheme, host, port, path, rest };
}

/** A host's name as a URL writes it (an IPv6 address in brackets) and its port as text. */
function hostParts(host: string): { host: string; port: string | undefined } {
  const [name, port] = splitHost(host);
  return { host: name.includes(":") ? `[${name}]` : name, port: port === undefined ? undefined : String(port) };
}

/** Rails' normalize_protocol: `https` and `https://` alike. */
function protocolOf(protocol: string): string {
  if (protocol === "//") return "//";
  const match = /^([^:]+)(:)?(\/\/)?$/.exec(protocol);
  if (!match) throw new RedirectError(`redirect: invalid protocol ${JSON.stringify(protocol)}`);
  return `${match[1]}://`;
}

function standardPort(scheme: string, port: string | undefined): boolean {
  return port === undefined || port === (scheme === "https" ? "443" : "80");
}

/** Rails' normalize_host: the subdomain and domain the options give, over the host's (a domain of one label past the top level). */
function withDomain(host: string, parts: RedirectParts): string {
  if (parts.subdomain === undefined && parts.domain === undefined) return host;
  if (host.startsWith("[") || isAddress(host)) return host;
  const subdomain = parts.subdomain ?? subdomainOf(host);
  const domain = parts.domain ?? domainOf(host);
  return subdomain === "" ? domain : `${subdomain}.${domain}`;
}

/** Journey's escape_path: what may not stand in a path, percent-encoded byte by byte (a slash stays). */
function escapePath(value: string): string {
  return percentEncode(value, /[^a-zA-Z0-9\-._~!$&'()*+,;=:@/]/gu);
}

/** Journey's escape_fragment: as a path, `?` kept too. */
function escapeFragment(value: string): string {
  return percentEncode(value, /[^a-zA-Z0-9\-._~!$&'()*+,;=:@/?]/gu);
}

/** Rack's escape: a form's encoding, a space as `+`. */
function escapeForm(value: string): string {
  return percentEncode(value, /[^a-zA-Z0-9\-._*]/gu).replace(/%20/g, "+");
}

function percentEncode(value: string, unsafe: RegExp): string {
  return value.replace(unsafe, (c) => encodeURIComponent(c).replace(/[!'()*]/g, (s) => `%${s.charCodeAt(0).toString(16).toUpperCase()}`));
}
