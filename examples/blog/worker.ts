// The blog as a fetch handler with its controllers imported statically: what a bundle, Deno, Bun or a
// worker serves, where there is no controllers folder to search. controllers.generated.ts is written by
// `npx resource-routes controllers examples/blog/routes.ts`.
import { fetchHandler } from "resource-routes/http";
import { controllers } from "./controllers.generated";
import routes from "./routes";

export default { fetch: fetchHandler(routes, controllers) };
