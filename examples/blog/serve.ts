// `npm run example:serve`: the blog's routes served on node:http with their controllers.
import * as http from "http";
import { loadControllers, nodeHandler } from "resource-routes/http";
import routes from "./routes";

const port = Number(process.env.PORT ?? 3000);

void loadControllers(routes).then((controllers) => {
  const server = http.createServer(nodeHandler(routes, controllers, { development: true }));
  server.listen(port, "127.0.0.1", () => {
    const { port: actual } = server.address() as { port: number };
    console.log(`The blog is served on http://127.0.0.1:${actual}/ (controllers: ${Object.keys(controllers).join(", ")})`);
  });
});
