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
    return this.kept(key, inputs) ?? this.keep(key, inputs, make());
  }

  /**
   * What was made for `key` from the same `inputs`, if anything. With keep(), for a caller asking
   * for every part of a file on each keystroke: it can pass one list of inputs it fills again each
   * time, and no function, where get() takes both anew.
   */
  kept(key: Key, inputs: readonly unknown[]): Made | undefined {
    const earlier = this.made.peek(key);
    if (!earlier || earlier.inputs.length !== inputs.length) return undefined;
    for (let i = 0; i < inputs.length; i++) if (deref(earlier.inputs[i]) !== inputs[i]) return undefined;
    return earlier.value;
  }

  /** Keeps `value` as made for `key` from `inputs` (copied: the caller may fill its list again), and gives it. */
  keep(key: Key, inputs: readonly unknown[], value: Made): Made {
    this.made.set(key, { inputs: this.weakInputs ? inputs.map(weakly) : inputs.slice(), value });
    return value;
  }
}

function weakly(input: unknown): unknown {
  return typeof input === "object" && input !== null ? new WeakRef(input) : input;
}

function deref(input: unknown): unknown {
  return input instanceof WeakRef ? input.deref() : input;
}
