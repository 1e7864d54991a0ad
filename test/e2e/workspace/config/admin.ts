import { draw } from "resource-routes";

// No behaviour of its own: resourceRoutes.defaultBehaviour decides.
export default draw((map) => {
  map.resources("reports", { only: ["index", "show"] });
  map.connect("latest-report", { controller: "reports", action: "index" });
});
