import type { FastifyInstance } from "fastify";
import type * as http from "http";

/**
 * The serving guide's Fastify 5 recipe on `app`: Fastify parses no body (resource-routes reads
 * them), and every path it does not route itself goes to the handler, on the raw request.
 */
export function servedByFastify(app: FastifyInstance, handle: (request: http.IncomingMessage, response: http.ServerResponse) => void): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
  app.all("/*", (request, reply) => {
    reply.hijack();
    handle(request.raw, reply.raw);
  });
}
