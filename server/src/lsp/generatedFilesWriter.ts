import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { Route } from "resource-routes/internal";
import { URI } from "vscode-uri";

import { GENERATED_MARK, writeGeneratedFile } from "../files/generatedFile";
import { parseUri } from "../files/uris";
import { helpersDeclarationFileOf, helpersRecipeOf, typesFileOf } from "../format/helpersRecipe";
import { RoutingWorkspace } from "../service";
import { Clock, SYSTEM_CLOCK, Timer } from "./clock";

/* The generators load with the first file they write: most workspaces have none for the server to keep. */
/* eslint-disable @typescript-eslint/no-require-imports */
const routeTypes = () => require("../format/routeTypes") as typeof import("../format/routeTypes");
const browserHelpers = () => require("../format/browserHelpers") as typeof import("../format/browserHelpers");
const helpersFiles = () => require("../format/helpersFiles") as typeof import("../format/helpersFiles");
/* eslint-enable @typescript-eslint/no-require-imports */

/** How long after the last change the generated files are written: a burst of keystrokes writes once. */
const TYPES_DELAY_MS = 500;

/**
 * Keeps the files generated from routing files current as the routing files change, so tsc, the
 * editor's own TypeScript service and a bundler see new routes without a command:
 * - each routing file's declaration file (docs/typed-routes.md, `routes.routes.d.ts`). Setting
 *   `resourceRoutes.types.enabled`: true writes it for every routing file, false never, unset only
 *   where the file already exists (the user ran `resource-routes types` once);
 * - every helpers module in the workspace (`resource-routes helpers`), made again from the routing
 *   file and the globs it records, with its declaration file, and its client module where it records one.
 * A file is written only when its text changes, only inside the workspace folder that holds it,
 * and never through a link or over a file it did not generate (writeGeneratedFile).
 */
export class GeneratedFilesWriter {
  private pending: Timer | undefined;
  /** The text each declaration file was last found or written with, and the routes it was made from. */
  private readonly current = new Map<string, { text: string; routes: readonly Route[] }>();
  /** A digest of the text each helpers module's file was last written with by this server (a split set is megabytes of text). */
  private readonly written = new Map<string, string>();

  constructor(
    private readonly workspace: RoutingWorkspace,
    private readonly onError: (what: string, error: unknown) => void,
    /** The workspace folders' paths: a declaration file is written inside the one that holds its routing file. */
    private readonly folders: () => readonly string[],
    private readonly clock: Clock = SYSTEM_CLOCK,
  ) {}

  schedule(): void {
    if (this.pending) this.pending.refresh();
    else this.pending = this.clock.after(TYPES_DELAY_MS, () => void this.writeNow());
  }

  async writeNow(): Promise<void> {
    this.pending = undefined;
    await this.writeTypes();
    this.writeHelpersModules();
  }

  /** The workspace folder that holds a file, or undefined. */
  private rootOf(fsPath: string): string | undefined {
    return this.folders().find((folder) => {
      const inside = path.relative(folder, fsPath);
      return !inside.startsWith("..") && !path.isAbsolute(inside);
    });
  }

  private async writeTypes(): Promise<void> {
    const mode = this.workspace.settings.typesFile;
    if (mode === "off") return;
    for (const { uri, file } of this.workspace.routingFiles()) {
      const fsPath = parseUri(uri)?.fsPath;
      if (!fsPath || uri.endsWith(".d.ts")) continue;
      const out = typesFileOf(fsPath);
      const root = this.rootOf(fsPath);
      if (!root) continue;
      try {
        const known = this.current.get(out);
        // The same routes (a change elsewhere) give the same text: not generated again.
        if (known?.routes === file.routes.routes) continue;
        const before = known?.text ?? (await readText(out));
        if (before === undefined && mode === "auto") continue;
        // What `resource-routes types` read from the controllers stays (reading them takes a whole TypeScript program), and so do its segment defaults.
        const { controllerTypesPartOf, routeTypesOf, typesDefaultsOf } = routeTypes();
        const text = routeTypesOf(
          file.routes,
          fsPath,
          before === undefined ? {} : { controllers: controllerTypesPartOf(before), defaults: typesDefaultsOf(before) },
        );
        if (text !== before) writeGeneratedFile(out, text, root);
        this.current.set(out, { text, routes: file.routes.routes });
      } catch (error) {
        this.onError(`writing ${out}`, error);
      }
    }
  }

  private writeHelpersModules(): void {
    for (const document of this.workspace.documents()) {
      const out = parseUri(document.uri)?.fsPath;
      const declarations = out && helpersDeclarationFileOf(out);
      // The recipe is on the second line: the head of the text is enough.
      const head = declarations ? document.text.slice(0, 4096) : "";
      const recipe = head.startsWith(GENERATED_MARK) ? helpersRecipeOf(head) : undefined;
      const root = out && recipe && this.rootOf(out);
      if (!root || !declarations) continue;
      const routingPath = path.resolve(path.dirname(out), recipe!.routes);
      const file = this.workspace.routingFile(URI.file(routingPath).toString());
      // The same routes give the same text: not made again.
      if (!file || this.current.get(out)?.routes === file.routes.routes) continue;
      try {
        const made = browserHelpers().helpersModuleOf(file.routes, recipe!, path.basename(out));
        const { helpersFilesOf, staleHelpersFiles } = helpersFiles();
        const files = helpersFilesOf(made, out, routingPath, recipe!.client ?? false);
        for (const { file: generated, text } of files) {
          // A split module's thousands of files: only those whose text changed since this server wrote them are compared on disk.
          const digest = createHash("sha1").update(text).digest("base64");
          if (this.written.get(generated) === digest) continue;
          writeGeneratedFile(generated, text, root);
          this.written.set(generated, digest);
        }
        // A controller's module that is no longer made goes: its imports would fail where its helpers stayed.
        for (const gone of staleHelpersFiles(out, files)) fs.rmSync(gone, { force: true });
        this.current.set(out, { text: made.js, routes: file.routes.routes });
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
