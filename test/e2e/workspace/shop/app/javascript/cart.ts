// The application's TypeScript front end: its helpers come from config/routes.rb, with nothing generated.
// A name only this application's routes give: another routing file of the workspace may have carts too.
export const cart = cart_item_path(1, 2);
export const next = checkout_c;
