import { draw } from "resource-routes";

export default draw({ behaviour: "B" }, (map) => {
  map.resources("posts", { member: { publish: "put" }, colection: { feed: "get" } }, (post) => {
    post.resources("comments", { shallow: true, only: ["index", "create", "destroy"] });
  });
  map.resource("session", { only: ["new", "create", "destroy"] });
});
