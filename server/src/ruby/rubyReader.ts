import { applicationRootsOf } from "../files/applicationRuby";
import { parseUri } from "../files/uris";
import { revive } from "./readInWorker";
import type { RubyReading, RubyRoutesReader } from "./rubyReading";
import { RubyWorker, TIME_LIMIT_MS } from "./rubyWorker";

/**
 * The language server's routes.rb reader: the worker thread (RubyWorker, never holding the process
 * open) reads one text at a time, the newest of each file; a read past the time limit, or one that
 * ends the thread, answers an error for that text. The last reading of each file is kept with its
 * text; `arrived` says when one is ready.
 */
export class WorkerRubyReader implements RubyRoutesReader {
  /** Each file's last reading, with its text and environment; `stale` once a file it draws changed (it stands in while the file is read again). */
  private readonly readings = new Map<string, { text: string; env: string; reading: RubyReading; stale?: true }>();
  /** The newest text of each file still to read, in the order asked. */
  private readonly waiting = new Map<string, string>();
  private busy: { uri: string; text: string; env: string } | undefined;
  private readonly worker: RubyWorker;

  constructor(
    private readonly arrived: (uri: string) => void,
    timeLimitMs = TIME_LIMIT_MS,
    /** The environment files are read in (the `railsEnv` setting): a reading of another is read again. */
    private readonly env: () => string = () => "production",
  ) {
    this.worker = new RubyWorker(false, timeLimitMs);
  }

  /**
   * The reading of `text`; while it is being read, the file's last reading (of an earlier text), as
   * an editor keeps showing the last diagnostics until new ones come, rather than none for a moment.
   */
  read(uri: string, text: string): RubyReading | undefined {
    const known = this.readings.get(uri);
    const env = this.env();
    if (known?.text === text && known.env === env && !known.stale) return known.reading;
    if (this.busy?.uri !== uri || this.busy.text !== text || this.busy.env !== env) this.waiting.set(uri, text);
    this.next();
    return known?.reading;
  }

  /**
   * A file a routes.rb's reading depends on changed on disk: one of config/routes it draws
   * (`draw(:admin)` reads config/routes/admin.rb), or the application's own Ruby it reads
   * (APPLICATION_RUBY: config/environment.rb, whose Rails version gives a Rails 2 file's
   * behaviour, and the files whose constants and Devise settings it reads). The reading of that
   * application's routes.rb, if there is one, is to be made again. Gives that routes.rb, whose next
   * read() reads it again.
   */
  dependencyChanged(uri: string): string | undefined {
    const drawn = /^(.*\/)config\/routes\/[^/]+\.rb$/.exec(uri);
    for (const root of drawn ? [drawn[1]] : applicationRootsOf(uri)) {
      const routes = `${root}config/routes.rb`;
      const known = this.readings.get(routes);
      if (!known) continue;
      known.stale = true;
      return routes;
    }
    return undefined;
  }

  /** Whether a newer text of the file than its last reading is still to be read. */
  reading(uri: string): boolean {
    return this.busy?.uri === uri || this.waiting.has(uri);
  }

  /** Ends the worker (the server is shutting down). */
  dispose(): void {
    this.waiting.clear();
    this.busy = undefined;
    this.worker.dispose();
  }

  private next(): void {
    if (this.busy) return;
    const first = this.waiting.entries().next();
    if (first.done) return;
    const [uri, text] = first.value;
    this.waiting.delete(uri);
    const busy = (this.busy = { uri, text, env: this.env() });
    void this.worker
      .read({
        routes: text,
        // What is beside it (environment.rb, the files it draws, the application's constants) the worker reads.
        routesFile: parseUri(uri)?.fsPath,
        options: { env: busy.env, constants: new Map(), despiteSyntaxErrors: true },
      })
      .then((output) => {
        // Disposed meanwhile: the reading is no one's.
        if (this.busy !== busy) return;
        this.busy = undefined;
        const reading: RubyReading =
          "failed" in output
            ? { error: `${output.failed}: nothing is read` }
            : "error" in output
              ? { error: output.error, span: output.span }
              : { ...output, imported: revive(output.imported) };
        this.readings.set(uri, { text, env: busy.env, reading });
        this.arrived(uri);
        this.next();
      });
  }
}
