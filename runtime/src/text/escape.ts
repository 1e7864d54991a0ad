/**
 * Text from a routing file shown to people: a terminal, a Markdown hover, a snippet. What a name
 * or path holds must never act (an escape sequence that writes the clipboard, a Markdown link or
 * image, a snippet placeholder) or change the layout (a line break that adds a row).
 */

/**
 * Control characters, line and paragraph separators and the bidirectional overrides of
 * "trojan source": never printed as they are. Inclusive ranges of UTF-16 code units, the one
 * definition that both the expression and the table below are made from.
 */
const UNPRINTABLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x2028, 0x2029],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];

const UNPRINTABLE = new RegExp(`[${UNPRINTABLE_RANGES.map(([from, to]) => `${unicodeEscape(from)}-${unicodeEscape(to)}`).join("")}]`, "g");

/** Past the last unprintable code unit: every one from here on is printable. */
const PRINTABLE_FROM = UNPRINTABLE_RANGES[UNPRINTABLE_RANGES.length - 1][1] + 1;

/** For each code unit below PRINTABLE_FROM, 1 when it is unprintable. */
const UNPRINTABLE_TABLE = new Uint8Array(PRINTABLE_FROM);
for (const [from, to] of UNPRINTABLE_RANGES) UNPRINTABLE_TABLE.fill(1, from, to + 1);

function unicodeEscape(code: number): string {
  return `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * Whether the text holds a character `printable` would escape. A loop over the characters, not the
 * expression: every route's name is checked (50,000 in a large file), and names are short.
 */
export function hasUnprintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < PRINTABLE_FROM && UNPRINTABLE_TABLE[code] === 1) return true;
  }
  return false;
}

/** The text with every unprintable character shown as an escape (`\n`, `\x1b`, `\u202e`). */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => {
    const code = char.charCodeAt(0);
    if (char === "\n") return "\\n";
    if (char === "\r") return "\\r";
    if (char === "\t") return "\\t";
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/** Markdown inline code showing `text` exactly: a fence longer than any run of backticks inside, so the content cannot close it. */
export function markdownCode(text: string): string {
  const shown = printable(text);
  const longest = (shown.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
  const fence = "`".repeat(longest + 1);
  const pad = shown.startsWith("`") || shown.endsWith("`") || shown.startsWith(" ") ? " " : "";
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/** Markdown inline code inside a table cell: a `|`, even in code, would end the cell. */
export function markdownCellCode(text: string): string {
  return markdownCode(text).replace(/\|/g, "\\|");
}

/**
 * Plain Markdown text: the characters that open code, emphasis, links, images, HTML or a table
 * cell are escaped, and so is a line's first character where it could start a block (`#`, `>`, `-`).
 */
export function markdownText(text: string): string {
  return printable(text)
    .replace(/[\\`*_[\]<>!|~&]/g, "\\$&")
    .replace(/^[#>+\-=]|^(\d+)([.)])/, (match, digits, mark) => (digits ? `${digits}\\${mark}` : `\\${match}`));
}

/** Literal text in an LSP snippet: `$`, `}` and `\` would start or end placeholders. */
export function snippetText(text: string): string {
  return text.replace(/[$}\\]/g, "\\$&");
}

/**
 * Every line terminator of JavaScript (and so of TypeScript): `\r\n`, `\n`, `\r`, U+2028 and U+2029.
 * A generator that puts text in a `//` comment must break or escape at each of them, or the rest of
 * the line after one is code.
 */
const LINE_TERMINATORS = /\r\n|[\r\n\u2028\u2029]/g;

/** Text inside a generated `//` or block comment: no line breaks, no comment end. */
export function commentText(text: string): string {
  return text.replace(LINE_TERMINATORS, " ").replace(/\*\//g, "* /");
}

/** Text as the lines of generated `//` comments: split at every line terminator JavaScript knows, each line one comment's text. */
export function commentLines(text: string): string[] {
  return text.split(LINE_TERMINATORS);
}

/**
 * A text as a message quotes it: at most `limit` characters, cut with `…`, so that a message never
 * repeats a huge request path, value or line.
 */
export function shortened(text: string, limit = 200): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/** A file's base name, whatever separator its path uses. */
export function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** Text as HTML writes it in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
