import type { TextChange } from "../analysis/fileSyntax";
import { runAround, SourceText } from "../text/sourceText";

/** A helper a document names: `routes.helpers.post_path`, `helpers["post_path"]`. */
export interface HelperUse {
  helper: string;
  /** Where the helper's name begins. */
  start: number;
  /** Where the whole use begins (`helpers`) and ends (after the name, or the closing bracket). */
  from: number;
  to: number;
}

const HELPER_USE = /\bhelpers\s*(?:\.\s*([A-Za-z_$][\w$]*)|\[\s*(["'])([A-Za-z_$][\w$]*)\2\s*\])/g;
/** The characters a use is made of (name characters, white space, `.`, brackets, quotes). */
const USE_CHARACTER = /[\w$.[\]"'\s]/;

function isUseCharacter(code: number): boolean {
  return USE_CHARACTER.test(String.fromCharCode(code));
}

/**
 * The helper uses in `text` from `from` to `to`, in order. A part of the text is searched on its
 * own (a search in the whole text would go on to its end): the callers' parts are bounded by
 * characters no use holds, so no use crosses their ends, and the one before `from` is not a name
 * character (the start of a search is a word boundary, as `\b` wants).
 */
export function findHelperUses(text: SourceText, from = 0, to = text.length): HelperUse[] {
  const uses: HelperUse[] = [];
  for (const match of text.slice(from, to).matchAll(HELPER_USE)) {
    const helper = match[1] ?? match[3];
    const at = from + match.index;
    uses.push({ helper, start: at + match[0].lastIndexOf(helper), from: at, to: at + match[0].length });
  }
  return uses;
}

/**
 * The uses of `text`, which is `change` made to the text `previous` were found in, searched for
 * again only around the change: a use the change touched, made or unmade lies in the run of the
 * characters uses are made of that holds the change, and those before and after the run are the
 * same uses (moved by the change's length, after it). Their cost is the run's, not the text's.
 */
export function helperUsesAfterEdit(previous: readonly HelperUse[], change: TextChange, text: SourceText): HelperUse[] {
  const { start: from, end: to } = runAround(text, change.start, change.newEnd, isUseCharacter);
  const delta = change.newEnd - change.oldEnd;
  const uses = previous.filter((use) => use.to <= from);
  for (const use of findHelperUses(text, from, to)) uses.push(use);
  for (const use of previous) if (use.from >= to - delta) uses.push({ helper: use.helper, start: use.start + delta, from: use.from + delta, to: use.to + delta });
  return uses;
}
