import { type DirectHelper, parseHelperName, Route, suggestionBound } from "resource-routes/internal";

import type { LoadedRoutingFile } from "../analysis/routingFile";
import { importedRoutingFiles } from "../files/importGraph";
import { HelperIndex, helpersWithPrefix } from "./helperIndex";
import { HelperInfo } from "./helperNames";
import type { DocumentAnalyses } from "./workspaceAnalyses";
import type { WorkspaceDocuments } from "./workspaceDocuments";

/** A named route and the routing file that declares it. */
export interface NamedRoute {
  uri: string;
  route: Route;
  file: LoadedRoutingFile;
}

/**
 * The workspace's routes by name: which routing files a document's helpers come from, the named
 * route a helper names, helpers by prefix and the nearest name to an unknown one (HelperIndex),
 * each worked out once per change of what it depends on.
 */
export class RouteIndex {
  readonly helpers = new HelperIndex();
  /** Each document's route sets (routeSetOf), as of a count of document changes. */
  private readonly routeSets: Map<string, { changes: number; routing: number; files: readonly string[] | undefined }>;
  /**
   * Nearest-name suggestions, valid until a routing file changes. Known by that count, not by the
   * list of routing files: kept from the last time a name was unknown, the list would hold that
   * version of every routing file (a whole second route table, once edits had replaced its
   * declarations) for as long as no name was unknown again.
   */
  private suggestions?: { changes: number; found: Map<string, string | undefined> };

  constructor(
    private readonly documents: WorkspaceDocuments,
    private readonly analyses: DocumentAnalyses,
    /** A count bumped whenever a routing file may have changed. */
    private readonly routingChanges: () => number,
  ) {
    this.routeSets = documents.cache();
  }

  /**
   * The routing files whose helpers the document at `uri` uses: those it imports a route set from
   * (see files/importGraph.ts); where it imports none, the config/routes.rb of the Rails application
   * it lies in (a front end under app/javascript calls its own back end's helpers, whatever other
   * routing files the workspace holds); or undefined (every routing file) where neither is found, the
   * document is a routing file itself, or the workspace has one route set.
   */
  routeSetOf(uri: string): readonly string[] | undefined {
    const routingFiles = this.analyses.routingFiles();
    if (routingFiles.length < 2 || this.analyses.routingFile(uri)) return undefined;
    const cached = this.routeSets.get(uri);
    if (cached?.changes === this.documents.changes && cached.routing === this.routingChanges()) return cached.files;
    const found = importedRoutingFiles(
      { text: (u) => this.documents.document(u)?.text, isRoutingFile: (u) => this.analyses.routingFile(u) !== undefined },
      uri,
    );
    const application = found.length ? undefined : applicationRoutes(uri, routingFiles);
    const files = found.length ? found : application ? [application] : undefined;
    this.routeSets.set(uri, { changes: this.documents.changes, routing: this.routingChanges(), files });
    return files;
  }

  /** The route named `name` among the routing files of `scope` (every one when undefined): the first routing file holding it wins. */
  namedRoute(name: string, scope?: readonly string[]): NamedRoute | undefined {
    for (const { uri, file } of this.routingFilesIn(scope)) {
      const route = file.routes.table.named.get(name);
      if (route) return { uri, route, file };
    }
    return undefined;
  }

  /** The custom helper (`direct`) a `_path` or `_url` helper name stands for among the routing files of `scope`: few, so looked up in turn. */
  directHelper(helper: string, scope?: readonly string[]): { uri: string; direct: DirectHelper } | undefined {
    const parsed = parseHelperName(helper);
    if (!parsed || parsed.hash) return undefined;
    for (const { uri, file } of this.routingFilesIn(scope)) {
      const direct = file.routes.directs.find((candidate) => candidate.name === parsed.name);
      if (direct) return { uri, direct };
    }
    return undefined;
  }

  /** The custom helpers' names that start with `prefix`, each once, in name order. */
  directHelperNames(prefix: string, scope?: readonly string[]): string[] {
    const names = new Set<string>();
    for (const { file } of this.routingFilesIn(scope)) {
      for (const { name } of file.routes.directs) for (const helper of [`${name}_path`, `${name}_url`]) if (helper.startsWith(prefix)) names.add(helper);
    }
    return [...names].sort();
  }

