import * as path from "path";
import { Worker } from "worker_threads";

import type { ControllersInput, ControllersOutput, WorkerInput, WorkerOutput, WorkerRequest } from "./importWorker";

/** How long one reading of Ruby may take: a routes.rb of thousands of lines takes well under a second. */
export const TIME_LIMIT_MS = 10_000;

/** The worker's script: beside this module, and beside the tools' bundle. */
const WORKER_SCRIPT = path.join(__dirname, "importWorker.js");

/**
 * The one client of the worker thread Prism reads Ruby in (importWorker.ts), for the CLI and the
 * language server alike: one reading at a time, the thread started when first needed. A reading
 * that passes the time limit, or whose thread fails or ends (Prism ends or loops on some hostile
 * files), answers why, and the thread is ended: the next reading starts another.
 */
export class RubyWorker {
  private worker: Worker | undefined;
  private busy: { id: number; timer: NodeJS.Timeout; answer: (output: WorkerOutput | ControllersOutput | { failed: string }) => void } | undefined;
  private requests = 0;

  constructor(
    /** Whether the thread may keep the process alive: a command waits for its reading, a server never waits on it to exit. */
    private readonly holdsProcess: boolean,
    private readonly timeLimitMs = TIME_LIMIT_MS,
  ) {}

  /** The worker's answer to `input`, or why there is none; one at a time (a second read waits for none: ask after the first answers). */
  read(input: WorkerInput): Promise<WorkerOutput | { failed: string }> {
    return this.ask(input) as Promise<WorkerOutput | { failed: string }>;
  }

  /** The actions of an application's Ruby controllers, or why there are none; as `read`, one at a time. */
  readControllers(input: ControllersInput): Promise<ControllersOutput | { failed: string }> {
    return this.ask(input) as Promise<ControllersOutput | { failed: string }>;
  }

  private ask(input: WorkerInput | ControllersInput): Promise<WorkerOutput | ControllersOutput | { failed: string }> {
    if (this.busy) throw new Error("RubyWorker reads one input at a time");
    return new Promise((answer) => {
      const id = ++this.requests;
      const timer = setTimeout(() => this.failed(`the Ruby parser did not finish within ${this.timeLimitMs / 1000} s`), this.timeLimitMs);
      if (!this.holdsProcess) timer.unref();
      this.busy = { id, timer, answer };
      const request: WorkerRequest = { id, input };
      this.started().postMessage(request);
    });
  }

  /** Ends the thread (the command is done, or the server is shutting down); a reading under way is not answered. */
  dispose(): void {
    if (this.busy) clearTimeout(this.busy.timer);
    this.busy = undefined;
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SCRIPT, { stdout: false, stderr: false });
    if (!this.holdsProcess) worker.unref();
    worker.on("message", ({ id, output }: { id: number; output: WorkerOutput | ControllersOutput }) => id === this.busy?.id && this.finish(output));
    // A thread already given up (ended for its time) is no longer this client's.
    worker.on("error", (error) => this.worker === worker && this.failed(`the Ruby parser failed on this file (${error.message})`));
    worker.on("exit", () => this.worker === worker && this.failed("the Ruby parser stopped on this file (nested too deeply for it?)"));
    return (this.worker = worker);
  }

  private failed(why: string): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    if (this.busy) this.finish({ failed: why });
  }

  private finish(output: WorkerOutput | ControllersOutput | { failed: string }): void {
    const { timer, answer } = this.busy!;
    clearTimeout(timer);
    this.busy = undefined;
    answer(output);
  }
}
