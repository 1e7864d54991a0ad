/**
 * When a request about one file can be answered with that file's routes: once the workspace holds
 * the file (the editor opened it, or the first indexing read it) and its routes.rb reading, if
 * any, has arrived. An open file's routes are worked out first, when asked, ahead of the rest of
 * the workspace, so a hover on it never waits for indexing. A hover asked before then waits, up to
 * a limit, rather than answering without the routes: an editor shows "Loading…" meanwhile, where
 * an empty answer closes the hover.
 */
export class FileReadiness {
  private indexed = false;
  private waiters: Array<{ uri: string; resolve: () => void }> = [];

  constructor(
    /** Whether the workspace holds the file. */
    private readonly known: (uri: string) => boolean,
    /** Whether a routes.rb reading of the file's current text is still to come. */
    private readonly reading: (uri: string) => boolean,
    private readonly limitMs = WAIT_LIMIT_MS,
  ) {}

  /** The first indexing of the workspace is done. */
  indexingDone(): void {
    this.indexed = true;
    this.recheck();
  }

  /** Something a waiter may wait for arrived (a routes.rb reading). */
  recheck(): void {
    const ready = this.waiters.filter((waiter) => this.ready(waiter.uri));
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }

  /** Resolves when the file is ready, or after the limit whatever its state. */
  whenReady(uri: string): Promise<void> | undefined {
    if (this.ready(uri)) return undefined;
    return new Promise((resolve) => {
      const waiter = { uri, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve();
      }, this.limitMs).unref();
    });
  }

  private ready(uri: string): boolean {
    return (this.indexed || this.known(uri)) && !this.reading(uri);
  }
}

/** The longest a request waits for its file's routes before answering with what there is. */
const WAIT_LIMIT_MS = 5_000;
