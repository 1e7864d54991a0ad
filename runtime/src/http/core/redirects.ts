import { draw } from "../../dsl/draw";
import { parsePath, segmentKeys } from "../../routing/model/path";
import type { RouteSet } from "../../routing/model/routeSet";
import type { AnyRouteSet } from "../../routing/model/routeSet";

/**
 * A URL pattern that no longer routes and where its requests go now, as `resource-routes diff
 * --from REV --redirects --out FILE` writes them: the old pattern, and the route of the same
 * controller action that keeps its segments.
 */
export interface RouteRedirect {
  /** The method the old route took (`GET`, `POST`, `GET|POST`; `ANY` for every method). */
  verb: string;
  /** The old pattern (`/articles/:id.:format`). */
  from: string;
  /** The new pattern, for the reader: the answer's Location is made by the new route itself. */
  to: string;
  /** The new route's controller and action, and its name where it has one: its helper makes the Location. */
  controller: string;
  action: string;
  name?: string | null;
  /** 301 for GET (and ANY), 308 for other methods, which keeps the method and the body. */
  status: 301 | 308;
}

/**
 * The redirects a handler serves (HttpOptions.redirects), asked only for a request no route takes:
 * its path recognised against the old patterns (as routes of their own, in the application's
 * behaviour), the segment values it holds given to the new route's helper (or to generation from
 * its controller and action), the query string kept. Checked when the handler is made: an old
 * pattern the facility refuses is a TypeError then.
 */
export class ServedRedirects {
  private readonly old: RouteSet;
  /** Per redirect whose new pattern names the old one's keys otherwise (a rename's `:post_id` → `:article_id`): each old key's new name, by place. */
  private readonly renamedKeys: Array<Map<string, string> | undefined>;

  constructor(
    private readonly routes: AnyRouteSet,
    private readonly redirects: readonly RouteRedirect[],
  ) {
    try {
      // Old URLs are patterns of Rails 2's routes (behaviour C's optional format reads as B's).
      this.old = draw({ behaviour: routes.behaviour === "A" ? "A" : "B" }, (map) =>
        redirects.forEach((redirect, i) =>
          map.connect(redirect.from, {
            controller: "redirect",
            action: String(i),
            ...(redirect.verb === "ANY" ? {} : { conditions: { method: redirect.verb.toLowerCase().split("|") } }),
          }),
        ),
      );
    } catch (error) {
      throw new TypeError(`redirects: ${(error as Error).message}`, { cause: error });
    }
    this.renamedKeys = redirects.map((redirect) => {
      const [before, after] = [segmentKeys(parsePath(redirect.from)), segmentKeys(parsePath(redirect.to))];
      if (before.every((key) => after.includes(key))) return undefined;
      return new Map(before.map((key, i) => [key, after[i] ?? key]));
    });
  }

  /** Where a request no route takes is sent, with the status: undefined where no old pattern takes it (or the new route cannot be made of its values). */
  answerFor(method: string, path: string, query: string): { status: 301 | 308; location: string } | undefined {
    try {
      const { action, params } = this.old.recognize(method, path);
      const index = Number(action);
      const redirect = this.redirects[index];
      const helper = redirect.name
        ? (this.routes.helpers as unknown as Record<string, ((...values: unknown[]) => string) | undefined>)[`${redirect.name}_path`]
        : undefined;
      // Renamed keys take their values by place.
      const renamed = this.renamedKeys[index];
      const values: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) values[renamed?.get(key) ?? key] = value;
      const location = helper ? helper(values) : this.routes.generate({ ...values, controller: redirect.controller, action: redirect.action });
      return { status: redirect.status, location: `${sitePath(location)}${query}` };
    } catch {
      return undefined;
    }
  }
}

/**
 * A generated path as a Location of this site: a glob's value can begin with slashes (`/x//evil.example`
 * → `//evil.example`), which a browser reads as another host; one slash is kept.
 */
function sitePath(location: string): string {
  return `/${location.replace(/^[/\\]+/, "")}`;
}
