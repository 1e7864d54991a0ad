import type { Diagnostic } from "resource-routes/internal";
import { KeptFor } from "./keptFor";

/**
 * Diagnostics made for one version of a file, kept for the next versions: a diagnostic whose
 * inputs (routes, declarations' sources: objects a later version shares when an edit did not
 * change them) are the same objects is the same diagnostic, so an edit makes only the diagnostics
 * of what it changed. A kept diagnostic's ranges stay right because ranges move with their text in
 * place; an equal declaration read anew has a new source object, and so a new diagnostic.
 */
export class DiagnosticMemo<Key extends object> {
  private readonly made = new KeptFor<Key, { inputs: readonly unknown[]; diagnostic: Diagnostic }>();

  /** The diagnostic made for `key` from the same `inputs`, or the one `make` makes now. */
  get(key: Key, inputs: readonly unknown[], make: () => Diagnostic): Diagnostic {
    const earlier = this.made.peek(key);
    if (earlier && earlier.inputs.length === inputs.length && earlier.inputs.every((input, i) => input === inputs[i])) return earlier.diagnostic;
    const diagnostic = make();
    this.made.set(key, { inputs, diagnostic });
    return diagnostic;
  }
}
