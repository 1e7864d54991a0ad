import { ApplicationCode, isFunctionOrHas } from "./applicationCode";

/*
 * Behaviour C's routes that answer by an application of their own instead of a controller's action:
 * Rails' Rack endpoints (`get "health", to: HealthApp`) and mounted applications (`mount Sidekiq::Web
 * => "/sidekiq"`). Here an application is a WHATWG fetch handler, as Hono, itty, a Worker's module
 * and most of JavaScript's servers expose one; drawing holds it, the analyser knows only that it is
 * there.
 */

/** What a function application is told besides the request: the route's path values, and where it is mounted. */
export interface AppContext {
  /** The route's values for this request (Rails' path_parameters): the mount path's own (`:locale`), or an endpoint's. */
  readonly params: Readonly<Record<string, string>>;
  /**
   * The part of the path the mount took (Rails' SCRIPT_NAME: `/sidekiq`, `/fr/docs`), under which
   * the application's own links go; "" for an endpoint, and for an application mounted at `/`.
   */
  readonly mountPath: string;
}

/** An application as a function: the request (below a mount, its URL's path is what follows the mount path), and what the route knows of it. */
export type AppFunction = (request: Request, context: AppContext) => Response | Promise<Response>;

/** An application as an object with a fetch handler: a Hono or itty app, a Worker's module. */
export interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

/** A route's application: a function, or an object with `fetch`. */
export type RouteApplication = AppFunction | FetchApp;

/** An application as an option value (see ApplicationCode): `to:` of a route, the first argument of mount. */
export class AppCode extends ApplicationCode<RouteApplication> {
  /** The application's answer to the request. */
  serve(request: Request, context: AppContext): Response | Promise<Response> {
    const app = this.runnable();
    return typeof app === "function" ? app(request, context) : app.fetch(request);
  }
}

/** Where a route answers by an application: the application, and whether it takes every path below the route's (Rails' mount, an unanchored route). */
export interface RouteApp {
  readonly code: AppCode;
  readonly mounted: boolean;
}

/** A value given as an application, as an option value: wrapped, or one a reading made already; undefined for anything else. */
export function appCodeOf(value: unknown): AppCode | undefined {
  if (value instanceof AppCode) return value;
  return isFunctionOrHas(value, "fetch") ? new AppCode(value as RouteApplication) : undefined;
}

/** How a route's application reads in a table: Rails shows the application's class, which JavaScript's functions do not keep reliably. */
export function appText(app: { mounted: boolean }): string {
  return app.mounted ? "mounted app" : "app";
}
