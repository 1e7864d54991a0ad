import type { Clock, Timer } from "../../../server/out/lsp/clock";

/**
 * A clock a test moves on itself: timers fall due only when `advance` passes their time, and
 * `soon` work runs only in `turns`. What waits on time is tested by what happened at each
 * moment, never by how long the machine took.
 */
export class ManualClock implements Clock {
  now = 0;
  private readonly timers: Array<{ at: number; ms: number; run: () => void; live: boolean }> = [];
  private queued: Array<() => void> = [];

  after(ms: number, run: () => void): Timer {
    const timer = { at: this.now + ms, ms, run, live: true };
    this.timers.push(timer);
    return {
      refresh: () => {
        timer.at = this.now + timer.ms;
        timer.live = true;
      },
      cancel: () => void (timer.live = false),
    };
  }

  soon(run: () => void): void {
    this.queued.push(run);
  }

  /** Runs the work `soon` queued, and what that queues, one turn at a time; how many turns ran. */
  turns(): number {
    let count = 0;
    while (this.queued.length) {
      const now = this.queued;
      this.queued = [];
      for (const run of now) run();
      count++;
    }
    return count;
  }

  /** Moves time on by `ms`: each timer that falls due runs at its moment, in order, followed by the turns it queued. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.live && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.now = due.at;
      due.live = false;
      due.run();
      this.turns();
    }
    this.now = end;
  }
}
