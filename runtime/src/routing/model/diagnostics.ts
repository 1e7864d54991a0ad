import { Span } from "./span";

export type Severity = "error" | "warning" | "information" | "hint";

/** The diagnostic codes (docs/routing.md#diagnostics): public, and fixed once published. */
export type DiagnosticCode =
  | "only-and-except"
  | "route-name-taken"
  | "unknown-option"
  | "invalid-method"
  | "unknown-action"
  | "requirement-anchor"
  | "requirement-not-regexp"
  | "not-static"
  /** A value the routing file declares with unset() (an import's placeholder for a constant nothing gave): the declaration using it is left out. */
  | "unset-value"
  | "deprecated-formatted-helper"
  | "option-has-no-effect"
  | "unknown-mapper-method"
  | "invalid-setting"
  | "unknown-helper"
  | "not-a-routing-file"
  | "syntax-error"
  /** Nesting past what the analyser (or the TypeScript parser) reads: brackets, blocks, consts through consts. */
  | "too-deep"
  /** More routes than the analyser expands for one file. */
  | "too-many-routes"
  /** A name, path or controller that no route can have (control characters, line breaks). */
  | "invalid-name"
  /** A route's action that its controller module does not define (docs/serving.md). */
  | "missing-action"
  /** A controller its routes name, with no module in the controllers folder. */
  | "missing-controller"
  /** A controller action that no route reaches. */
  | "unrouted-action"
  /** A route an earlier route always captures: recognition never returns it. */
  | "unreachable-route"
  /** A key that stands twice in one route's path: no helper can generate it. */
  | "duplicate-segment-key"
  /** A `defaults` entry for a key that is not a segment of the route's path (the original raised). */
  | "invalid-default"
  /** `root("name")` with no route of that name drawn before it (Rails raised a TypeError). */
  | "unknown-root-route"
  /** `collection`, `member` or `new` given as a list or a name: actions with no method condition, as Rails 2 made them (a hint toward the hash form). */
  | "custom-actions-without-method"
  /** The language service, on a routing file: a declaration whose routes cannot be fully known without running the file (it holds a not-static part). */
  | "partial-routes"
  /** The language service, in any file: a URL written by hand that a route's helper generates exactly (the fix writes the helper call). */
  | "url-literal"
  /** The language service, in any file, when asked for: a URL written by hand, beginning with `/`, that no route recognises. */
  | "unknown-url"
  /** The language service, on a routing file, when asked for: a route no helper call and no URL written by hand in the workspace uses. */
  | "unused-route"
  /** A routing file `resource-routes import` wrote in part (its first lines say so): the parts of the routes.rb it could not read are comments, and draw no routes. */
  | "partial-import"
  /** `check`, on the redirects module beside a routing file: a redirect whose old URLs a route that stays takes, so it never answers. */
  | "redirect-never-answers"
  /** Behaviour C: a declaration Rails 6.1 refuses when it draws the routes (it raised ArgumentError): a misplaced member block, a missing controller, an unknown concern. */
  | "invalid-route"
  /** A failure inside the analyser itself: reported on the file, never thrown. */
  | "internal-error";

export interface RelatedInformation {
  message: string;
  span?: Span;
}

export interface Diagnostic {
  severity: Severity;
  code: DiagnosticCode;
  message: string;
  /** Where in the routing file; absent when the declaration has no source (draw() at run time). */
  span?: Span;
  related?: RelatedInformation[];
  /** A machine-readable fix: the text that should replace `span` (unknown-option, unknown-action, url-literal). */
  replacement?: string;
  /** url-literal: a text the fix inserts besides the replacement (the import of the routing file), at an offset of the document. */
  insertion?: { at: number; text: string };
  /** unreachable-route: the calls of the captured declaration and of the one that captures it (a fix may move the first above the second). */
  capture?: { later: Span; earlier: Span };
  /** missing-action, missing-controller: the controller, and the actions a fix should add to it. */
  controller?: { name: string; actions: Array<{ name: string; route: string }> };
}
