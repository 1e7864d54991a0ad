/** What `ctx.cookies.set` writes besides the value (RFC 6265bis attributes). */
export interface CookieOptions {
  /** Default `/`: the cookie is sent with every path of the site. */
  path?: string;
  domain?: string;
  /** Seconds until the browser forgets it (`Max-Age`); 0 or less deletes it. */
  maxAge?: number;
  expires?: Date;
  /** Default true: scripts in the page cannot read it. */
  httpOnly?: boolean;
  secure?: boolean;
  /** Default `"lax"`; `"none"` needs `secure`. */
  sameSite?: "strict" | "lax" | "none" | "Strict" | "Lax" | "None";
}

/** A request's cookies and the ones its answer sets (docs/serving.md › Cookies). */
export interface Cookies {
  /** The value the request sent under `name` (percent-decoded), or undefined. */
  get(name: string): string | undefined;
  /** Every cookie the request sent, by name. */
  all(): Record<string, string>;
  /** Sets a cookie on the answer, whatever the action returns (a Response's own Set-Cookie headers are kept beside it). */
  set(name: string, value: string, options?: CookieOptions): void;
  /** Tells the browser to forget `name` (give the `path` and `domain` it was set with). */
  delete(name: string, options?: Pick<CookieOptions, "path" | "domain" | "secure" | "sameSite">): void;
}

/** A cookie name: an RFC 9110 token. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A path or domain attribute: printable, without the `;` that would end it. */
const ATTRIBUTE = /^[\x21-\x3a\x3c-\x7e]*$/;

/** The jar of one request: the Cookie header read on first use, the Set-Cookie lines in the order set. */
export class CookieJar implements Cookies {
  #sent: Record<string, string> | undefined;
  /** Set-Cookie lines by name: setting a name again replaces its line. */
  readonly #set = new Map<string, string>();

  constructor(private readonly header: string | undefined) {}

  get(name: string): string | undefined {
    const sent = this.all();
    return Object.prototype.hasOwnProperty.call(sent, name) ? sent[name] : undefined;
  }

  all(): Record<string, string> {
    return (this.#sent ??= parseCookieHeader(this.header));
  }

  set(name: string, value: string, options: CookieOptions = {}): void {
    this.#set.set(name, serializeCookie(name, value, options));
  }

  delete(name: string, options: Pick<CookieOptions, "path" | "domain" | "secure" | "sameSite"> = {}): void {
    this.#set.set(name, serializeCookie(name, "", { ...options, maxAge: 0, expires: new Date(0) }));
  }

  /** The Set-Cookie lines the answer carries. */
  lines(): string[] {
    return [...this.#set.values()];
  }
}

/**
 * `a=1; b=2` as own keys of a prototype-less object: the first of a repeated name wins (the
 * browser sends the most specific path first), values percent-decoded where that is valid.
 */
function parseCookieHeader(header: string | undefined): Record<string, string> {
  const cookies = Object.create(null) as Record<string, string>;
  if (!header) return cookies;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (!name || name in cookies) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    cookies[name] = decoded(value);
  }
  return cookies;
}

function decoded(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** One Set-Cookie line; a name, path or domain no header may carry, or a combination browsers refuse, is a TypeError. */
function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!TOKEN.test(name)) throw new TypeError(`a cookie name must be a token (letters, digits and !#$%&'*+-.^_\`|~): ${JSON.stringify(name.slice(0, 100))}`);
  const path = options.path ?? "/";
  if (!ATTRIBUTE.test(path)) throw new TypeError(`cookie ${name}: a path with a space, ";" or a control character: ${JSON.stringify(path.slice(0, 100))}`);
  const sameSite = (options.sameSite ?? "lax").toLowerCase();
  if (sameSite !== "strict" && sameSite !== "lax" && sameSite !== "none")
    throw new TypeError(`cookie ${name}: sameSite is "strict", "lax" or "none", not ${JSON.stringify(options.sameSite)}`);
  const secure = options.secure ?? false;
  // Browsers drop these silently; an error at the call says why the cookie never arrives.
  if (sameSite === "none" && !secure) throw new TypeError(`cookie ${name}: sameSite "none" needs secure: true (browsers refuse it otherwise)`);
  if ((name.startsWith("__Secure-") || name.startsWith("__Host-")) && !secure)
    throw new TypeError(`cookie ${name}: a __Secure- or __Host- name needs secure: true`);
  if (name.startsWith("__Host-") && (options.domain !== undefined || path !== "/"))
    throw new TypeError(`cookie ${name}: a __Host- name takes no domain and the path "/"`);
  let line = `${name}=${encodeURIComponent(value)}; Path=${path}`;
  if (options.domain !== undefined) {
    if (!options.domain || !ATTRIBUTE.test(options.domain))
      throw new TypeError(`cookie ${name}: a domain with a space, ";" or a control character: ${JSON.stringify(options.domain.slice(0, 100))}`);
    line += `; Domain=${options.domain}`;
  }
  if (options.maxAge !== undefined) {
    if (!Number.isFinite(options.maxAge)) throw new TypeError(`cookie ${name}: maxAge must be a finite number of seconds`);
    line += `; Max-Age=${Math.max(0, Math.floor(options.maxAge))}`;
  }
  if (options.expires !== undefined) {
    if (!(options.expires instanceof Date) || Number.isNaN(options.expires.getTime())) throw new TypeError(`cookie ${name}: expires must be a valid Date`);
    line += `; Expires=${options.expires.toUTCString()}`;
  }
  if (options.httpOnly ?? true) line += "; HttpOnly";
  if (secure) line += "; Secure";
  return `${line}; SameSite=${sameSite[0].toUpperCase()}${sameSite.slice(1)}`;
}
