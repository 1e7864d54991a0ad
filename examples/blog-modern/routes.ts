// The blog of examples/blog in behaviour C: modern Rails' DSL, routed as Rails 6.1 routes it.
// `npx resource-routes routes examples/blog-modern/routes.ts` prints them without running this file.
import { draw } from "resource-routes";

const PUBLIC_PAGES = ["about", "contact", "privacy"];

export default draw({ behaviour: "C", default_url_options: { host: "blog.example.com" } }, (r) => {
  r.root("home#index");

  r.concern("taggable", () => {
    r.resources("tags", { only: ["index", "create", "destroy"] });
  });

  r.resources("articles", { concerns: "taggable" }, () => {
    r.collection(() => {
      r.get("feed");
      r.match("search", { via: ["get", "post"] });
    });
    r.member(() => {
      r.patch("publish");
      r.get("preview");
    });
    r.resources("comments", { shallow: true, except: ["edit"] }, () => {
      r.patch("approve", { on: "member" });
    });
    r.resource("cover", { controller: "article_covers", only: ["show", "update"] });
  });

  r.resources("authors", { only: ["index", "show"] }, () => {
    r.resources("articles", { only: "index" });
    r.resource("profile", { only: "show" });
  });
  r.resource("session", { only: ["new", "create", "destroy"] });

  r.namespace("admin", () => {
    r.resources("users", { constraints: { id: /\d+/ } }, () => {
      r.patch("suspend", { on: "member" });
    });
    r.resources("reports", { only: "index" }, () => {
      r.get("traffic", { on: "collection" });
    });
  });

  r.scope("(:locale)", { locale: /en|fr/ }, () => {
    for (const page of PUBLIC_PAGES) r.get(page, { to: `pages#${page}` });
  });
});
