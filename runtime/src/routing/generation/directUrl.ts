import { DIRECT_URL_KEYS, DirectCode, type DirectHelper } from "../model/directHelpers";
import { domainOf, isAddress, splitHost, subdomainOf } from "../model/requestConditions";
import type { GenerateOptions } from "../model/routeSet";
import type { UrlOptions } from "../model/settings";
import { finishPath, generateUrl } from "./generate";

/**
 * A custom helper's URL (behaviour C's `direct`), as Rails' full_url_for makes it of what the
 * helper's block returns (a function's answer for the call's arguments): a URL or a path as it is; options as url_for takes them, the path of the
 * route they name on the host they give or the route set's default one (none: Rails' "Missing host").
 */
export function directUrl(direct: DirectHelper, defaults: UrlOptions, generate: (options: GenerateOptions) => string, args: readonly unknown[] = []): string {
  const target = direct.target instanceof DirectCode ? direct.target.target(args) : direct.target;
  return typeof target === "string" ? target : optionsUrl(target, defaults, generate, `${direct.name}_url`);
}

/** The URL url_for makes of options (`{ controller, action, host, anchor, … }`): the path of the route they name, on the host they give or the route set's default one. */
export function optionsUrl(
  target: Readonly<Record<string, unknown>>,
  defaults: UrlOptions,
  generate: (options: GenerateOptions) => string,
  helper: string,
): string {
  const values: Record<string, unknown> = {};
  const url: Record<string, unknown> = {};
  for (const key of Object.keys(target)) (DIRECT_URL_KEYS.has(key) ? url : values)[key] = target[key];
  const path = finishPath(generate(values as GenerateOptions), url as UrlOptions);
  const options: UrlOptions & { subdomain?: unknown; domain?: unknown } = { ...defaults, ...url };
  if (options.host && ("subdomain" in url || "domain" in url)) options.host = withSubdomain(String(options.host), url.subdomain, url.domain);
  return generateUrl(path, options, helper);
}

/**
 * The host url_for makes of a subdomain or domain option (Rails' normalize_host, a top-level
 * domain of one label): `www` on `api.example.com` is `www.example.com`; an address stays as it is.
 */
function withSubdomain(host: string, subdomain: unknown, domain: unknown): string {
  const [name, port] = splitHost(host);
  if (isAddress(name)) return host;
  const sub = subdomain === undefined || subdomain === true ? subdomainOf(name) : subdomain === false || subdomain === null ? "" : String(subdomain);
  const made = `${sub ? `${sub}.` : ""}${domain === undefined || domain === null ? domainOf(name) : String(domain)}`;
  return port === undefined ? made : `${made}:${port}`;
}
