import { controllerFolderPaths, inFolders, RoutingWorkspace } from "../service";
import { Clock, SYSTEM_CLOCK, Timer } from "./clock";

/** How long after the last edit the client is told: a burst of keystrokes is told once. */
const ROUTES_CHANGED_DELAY_MS = 300;

/**
 * Tells the client when what it shows of the routes may have changed (`resourceRoutes/routesChanged`),
 * so that a client keeps no timers of its own: at once for settings and files changed on disk,
 * and once typing pauses for edits of a routing file or of a controller module (the routes'
 * problems). Edits of other files (a view's helper uses) tell nothing.
 */
export class RoutesChangedNotifier {
  private pending: Timer | undefined;
  private readonly edited = new Set<string>();

  constructor(
    private readonly workspace: RoutingWorkspace,
    private readonly notify: () => void,
    private readonly clock: Clock = SYSTEM_CLOCK,
  ) {}

  /** An open document was edited. */
  afterEdit(uri: string): void {
    this.edited.add(uri);
    if (this.pending) this.pending.refresh();
    else this.pending = this.clock.after(ROUTES_CHANGED_DELAY_MS, () => this.afterEdits());
  }

  /** Something beyond an edit changed (settings, files on disk): told now. */
  now(): void {
    this.pending?.cancel();
    this.pending = undefined;
    this.edited.clear();
    this.notify();
  }

  /** Tells now what the edits so far call for, rather than once typing pauses. */
  flush(): void {
    if (this.pending) this.afterEdits();
  }

  private afterEdits(): void {
    this.pending?.cancel();
    this.pending = undefined;
    const uris = [...this.edited];
    this.edited.clear();
    const folders = controllerFolderPaths(this.workspace);
    if (uris.some((uri) => this.workspace.routingFile(uri) !== undefined || inFolders(uri, folders))) this.notify();
  }
}
