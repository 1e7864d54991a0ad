// The routes of an older shop (behaviour A, Rails 2.2 style: plain routes plus formatted_ twins).
const { draw } = require("resource-routes");

module.exports = draw({ behaviour: "A", resources_path_names: { new: "nuevo", edit: "editar" } }, (map) => {
  map.resources("products", { as: "productos", collection: { sale: "get" }, only: ["index", "show"] }, (product) => {
    product.resources("reviews", { member: { helpful: "post" } });
  });
  map.resource("cart", { member: { checkout: "post" } }, (cart) => {
    cart.resources("line_items", { name_prefix: "cart_" });
  });
  map.namespace("manage", (manage) => {
    manage.resources("orders", { shallow: true, has_many: "shipments" });
  });
  map.connect(":controller/:action/:id");
});
