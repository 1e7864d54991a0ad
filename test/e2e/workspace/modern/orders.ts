// A routing file in behaviour C, modern Rails' routing: PATCH and PUT for update, (.:format).
import { draw } from "resource-routes";

export default draw({ behaviour: "C" }, (r) => {
  r.resources("orders", { only: ["show", "update"] }, () => {
    r.member(() => r.post("ship"));
  });
});
