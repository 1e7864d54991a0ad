/**
 * Which routes tests exercised, as recorded coverage files say (`RESOURCE_ROUTES_COVERAGE`): the
 * language server reads them from disk (folder.ts); the service only asks.
 */
export interface CoverageSource {
  /** The routes of the routing file at `uri` that a recorded test exercised (by `verb path controller#action`), or undefined when no coverage was recorded. */
  exercised(uri: string): ReadonlySet<string> | undefined;
}
