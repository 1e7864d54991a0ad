import * as assert from "assert";
import fc from "fast-check";
import { draw, RoutingError } from "resource-routes";

/** Behaviour C reads a path with doubled slashes as the path with them squeezed (Journey's normalize_path). */
describe("behaviour C: doubled slashes", () => {
  const routes = draw({ behaviour: "C" }, (r) => {
    r.resources("posts", () => r.resources("comments", { only: ["index", "show"] }));
    r.get("files/*path", { to: "files#show" });
    r.get("a", { to: "a#b" });
    r.scope("(:locale)", { locale: /en|fr/ }, () => r.get("about", { to: "pages#about" }));
  });
  const answer = (path: string) => {
    try {
      const { route, controller, action, params } = routes.recognize("GET", path);
      return JSON.stringify({ route, controller, action, params });
    } catch (error) {
      if (error instanceof RoutingError) return "no route";
      throw error;
    }
  };

  it("answers every path as the path squeezed", () => {
    const segment = fc.constantFrom("posts", "1", "comments", "2", "files", "x.y", "a", "en", "about", "", "edit");
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.boolean(), (segments, trailing) => {
        const path = `/${segments.join("/")}${trailing ? "/" : ""}`;
        assert.strictEqual(answer(path), answer(path.replace(/\/{2,}/g, "/")), path);
      }),
      { numRuns: 2_000 },
    );
  });
});
