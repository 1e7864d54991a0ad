import * as cp from "child_process";
import * as path from "path";

import { ROOT } from "./fixtures";

/** A tsserver over stdio: requests as JSON lines, responses framed by Content-Length. */
export class TsServer {
  private readonly process: cp.ChildProcessWithoutNullStreams;
  private buffer: Buffer = Buffer.alloc(0);
  private seq = 0;
  private readonly waiting = new Map<number, (body: { success: boolean; body?: unknown }) => void>();

  constructor(args: string[]) {
    this.process = cp.spawn(process.execPath, [
      path.join(ROOT, "node_modules", "typescript", "lib", "tsserver.js"),
      "--disableAutomaticTypingAcquisition",
      ...args,
    ]);
    this.process.stdout.on("data", (chunk: Buffer) => this.read(chunk));
    // A server that ends (out of memory, a crash) answers every request still waiting as failed, rather than never.
    this.process.on("exit", (code, signal) => {
      this.ended = `tsserver ended (${signal ?? `exit code ${code}`})`;
      for (const answer of this.waiting.values()) answer({ success: false });
      this.waiting.clear();
    });
  }

  /** Why the server ended, once it has. */
  ended: string | undefined;

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      // The header is read from the buffer's head alone: a large answer arrives in many chunks, and reading it whole each time would be quadratic.
      const header = /^\s*Content-Length: (\d+)\r\n\r\n/.exec(this.buffer.subarray(0, 64).toString("latin1"));
      if (!header) return;
      const start = header[0].length;
      const end = start + Number(header[1]);
      if (this.buffer.length < end) return;
      const message = JSON.parse(this.buffer.subarray(start, end).toString("utf8")) as { type: string; request_seq: number };
      this.buffer = this.buffer.subarray(end);
      if (message.type === "response") this.waiting.get(message.request_seq)?.(message as never);
    }
  }

  notify(command: string, args: unknown): void {
    this.process.stdin.write(`${JSON.stringify({ seq: ++this.seq, type: "request", command, arguments: args })}\n`);
  }

  request<T>(command: string, args: unknown): Promise<T | undefined> {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(seq, (response) => resolve(response.success ? (response.body as T) : undefined));
      this.process.stdin.write(`${JSON.stringify({ seq, type: "request", command, arguments: args })}\n`);
    });
  }

  stop(): void {
    this.process.kill();
  }
}
