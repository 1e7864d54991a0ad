import * as path from "path";
import { readRegularFileOrNone } from "../files/regularFile";
import { Worker } from "worker_threads";
import { parseUri } from "../files/uris";
import type { WorkerOutput, WorkerRequest } from "./importWorker";
import { MAX_RUBY_BYTES, revive, TIME_LIMIT_MS, WORKER_SCRIPT } from "./readInWorker";
import type { RubyReading, RubyRoutesReader } from "./rubyRoutingFile";

/**
 * The language server's routes.rb reader: one worker thread (started when first needed, never
 * holding the process open) reads one text at a time, the newest of each file; a read past the
 * time limit, or one that ends the thread, answers an error for that text and the next read starts
 * a new thread. The last reading of each file is kept with its text; `arrived` says when one is ready.
 */
export class WorkerRubyReader implements RubyRoutesReader {
  private readonly readings = new Map<string, { text: string; reading: RubyReading }>();
  /** The newest text of each file still to read, in the order asked. */
  private readonly waiting = new Map<string, string>();
  private busy: { id: number; uri: string; text: string; timer: NodeJS.Timeout } | undefined;
  private worker: Worker | undefined;
  private requests = 0;

  constructor(
    private readonly arrived: (uri: string) => void,
    private readonly timeLimitMs = TIME_LIMIT_MS,
  ) {}

  /**
   * The reading of `text`; while it is being read, the file's last reading (of an earlier text), as
   * an editor keeps showing the last diagnostics until new ones come, rather than none for a moment.
   */
  read(uri: string, text: string): RubyReading | undefined {
    const known = this.readings.get(uri);
    if (known?.text === text) return known.reading;
    if (this.busy?.uri !== uri || this.busy.text !== text) this.waiting.set(uri, text);
    this.next();
    return known?.reading;
  }

  /** Whether a newer text of the file than its last reading is still to be read. */
  reading(uri: string): boolean {
    return this.busy?.uri === uri || this.waiting.has(uri);
  }

  /** Ends the worker (the server is shutting down). */
  dispose(): void {
    this.waiting.clear();
    if (this.busy) clearTimeout(this.busy.timer);
    this.busy = undefined;
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private next(): void {
    if (this.busy) return;
    const first = this.waiting.entries().next();
    if (first.done) return;
    const [uri, text] = first.value;
    this.waiting.delete(uri);
    const id = ++this.requests;
    const timer = setTimeout(() => this.failed(`the Ruby parser did not finish within ${this.timeLimitMs / 1000} s`), this.timeLimitMs);
    timer.unref();
    this.busy = { id, uri, text, timer };
    const request: WorkerRequest = {
      id,
      input: {
        routes: text,
        environment: besideRoutes(uri, "environment.rb"),
        actionPackVersion: besideRoutes(uri, "../vendor/rails/actionpack/lib/action_pack/version.rb"),
        options: { env: "production", constants: new Map(), despiteSyntaxErrors: true },
      },
    };
    this.started().postMessage(request);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SCRIPT, { stdout: false, stderr: false });
    worker.unref();
    worker.on("message", ({ id, output }: { id: number; output: WorkerOutput }) => {
      if (id !== this.busy?.id) return;
      this.finish("error" in output ? { error: output.error, span: output.span } : { ...output, imported: revive(output.imported) });
    });
    // A thread already given up (ended for its time) is no longer this reader's.
    worker.on("error", (error) => this.worker === worker && this.failed(`the Ruby parser failed on this file (${error.message})`));
    worker.on("exit", () => this.worker === worker && this.failed("the Ruby parser stopped on this file (nested too deeply for it?)"));
    return (this.worker = worker);
  }

  /** The worker cannot answer: the file's reading says so, and the next read starts another. */
  private failed(why: string): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    if (this.busy) this.finish({ error: `${why}: nothing is read` });
  }

  private finish(reading: RubyReading): void {
    const { uri, text, timer } = this.busy!;
    clearTimeout(timer);
    this.busy = undefined;
    this.readings.set(uri, { text, reading });
    this.arrived(uri);
    this.next();
  }
}

/** A file of the application a routes.rb's behaviour depends on (config/environment.rb, a vendored Rails' version), relative to its folder, when there is one to read. */
function besideRoutes(uri: string, relative: string): string | undefined {
  const file = parseUri(uri)?.fsPath;
  if (!file) return undefined;
  return readRegularFileOrNone(path.join(path.dirname(file), relative), MAX_RUBY_BYTES);
}
