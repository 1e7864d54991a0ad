// The application's TypeScript front end: its helpers come from config/routes.rb, with nothing generated.
export const cart = cart_path(1);
export const next = checkout_c;
