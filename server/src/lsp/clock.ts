/** A wait that can start again from now (`refresh`) or be called off (`cancel`). */
export interface Timer {
  refresh(): void;
  cancel(): void;
}

/** Time as the server's debouncers and idle work wait on it: the event loop's timers, or a test's clock it moves on itself. */
export interface Clock {
  /** Runs `run` once `ms` have passed; never keeps the process alive. */
  after(ms: number, run: () => void): Timer;
  /** Runs `run` in a later turn of the event loop, after what is waiting now. */
  soon(run: () => void): void;
}

/** The event loop's timers, unreferenced: a server waiting for idle time exits when its connection closes. */
export const SYSTEM_CLOCK: Clock = {
  after(ms, run) {
    const timeout = setTimeout(run, ms).unref();
    return { refresh: () => void timeout.refresh(), cancel: () => clearTimeout(timeout) };
  },
  soon(run) {
    setImmediate(run).unref();
  },
};
