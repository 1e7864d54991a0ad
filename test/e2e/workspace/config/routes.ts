import { draw } from "resource-routes";

export default draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { member: { publish: "put" }, colection: { feed: "get" } }, (post) => {
    post.resources("comments", { shallow: true, only: ["index", "create", "destroy"] });
  });
  map.resource("session", { controller: "sessions", only: ["new", "create", "destroy"] });
  map.connect("files/*path", { controller: "files", action: "show" });
  map.connect("files/:name", { controller: "files", action: "named" });
});
