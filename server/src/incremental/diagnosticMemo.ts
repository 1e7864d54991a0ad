import type { Diagnostic } from "resource-routes/internal";

import { KeptFor } from "./keptFor";

/**
 * Diagnostics made for one version of a file, kept for the next versions: a diagnostic whose
 * inputs (routes, declarations' sources: objects a later version shares when an edit did not
 * change them) are the same objects is the same diagnostic, so an edit makes only the diagnostics
 * of what it changed. A kept diagnostic's ranges stay right because ranges move with their text in
 * place; an equal declaration read anew has a new source object, and so a new diagnostic. What is
 * kept may be a list (a document's diagnostics of one kind); with `weakInputs`, the inputs are held
 * weakly, so that a kept answer keeps no earlier version of them (a routing file's routes) alive.
 */
export class DiagnosticMemo<Key extends object, Made = Diagnostic> {
  private readonly made = new KeptFor<Key, { inputs: readonly unknown[]; value: Made }>();

  constructor(private readonly weakInputs = false) {}

  /** What was made for `key` from the same `inputs`, or what `make` makes now. */
  get(key: Key, inputs: readonly unknown[], make: () => Made): Made {
    const earlier = this.made.peek(key);
    if (earlier && earlier.inputs.length === inputs.length && earlier.inputs.every((input, i) => deref(input) === inputs[i])) return earlier.value;
    const value = make();
    this.made.set(key, { inputs: this.weakInputs ? inputs.map(weakly) : inputs, value });
    return value;
  }
}

function weakly(input: unknown): unknown {
  return typeof input === "object" && input !== null ? new WeakRef(input) : input;
}

function deref(input: unknown): unknown {
  return input instanceof WeakRef ? input.deref() : input;
}
