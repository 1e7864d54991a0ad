/** `GET /posts/1` → { method, path }; undefined when it is not that shape. */
export function parseRequest(text: string): { method: string; path: string } | undefined {
  const match = /^\s*([A-Za-z]+)\s+(\/\S*)\s*$/.exec(text);
  return match ? { method: match[1].toUpperCase(), path: match[2] } : undefined;
}
