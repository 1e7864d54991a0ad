// The blog's TypeScript controllers under vitest: loadControllers imports them through vitest's
// own loader when given its import (Node's loader, the default, does not know ".ts").
// Run with `npx vitest run --root examples/blog`.
import { expect, test } from "vitest";
import { fetchHandler, loadControllers } from "resource-routes/http";
import routes from "../routes";

test("controllers load through the test runner's import, and answer", async () => {
  // The blog routes to controllers it does not have yet: their routes answer 404, and the warning is not this test's.
  const controllers = await loadControllers(routes, { import: (url) => import(url), warn: () => undefined });
  const response = await fetchHandler(routes, controllers)(new Request("http://blog.test/articles.json"));
  expect(response.status).toBe(200);
  expect(await response.json()).toContainEqual(expect.objectContaining({ id: 1, title: "Hello, routes" }));
});

test("without it, Node's own loader refuses the TypeScript", async () => {
  await expect(loadControllers(routes, { warn: () => undefined })).rejects.toThrow(/Unknown file extension "\.ts"/);
});
