/** Media types and the format Rails 2 registered them under (`Mime::Type.register`). */
const FORMATS: Record<string, string> = {
  "text/html": "html",
  "application/xhtml+xml": "html",
  "application/json": "json",
  "text/x-json": "json",
  "application/xml": "xml",
  "text/xml": "xml",
  "application/x-xml": "xml",
  "application/rss+xml": "rss",
  "application/atom+xml": "atom",
  "text/csv": "csv",
  "text/plain": "text",
  "text/javascript": "js",
  "application/javascript": "js",
  "application/x-javascript": "js",
  "text/css": "css",
  "text/calendar": "ics",
  "application/x-yaml": "yaml",
  "text/yaml": "yaml",
};

/** How many media ranges of one Accept header are looked at: a longer header costs no more. */
const MAX_RANGES = 32;

/**
 * The format an Accept header asks for, as Rails 2's `request.format` read it when the path gave
 * none: the known type of highest quality (the first of equals); undefined for `*\/*` alone, for
 * none, or for types of no known format.
 */
export function formatFromAccept(accept: string | undefined): string | undefined {
  if (!accept) return undefined;
  let best: string | undefined;
  let bestQuality = 0;
  let ranges = 0;
  for (const range of accept.split(",", MAX_RANGES)) {
    if (++ranges > MAX_RANGES) break;
    const semicolon = range.indexOf(";");
    const type = (semicolon < 0 ? range : range.slice(0, semicolon)).trim().toLowerCase();
    const format = Object.prototype.hasOwnProperty.call(FORMATS, type) ? FORMATS[type] : undefined;
    if (!format) continue;
    const quality = semicolon < 0 ? 1 : qualityOf(range.slice(semicolon + 1));
    if (quality > bestQuality) {
      best = format;
      bestQuality = quality;
    }
  }
  return best;
}

function qualityOf(parameters: string): number {
  const match = /(?:^|;)\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*(?:;|$)/i.exec(parameters);
  return match ? Number(match[1]) : 1;
}
