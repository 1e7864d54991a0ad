import { composeChanges, TextChange } from "../text/textChange";

/** Edits kept: a cache further behind is made anew. */
const LIMIT = 64;

/**
 * The edits made to one open document, one per version, as far back as the versions the
 * workspace's caches may still hold: a cache several versions behind (edits that came faster than
 * anything asked about them) is brought past all of them at once instead of made anew from the
 * whole text. Versions are known by tokens (see workspace.ts), which hold no text.
 */
export class EditHistory {
  private steps: Array<{ from: object; change: TextChange }> = [];
  /** The newest version. */
  private to: object | undefined;

  /** The version `to` was made from `from` by `change`; a `from` that is not the newest version starts the history anew. */
  record(from: object, to: object, change: TextChange): void {
    if (from !== this.to) this.steps = [];
    this.steps.push({ from, change });
    if (this.steps.length > LIMIT) this.steps.shift();
    this.to = to;
  }

  /** Where the newest version, `to`, differs from `from`; undefined when either is not a version kept here. */
  between(from: object, to: object): TextChange | undefined {
    if (to !== this.to) return undefined;
    for (let i = this.steps.length - 1; i >= 0; i--) {
      if (this.steps[i].from !== from) continue;
      let change = this.steps[i].change;
      for (let j = i + 1; j < this.steps.length; j++) change = composeChanges(change, this.steps[j].change);
      return change;
    }
    return undefined;
  }

  /** The newest version's own edit. */
  get last(): TextChange | undefined {
    return this.steps.at(-1)?.change;
  }
}
