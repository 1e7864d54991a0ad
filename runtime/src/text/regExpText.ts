/** `text` as a regular expression's source that matches exactly that text (Ruby's `Regexp.escape`). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A pattern that matches one text and no other, which shows as that text: Rails makes a pattern of
 * a constraint written as a text or a symbol (`constraints: { format: :html }`) and lists it as written.
 */
export class LiteralPattern extends RegExp {
  constructor(readonly text: string) {
    super(escapeRegExp(text));
  }
}

/** How a requirement is shown: as written, a text for a literal one, else its source. */
export function patternText(pattern: RegExp): string {
  return pattern instanceof LiteralPattern ? pattern.text : pattern.source;
}