  /** Every named route of the workspace once, as `namedRoute` resolves it. */
  *namedRoutes(): Iterable<[string, NamedRoute]> {
    const files = this.analyses.routingFiles();
    const seen = new Set<string>();
    for (const { uri, file } of files) {
      for (const [name, route] of file.routes.table.namedRoutes()) {
        // One file (the usual case) needs no bookkeeping of names already given.
        if (files.length > 1) {
          if (seen.has(name)) continue;
          seen.add(name);
        }
        yield [name, { uri, route, file }];
      }
    }
  }

  /** The first `limit` helpers of the routing files of `scope` (every one when undefined), by name, that start with `prefix` (see helperIndex). */
  helpersWithPrefix(prefix: string, limit: number, scope?: readonly string[]): HelperInfo[] {
    const files = this.routingFilesIn(scope);
    const lists = files.flatMap(({ file }) => this.helpers.lists(file.routes.table));
    // With several routing files, a name belongs to the first file that has it.
    const accept = files.length > 1 ? (info: HelperInfo) => this.namedRoute(info.route.name ?? "", scope)?.route === info.route : () => true;
    return helpersWithPrefix(lists, prefix, limit, accept);
  }

  /**
   * The helper name nearest to an unknown one (`pots_path` → `posts_path`, `post_pth` →
   * `post_path`), or undefined: for a name that ends in `_path`/`_url`, among route names (a
   * quarter as many as helper names), else among the `_path`/`_url` helper names; once per name
   * until the routes change, and then only in the declarations that changed (see nearestRouteName).
   */
  suggestHelper(helper: string, scope?: readonly string[]): string | undefined {
    const files = this.routingFilesIn(scope);
    if (this.suggestions?.changes !== this.routingChanges()) this.suggestions = { changes: this.routingChanges(), found: new Map() };
    const cache = this.suggestions;
    const key = scope ? `${scope.join("\n")}\n${helper}` : helper;
    if (cache.found.has(key)) return cache.found.get(key);
    const tables = files.map(({ file }) => file.routes.table);
    const parts = /^((?:hash_for_)?(?:formatted_)?)(.+)(_(?:path|url))$/.exec(helper);
    const name = parts ? this.helpers.nearestRouteName(tables, parts[2], suggestionBound(parts[2])) : undefined;
    const found = parts ? name && `${parts[1]}${name}${parts[3]}` : this.helpers.nearestRouteName(tables, helper, suggestionBound(helper), "helper");
    cache.found.set(key, found);
    return found;
  }

  /**
   * Merges each routing file's helper names now, with every declaration edited since the last
   * merge (see HelperIndex.lists): the first completion after a file was opened or changed much
   * would do it otherwise, and a burst of edits merges again after fewer declarations. Meant for
   * the moments the user is idle.
   */
  prepare(): void {
    for (const { file } of this.analyses.routingFiles()) this.helpers.lists(file.routes.table, true);
  }

  /** The routing files of `scope` (a document's route sets), or every one. */
  private routingFilesIn(scope: readonly string[] | undefined): ReadonlyArray<{ uri: string; file: LoadedRoutingFile }> {
    const files = this.analyses.routingFiles();
    return scope ? files.filter((f) => scope.includes(f.uri)) : files;
  }
}

/** The config/routes.rb of the innermost Rails application whose folder holds the document at `uri`, if any. */
function applicationRoutes(uri: string, routingFiles: ReadonlyArray<{ uri: string }>): string | undefined {
  let best: string | undefined;
  let bestRoot = -1;
  for (const file of routingFiles) {
    if (!file.uri.endsWith(RAILS_ROUTES)) continue;
    const root = file.uri.slice(0, -RAILS_ROUTES.length + 1);
    if (uri.startsWith(root) && root.length > bestRoot) {
      best = file.uri;
      bestRoot = root.length;
    }
  }
  return best;
}

const RAILS_ROUTES = "/config/routes.rb";
