import type { Diagnostic } from "resource-routes/internal";
import * as lsp from "vscode-languageserver/node";

import { diagnosticSteps, RoutingWorkspace } from "../service";
import { Clock, SYSTEM_CLOCK, Timer } from "./clock";
import { toDiagnostic } from "./convert";

/** How long diagnostics wait after a change, so that a burst of keystrokes is analysed once. */
const DIAGNOSTICS_DELAY_MS = 10;

/**
 * What a document was last sent (as its JSON: one string, where the protocol's objects kept until
 * the next round would be thousands of objects outliving the young generation), and what it was
 * made from: the service's diagnostics and the document's lines then.
 */
interface Published {
  sent: string;
  from: readonly Diagnostic[];
  lines: unknown;
}

/**
 * Publishes diagnostics for every routing file (open or not) and every open document, debounced.
 * One document at a time, open ones first, each sent as soon as it is ready, with the event loop
 * turning in between: a request that arrives meanwhile (a hover, a completion) is answered before
 * the next document, and a change starts the round again instead of waiting for it to finish.
 * A document whose diagnostics did not change is not sent again; one that left the workspace is cleared.
 */
export class DiagnosticsPublisher {
  private pending: Timer | undefined;
  private readonly published = new Map<string, Published>();
  /** Bumped by each change: a round of an older generation stops at its next document. */
  private generation = 0;

  constructor(
    private readonly connection: lsp.Connection,
    private readonly workspace: RoutingWorkspace,
    private readonly onError: (what: string, error: unknown) => void,
    private readonly clock: Clock = SYSTEM_CLOCK,
  ) {}

  /** Publishes after the delay; a new call before then starts the delay again. */
  schedule(): void {
    this.generation++;
    if (this.pending) this.pending.refresh();
    else this.pending = this.clock.after(DIAGNOSTICS_DELAY_MS, () => void this.publishNow());
  }

  /** Publishes at once what a call to schedule() left waiting for its delay; resolves when that round ends. */
  async flush(): Promise<void> {
    if (!this.pending) return;
    this.pending.cancel();
    await this.publishNow();
  }

  async publishNow(): Promise<void> {
    this.pending = undefined;
    const generation = ++this.generation;
    const enabled = this.workspace.settings.features.diagnostics;
    const targets: string[] = [];
    try {
      if (enabled) {
        for (const document of this.workspace.documents()) if (this.workspace.isOpen(document.uri)) targets.push(document.uri);
        for (const { uri } of this.workspace.routingFiles()) if (!this.workspace.isOpen(uri)) targets.push(uri);
      }
    } catch (error) {
      // This runs in a timer: an exception here would end the process.
      this.onError("finding the documents to publish", error);
      return;
    }
    const turn = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return generation === this.generation; // false: something changed, a newer round publishes
    };
    for (const [i, uri] of targets.entries()) {
      if (i > 0 && !(await turn())) return;
      try {
        // Each long step in a turn of its own (a routing file's analysis, which a completion
        // waiting meanwhile needs anyway, then its unreachable-route check).
        const steps = diagnosticSteps(this.workspace, uri);
        let step = steps.next();
        while (!step.done) {
          if (!(await turn())) return;
          step = steps.next();
        }
        const lines = this.workspace.lines(uri);
        // The same diagnostics over the same text (the service keeps those an edit did not touch): nothing to convert or compare.
        const last = this.published.get(uri);
        if (last && last.lines === lines && sameItems(last.from, step.value)) continue;
        this.send(
          uri,
          step.value.map((d) => toDiagnostic(d, uri, lines)),
          { from: step.value, lines },
        );
      } catch (error) {
        this.onError(`diagnostics of ${uri}`, error);
      }
    }
    const current = new Set(targets);
    for (const uri of [...this.published.keys()]) if (!current.has(uri)) this.send(uri, [], undefined);
  }

  /** Sends a document's diagnostics unless they equal what it was last sent. */
  private send(uri: string, diagnostics: lsp.Diagnostic[], made: Omit<Published, "sent"> | undefined): void {
    const sent = JSON.stringify(diagnostics);
    const same = (this.published.get(uri)?.sent ?? "[]") === sent;
    if (diagnostics.length === 0 || !made) this.published.delete(uri);
    else this.published.set(uri, { sent, ...made });
    if (same) return;
    const version = this.workspace.isOpen(uri) ? this.workspace.document(uri)?.version : undefined;
    void this.connection.sendDiagnostics({ uri, version, diagnostics });
  }
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
