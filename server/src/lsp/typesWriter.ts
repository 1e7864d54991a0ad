import * as fs from "fs";
import * as path from "path";
import { writeGeneratedFile } from "../files/generatedFile";
import { routeTypesOf, typesFileOf } from "../format/routeTypes";
import { Route } from "../routing/route";
import { parseUri } from "../service/uris";
import { RoutingWorkspace } from "../service/workspace";

/** How long after the last change the declaration files are written: a burst of keystrokes writes once. */
const TYPES_DELAY_MS = 500;

/**
 * Keeps each routing file's declaration file (docs/typed-routes.md, `routes.routes.d.ts`) current as the
 * routing file changes, so tsc and the editor's own TypeScript service see new routes without a
 * command. Setting `resourceRoutes.types.enabled`: true writes it for every routing file, false
 * never, unset only where the file already exists (the user ran `resource-routes types` once).
 * A file is written only when its text changes, only inside the workspace folder that holds the
 * routing file, and never through a link or over a file it did not generate (writeGeneratedFile).
 */
export class TypesWriter {
  private pending: NodeJS.Timeout | undefined;
  /** The text each declaration file was last found or written with, and the routes it was made from. */
  private readonly current = new Map<string, { text: string; routes: readonly Route[] }>();

  constructor(
    private readonly workspace: RoutingWorkspace,
    private readonly onError: (what: string, error: unknown) => void,
    /** The workspace folders' paths: a declaration file is written inside the one that holds its routing file. */
    private readonly folders: () => readonly string[],
  ) {}

  schedule(): void {
    if (this.workspace.settings.typesFile === "off") return;
    if (this.pending) this.pending.refresh();
    else this.pending = setTimeout(() => void this.writeNow(), TYPES_DELAY_MS);
  }

  async writeNow(): Promise<void> {
    this.pending = undefined;
    const mode = this.workspace.settings.typesFile;
    if (mode === "off") return;
    for (const { uri, file } of this.workspace.routingFiles()) {
      const fsPath = parseUri(uri)?.fsPath;
      if (!fsPath || uri.endsWith(".d.ts")) continue;
      const out = typesFileOf(fsPath);
      const root = this.folders().find((folder) => {
        const inside = path.relative(folder, fsPath);
        return !inside.startsWith("..") && !path.isAbsolute(inside);
      });
      if (!root) continue;
      try {
        const known = this.current.get(out);
        // The same routes (a change elsewhere) give the same text: not generated again.
        if (known?.routes === file.routes.routes) continue;
        const before = known?.text ?? (await readText(out));
        if (before === undefined && mode === "auto") continue;
        const text = routeTypesOf(file.routes, fsPath);
        if (text !== before) writeGeneratedFile(out, text, root);
        this.current.set(out, { text, routes: file.routes.routes });
      } catch (error) {
        this.onError(`writing ${out}`, error);
      }
    }
  }
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await fs.promises.readFile(file, "utf8");
  } catch {
    return undefined;
  }
}
