/** What `ctx.cookies.set` writes besides the value (RFC 6265bis attributes). */
export interface CookieOptions {
  /** Default `/`: the cookie is sent with every path of the site. */
  path?: string;
  domain?: string;
  /** Seconds until the browser forgets it (`Max-Age`); 0 or less deletes it; over 400 days is 400 days, as browsers keep it. */
  maxAge?: number;
  expires?: Date;
  /** Default true: scripts in the page cannot read it. */
  httpOnly?: boolean;
  /** Default: true when the request came over https (directly, or through a trusted proxy), else false. */
  secure?: boolean;
  /** Default `"lax"`; `"none"` needs `secure`. */
  sameSite?: "strict" | "lax" | "none" | "Strict" | "Lax" | "None";
  /** Signed with the adapter's newest `cookieKeys` (HMAC-SHA256): read back with `get(name, { signed: true })`. */
  signed?: boolean;
}

/** A request's cookies and the ones its answer sets (docs/serving.md › Cookies). */
export interface Cookies {
  /** The value the request sent under `name` (percent-decoded), or undefined. */
  get(name: string): string | undefined;
  /** A signed cookie's value when its signature is one of the adapter's `cookieKeys`'; a tampered or unsigned one is undefined. */
  get(name: string, options: { signed: true }): Promise<string | undefined>;
  /** Every cookie the request sent, by name (signed ones as sent, signature included). */
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
/** The longest Max-Age browsers keep (RFC 6265bis §5.5: 400 days); a larger one is written as this. */
const MAX_AGE_LIMIT = 400 * 24 * 60 * 60;

/** What a jar knows of its request beyond the Cookie header. */
export interface JarSetting {
  /** Whether the request came over https: `secure`'s default. */
  secure(): boolean;
  /** The adapter's cookieKeys, newest first. */
  keys: readonly string[] | undefined;
}

/** A cookie set on the answer: its line, or for a signed one what its line is made of once signed. */
type SetCookie = { line: string } | { name: string; value: string; options: CookieOptions };

/** The jar of one request: the Cookie header read on first use, the Set-Cookie lines in the order set. */
export class CookieJar implements Cookies {
  #sent: Record<string, string> | undefined;
  /**
   * By name, domain and path (a browser keeps one cookie for each): setting the same again
   * replaces it; a deletion at one path and a cookie at another are both sent.
   */
  readonly #set = new Map<string, SetCookie>();

  constructor(
    private readonly header: string | undefined,
    private readonly setting: JarSetting,
  ) {}

  get(name: string): string | undefined;
  get(name: string, options: { signed: true }): Promise<string | undefined>;
  get(name: string, options?: { signed?: boolean }): string | undefined | Promise<string | undefined> {
    const sent = this.all();
    const value = Object.prototype.hasOwnProperty.call(sent, name) ? sent[name] : undefined;
    if (!options?.signed) return value;
    return value === undefined ? Promise.resolve(undefined) : unsigned(name, value, keysOf(this.setting.keys, name));
  }

  all(): Record<string, string> {
    return (this.#sent ??= parseCookieHeader(this.header));
  }

  set(name: string, value: string, options: CookieOptions = {}): void {
    const withDefaults = { ...options, secure: options.secure ?? this.setting.secure() };
    if (options.signed) keysOf(this.setting.keys, name);
    // Made (or refused) here, where the action can see why; a signed one is signed with the answer.
    const line = serializeCookie(name, value, withDefaults);
    this.#set.set(jarKey(name, options), options.signed ? { name, value, options: withDefaults } : { line });
  }

  delete(name: string, options: Pick<CookieOptions, "path" | "domain" | "secure" | "sameSite"> = {}): void {
    this.set(name, "", { ...options, maxAge: 0, expires: new Date(0) });
  }

  /** The Set-Cookie lines the answer carries, in the order set; a promise only when one is signed. */
  lines(): string[] | Promise<string[]> {
    const set = [...this.#set.values()];
    if (set.every((cookie) => "line" in cookie)) return set.map((cookie) => cookie.line);
    const keys = this.setting.keys!;
    return Promise.all(
      set.map(async (cookie) =>
        "line" in cookie ? cookie.line : serializeCookie(cookie.name, await signed(cookie.name, cookie.value, keys), cookie.options, true),
      ),
    );
  }
}

function jarKey(name: string, options: Pick<CookieOptions, "path" | "domain">): string {
  return `${name};${(options.domain ?? "").toLowerCase()};${options.path ?? "/"}`;
}

/** The keys, or a TypeError that says how to give them. */
function keysOf(keys: readonly string[] | undefined, name: string): readonly string[] {
  if (!keys?.length) throw new TypeError(`cookie ${name}: a signed cookie needs cookieKeys in the adapter's options (nodeHandler/fetchHandler)`);
  return keys;
}

/**
 * `cookieKeys` as given to an adapter: at least one, each at least 32 characters (a key an
 * attacker could guess signs anything); the first signs, all verify, so a key can be rotated.
 */
export function checkedCookieKeys(keys: unknown): readonly string[] | undefined {
  if (keys === undefined) return undefined;
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((key) => typeof key === "string"))
    throw new TypeError("cookieKeys is a list of secret strings, newest first: [newest, ...older]");
  const short = keys.findIndex((key: string) => key.length < 32);
  if (short >= 0) throw new TypeError(`cookieKeys[${short}] has ${(keys[short] as string).length} characters: use at least 32 random characters`);
  return [...(keys as string[])];
}

type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const imported = new Map<string, Promise<HmacKey>>();

/** A key for HMAC-SHA256 through WebCrypto (node, Bun, Deno and workers alike), imported once. */
function hmacKey(secret: string): Promise<HmacKey> {
  let key = imported.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    imported.set(secret, key);
  }
  return key;
}

/** `value.signature`: the signature (base64url) covers the name too, so a value cannot be moved to another cookie. */
async function signed(name: string, value: string, keys: readonly string[]): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(keys[0]), new TextEncoder().encode(`${name}=${value}`));
  return `${value}.${base64url(new Uint8Array(signature))}`;
}

