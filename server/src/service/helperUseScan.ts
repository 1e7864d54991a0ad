import { runAround, SourceText } from "../text/sourceText";
import type { TextChange } from "../text/textChange";

/** A helper a document names: `routes.helpers.post_path`, `helpers["post_path"]`, `h.post_path` for an alias `h`. */
export interface HelperUse {
  helper: string;
  /** Where the helper's name begins. */
  start: number;
  /** Where the whole use begins (`helpers`) and ends (after the name, or the closing bracket). */
  from: number;
  to: number;
}

/**
 * A document's helper uses, and the names it gives the helpers object (`const h = routes.helpers`)
 * with where each is declared. Destructured helpers (`const { post_path } = routes.helpers`) are
 * uses themselves.
 */
export interface HelperUseScan {
  uses: readonly HelperUse[];
  aliases: ReadonlyArray<{ name: string; from: number; to: number }>;
}

const HELPER_USE = /\bhelpers\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*(["'])([A-Za-z_$][\w$]*)\2\s*\])/g;
/** `const h = routes.helpers` (a `const`: a name that keeps meaning the helpers object). */
const ALIAS = /\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)*helpers\b(?!\s*[.[\w$])/g;
/** `const { post_path, posts_path: list } = routes.helpers`: the keys are helper uses. */
const DESTRUCTURING = /\b(?:const|let|var)\s*\{([\s\w$,:]*)\}\s*=\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)*helpers\b(?!\s*[.[\w$])/g;
const KEY = /(?:^|,)\s*([A-Za-z_$][\w$]*)/g;
/** What an alias's member must look like to be taken for a helper (the object is not known for sure). */
const HELPER_NAME = /^(?:[A-Za-z_$][\w$]*_(?:path|url)|hash_for_[\w$]+)$/;

/**
 * The characters uses and alias declarations are made of (name characters, white space, `.`,
 * brackets, quotes, and the braces, commas, colons and `=` of a declaration): a change can make,
 * unmake or alter only the uses and declarations in the run of them that holds it.
 */
const USE_CHARACTER = /[\w$.[\]"'\s{},:=]/;

function isUseCharacter(code: number): boolean {
  return USE_CHARACTER.test(String.fromCharCode(code));
}

/** Every helper use of `text` and its aliases of the helpers object. */
export function scanHelperUses(text: SourceText): HelperUseScan {
  const aliases = findAliases(text, 0, text.length);
  return { uses: findHelperUses(text, 0, text.length, new Set(aliases.map((a) => a.name))), aliases };
}

/**
 * The scan of `text`, which is `change` made to the text `previous` was made of, done again only
 * around the change: the run of use characters that holds it. A change that declares or removes
 * an alias changes what names mean everywhere, and the whole text is scanned again.
 */
export function scanAfterEdit(previous: HelperUseScan, change: TextChange, text: SourceText): HelperUseScan {
  const { start: from, end: to } = runAround(text, change.start, change.newEnd, isUseCharacter);
  const delta = change.newEnd - change.oldEnd;
  const removed = previous.aliases.filter((a) => a.to > from && a.from < to - delta);
  const added = findAliases(text, from, to);
  if (removed.length || added.length) {
    const same = removed.length === added.length && removed.every((a, i) => a.name === added[i].name);
    if (!same) return scanHelperUses(text);
  }
  const names = new Set(previous.aliases.map((a) => a.name));
  const uses = previous.uses.filter((use) => use.to <= from);
  for (const use of findHelperUses(text, from, to, names)) uses.push(use);
  for (const use of previous.uses)
    if (use.from >= to - delta) uses.push({ helper: use.helper, start: use.start + delta, from: use.from + delta, to: use.to + delta });
  const aliases = previous.aliases.filter((a) => a.to <= from);
  aliases.push(...added);
  for (const a of previous.aliases) if (a.from >= to - delta) aliases.push({ name: a.name, from: a.from + delta, to: a.to + delta });
  return { uses, aliases };
}

/**
 * The helper uses in `text` from `from` to `to`, in order: through `helpers`, destructured from
 * it, and members of the `aliases` that read as helpers. A part of the text is searched on its
 * own: the callers' parts are bounded by characters no use holds, and the one before `from` is
 * not a name character (the start of a search is a word boundary, as `\b` wants).
 */
export function findHelperUses(text: SourceText, from = 0, to = text.length, aliases: ReadonlySet<string> = new Set()): HelperUse[] {
  const part = text.slice(from, to);
  const uses: HelperUse[] = [];
  for (const match of part.matchAll(HELPER_USE)) {
    const helper = match[1] ?? match[3];
    const at = from + match.index;
    uses.push({ helper, start: at + match[0].lastIndexOf(helper), from: at, to: at + match[0].length });
  }
  for (const match of part.matchAll(DESTRUCTURING)) {
    const keysAt = from + match.index + match[0].indexOf("{") + 1;
    for (const key of match[1].matchAll(KEY)) {
      const start = keysAt + key.index + key[0].length - key[1].length;
      uses.push({ helper: key[1], start, from: start, to: start + key[1].length });
    }
  }
  if (aliases.size) {
    for (const match of part.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)/g)) {
      // `helpers` itself is read above, even where an alias is named after it.
      if (match[1] === "helpers" || !aliases.has(match[1]) || !HELPER_NAME.test(match[2])) continue;
      const at = from + match.index;
      uses.push({ helper: match[2], start: at + match[0].length - match[2].length, from: at, to: at + match[0].length });
    }
  }
  return uses.sort((a, b) => a.from - b.from);
}

/** The aliases of the helpers object declared in `text` from `from` to `to`. */
function findAliases(text: SourceText, from: number, to: number): Array<{ name: string; from: number; to: number }> {
  return [...text.slice(from, to).matchAll(ALIAS)].map((m) => ({ name: m[1], from: from + m.index, to: from + m.index + m[0].length }));
}
