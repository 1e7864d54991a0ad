// The routes of a small blogging application (behaviour B, Rails 2.3 style).
// `npx resource-routes routes examples/blog/routes.ts` prints them without running this file.
import { draw } from "resource-routes";
// Typed routes: routes.routes.d.ts is written by `npx resource-routes types examples/blog/routes.ts` (and kept current by the editor).
import type { Routes } from "./routes.routes.js";

const PUBLIC_PAGES = ["about", "contact", "privacy"] as const;

export default draw<Routes>({ behaviour: "B", default_url_options: { host: "blog.example.com" }, controllers: "./controllers" }, (map) => {
  map.root({ controller: "home", action: "index" });

  map.resources("articles", { collection: { feed: "get", search: ["get", "post"] }, member: { publish: "put", preview: "get" } }, (article) => {
    article.resources("comments", { shallow: true, member: { approve: "put" }, except: ["edit"] });
    article.resource("cover", { controller: "article_covers", only: ["show", "update"] });
    article.resources("tags", { only: ["index", "create", "destroy"] });
  });

  map.resources("authors", { has_many: ["articles", "drafts"], has_one: "profile", only: ["index", "show"] });
  map.resource("session", { only: ["new", "create", "destroy"] });

  map.namespace("admin", (admin) => {
    admin.resources("users", { member: { suspend: "put" }, requirements: { id: /\d+/ } });
    admin.resources("reports", { only: "index", collection: { traffic: "get" } });
  });

  for (const page of PUBLIC_PAGES) {
    map.named_route(page, page, { controller: "pages", action: page });
  }
});