/** The value of a signed cookie whose signature one of `keys` made (compared in constant time by WebCrypto), else undefined. */
async function unsigned(name: string, sent: string, keys: readonly string[]): Promise<string | undefined> {
  const dot = sent.lastIndexOf(".");
  if (dot < 0) return undefined;
  const value = sent.slice(0, dot);
  const signature = fromBase64url(sent.slice(dot + 1));
  if (!signature) return undefined;
  const data = new TextEncoder().encode(`${name}=${value}`);
  for (const key of keys) if (await crypto.subtle.verify("HMAC", await hmacKey(key), signature, data)) return value;
  return undefined;
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of a base64url text of a SHA-256 signature (43 characters), else undefined. */
function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=");
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
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

/**
 * One Set-Cookie line; a name, path or domain no header may carry, or a combination browsers
 * refuse, is a TypeError. A signed value's signature part is written as it is (`encodedSignature`).
 */
function serializeCookie(name: string, value: string, options: CookieOptions, encodedSignature = false): string {
  if (!TOKEN.test(name)) throw new TypeError(`a cookie name must be a token (letters, digits and !#$%&'*+-.^_\`|~): ${JSON.stringify(name.slice(0, 100))}`);
  const path = options.path ?? "/";
  if (!ATTRIBUTE.test(path)) throw new TypeError(`cookie ${name}: a path with a space, ";" or a control character: ${JSON.stringify(path.slice(0, 100))}`);
  const sameSite = (options.sameSite ?? "lax").toLowerCase();
  if (sameSite !== "strict" && sameSite !== "lax" && sameSite !== "none")
    throw new TypeError(`cookie ${name}: sameSite is "strict", "lax" or "none", not ${JSON.stringify(options.sameSite)}`);
  const secure = options.secure ?? false;
  // Browsers drop these silently; an error at the call says why the cookie never arrives.
  if (sameSite === "none" && !secure) throw new TypeError(`cookie ${name}: sameSite "none" needs secure: true (browsers refuse it otherwise)`);
  // Browsers match the prefixes in any case (RFC 6265bis §4.1.3), so the rules hold for __host- too.
  const lower = name.toLowerCase();
  if ((lower.startsWith("__secure-") || lower.startsWith("__host-")) && !secure)
    throw new TypeError(`cookie ${name}: a __Secure- or __Host- name (in any case) needs secure: true`);
  if (lower.startsWith("__host-") && (options.domain !== undefined || path !== "/"))
    throw new TypeError(`cookie ${name}: a __Host- name (in any case) takes no domain and the path "/"`);
  const dot = encodedSignature ? value.lastIndexOf(".") : -1;
  const text = dot < 0 ? encodeURIComponent(value) : `${encodeURIComponent(value.slice(0, dot))}${value.slice(dot)}`;
  let line = `${name}=${text}; Path=${path}`;
  if (options.domain !== undefined) {
    if (!options.domain || !ATTRIBUTE.test(options.domain))
      throw new TypeError(`cookie ${name}: a domain with a space, ";" or a control character: ${JSON.stringify(options.domain.slice(0, 100))}`);
    line += `; Domain=${options.domain}`;
  }
  if (options.maxAge !== undefined) {
    if (!Number.isFinite(options.maxAge)) throw new TypeError(`cookie ${name}: maxAge must be a finite number of seconds`);
    line += `; Max-Age=${Math.min(MAX_AGE_LIMIT, Math.max(0, Math.floor(options.maxAge)))}`;
  }
  if (options.expires !== undefined) {
    if (!(options.expires instanceof Date) || Number.isNaN(options.expires.getTime())) throw new TypeError(`cookie ${name}: expires must be a valid Date`);
    line += `; Expires=${options.expires.toUTCString()}`;
  }
  if (options.httpOnly ?? true) line += "; HttpOnly";
  if (secure) line += "; Secure";
  return `${line}; SameSite=${sameSite[0].toUpperCase()}${sameSite.slice(1)}`;
}
