import * as assert from "assert";
import { draw, Inflector } from "resource-routes";
import { BEHAVIOURS, defineResource, EMPTY_MAP } from "resource-routes/internal";

import { lines, names } from "../support/routes";

/** The facility (shared/spec/facility.md), rule by rule, in both behaviours. */

const A = { behaviour: "A" as const };
const B = { behaviour: "B" as const };
const SETTINGS = { pathNames: {}, actionSeparator: "/" };

describe("facility §2.3 derived attributes", () => {
  it("singular is the singularized plural, or the singular option", () => {
    assert.deepStrictEqual(
      names(B, (m) => m.resources("people", { only: "show" })),
      ["person"],
    );
    assert.deepStrictEqual(
      names(B, (m) => m.resources("geese", { singular: "goose", only: "show" })),
      ["goose"],
    );
  });
  it("path_segment is the as option; names keep the resource name", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("products", { as: "productos", only: ["index", "show"] })),
      ["products GET /productos.:format products#index", "product GET /productos/:id.:format products#show"],
    );
  });
  it("controller is <namespace><controller option or plural>; a singleton's defaults to the pluralized name", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.resource("person", { only: "show" })),
      ["person GET /person.:format people#show"],
    );
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts", { controller: "articles", namespace: "blog/", only: "index" })),
      ["posts GET /posts.:format blog/articles#index"],
    );
  });
  it("uncountable names get _index on the collection name", () => {
    assert.deepStrictEqual(
      names(B, (m) => m.resources("sheep", { only: ["index", "show"] })),
      ["sheep_index", "sheep"],
    );
  });
  it("new_path uses path_names.new, else the application-wide name", () => {
    assert.deepStrictEqual(
      lines({ ...B, resources_path_names: { new: "nuevo" } }, (m) => m.resources("posts", { only: "new" })),
      ["new_post GET /posts/nuevo.:format posts#new"],
    );
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts", { only: "new", path_names: { new: "crear" } })),
      ["new_post GET /posts/crear.:format posts#new"],
    );
  });
  it("a resources_path_names without new leaves the new segment empty (A drops the trailing slash)", () => {
    const settings = { resources_path_names: { edit: "editar" } };
    assert.deepStrictEqual(
      lines({ ...A, ...settings }, (m) => m.resources("tasks", { only: "new" })),
      ["new_task GET /tasks tasks#new", "formatted_new_task GET /tasks/.:format tasks#new"],
    );
    assert.deepStrictEqual(
      lines({ ...B, ...settings }, (m) => m.resources("tasks", { only: "new" })),
      ["new_task GET /tasks/.:format tasks#new"],
    );
  });
  it("edit and member actions fall back to the action name when resources_path_names lacks them", () => {
    assert.deepStrictEqual(
      lines({ ...B, resources_path_names: { new: "n" } }, (m) => m.resources("posts", { only: "edit" })),
      ["edit_post GET /posts/:id/edit.:format posts#edit"],
    );
  });
  it("member actions read their path segment from path_names", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts", { only: [], member: { publish: "put" }, path_names: { publish: "publicar" } })),
      ["publish_post PUT /posts/:id/publicar.:format posts#publish"],
    );
  });
});

describe("facility §2.4 route names", () => {
  it("a name is held by the first route registered with it; later ones are unnamed", () => {
    assert.deepStrictEqual(
      lines(B, (m) => {
        m.resources("posts", { only: "index" });
        m.resources("posts", { only: "index", controller: "other" });
      }),
      ["posts GET /posts.:format posts#index", "- GET /posts.:format other#index"],
    );
  });
  it("custom collection, new and member actions are named <action>_<...>", () => {
    assert.deepStrictEqual(
      names(B, (m) => m.resources("posts", { only: [], collection: { search: "get" }, new: { draft: "get" }, member: { mark: "post" } })),
      ["search_posts", "draft_new_post", "mark_post"],
    );
  });
  it("A registers formatted_ twins; B one route ending in .:format", () => {
    assert.deepStrictEqual(
      lines(A, (m) => m.resources("posts", { only: "show" })),
      ["post GET /posts/:id posts#show", "formatted_post GET /posts/:id.:format posts#show"],
    );
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts", { only: "show" })),
      ["post GET /posts/:id.:format posts#show"],
    );
  });
  it("name_prefix prefixes every name; null in a nested resource removes the inherited one", () => {
    assert.deepStrictEqual(
      names(B, (m) => m.resources("posts", { only: [] }, (p) => p.resources("comments", { name_prefix: null, only: "index" }))),
      ["comments"],
    );
    assert.deepStrictEqual(
      names(B, (m) => m.resources("tags", { name_prefix: "book_", only: "index" })),
      ["book_tags"],
    );
  });
});

describe("facility §2.5 requirements and the id pattern", () => {
  const requirements = (settings: object, block: Parameters<typeof draw>[1]) =>
    draw(settings, block).routes.map((r) => `${r.action}:${JSON.stringify(r.toJSON().requirements)}`);
  it("routes with :id require the default pattern [^/.?]+", () => {
    assert.deepStrictEqual(
      requirements(B, (m) => m.resources("posts", { only: ["index", "show"] })),
      ["index:{}", 'show:{"id":"[^/.?]+"}'],
    );
  });
  it("an id requirement replaces the default pattern and is not applied to other routes", () => {
    assert.deepStrictEqual(
      requirements(B, (m) => m.resources("posts", { only: ["index", "show"], requirements: { id: /\d+/ } })),
      ["index:{}", 'show:{"id":"\\\\d+"}'],
    );
  });
  it("singletons never get the id requirement", () => {
    assert.deepStrictEqual(
      requirements(B, (m) => m.resource("account", { only: ["show"], requirements: { id: /\d+/ } })),
      ["show:{}"],
    );
  });
  it("B: plain requirement values are extra parameters", () => {
    const [route] = draw(B, (m) => m.resources("posts", { only: "index", requirements: { locale: "en" } })).routes;
    assert.deepStrictEqual(route.toJSON().params, { locale: "en" });
  });
  it("a plain requirement on a path segment is refused", () => {
    assert.throws(
      () => draw(B, (m) => m.resources("posts", { path_prefix: "/u/:user_id", requirements: { user_id: "5" } })),
      /user_id: requirements on a path segment must be regular expressions/,
    );
  });
  it("anchored requirement patterns are refused", () => {
    assert.throws(() => draw(B, (m) => m.resources("posts", { requirements: { id: /^\d+$/ } })), /Regexp anchor characters are not allowed/);
  });
  it("resources without requirements or conditions share the empty maps; one with requirements has its own", () => {
    const plain = defineResource("posts", false, { only: "index" }, BEHAVIOURS.B, SETTINGS, new Inflector());
    const other = defineResource("notes", false, {}, BEHAVIOURS.B, SETTINGS, new Inflector());
    assert.strictEqual(plain.requirements, other.requirements);
    assert.strictEqual(plain.requirementsWithId, other.requirementsWithId);
    assert.strictEqual(plain.conditions, EMPTY_MAP);
    const given = defineResource("posts", false, { requirements: { id: /\d+/, locale: "en" } }, BEHAVIOURS.B, SETTINGS, new Inflector());
    assert.deepStrictEqual(Object.keys(given.requirements), ["locale"]);
    assert.deepStrictEqual(Object.keys(given.requirementsWithId), ["locale", "id"]);
    assert.notStrictEqual(given.requirements, plain.requirements);
  });
  it("every name of a multi-name call keeps a custom id pattern", () => {
    const routes = draw(B, (m) => m.resources("posts", "notes", { only: "show", requirements: { id: /\d+/ } })).routes;
    assert.deepStrictEqual(
      routes.map((r) => r.requirements.id.source),
      ["\\d+", "\\d+"],
    );
  });
});

describe("facility §4.1/§4.2 default routes and registration order", () => {
  it("collection resource: index, create, new, edit, show, update, destroy", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts")),
      [
        "posts GET /posts.:format posts#index",
        "- POST /posts.:format posts#create",
        "new_post GET /posts/new.:format posts#new",
        "edit_post GET /posts/:id/edit.:format posts#edit",
        "post GET /posts/:id.:format posts#show",
        "- PUT /posts/:id.:format posts#update",
        "- DELETE /posts/:id.:format posts#destroy",
      ],
    );
  });
  it("singleton: A registers create first (it holds the name), B last (show holds it)", () => {
    assert.deepStrictEqual(
      names(A, (m) => m.resource("account")),
      ["account", "formatted_account", "new_account", "formatted_new_account", "edit_account", "formatted_edit_account"],
    );
    assert.deepStrictEqual(
      lines(B, (m) => m.resource("account")),
      [
        "new_account GET /account/new.:format accounts#new",
        "edit_account GET /account/edit.:format accounts#edit",
        "account GET /account.:format accounts#show",
        "- PUT /account.:format accounts#update",
        "- DELETE /account.:format accounts#destroy",
        "- POST /account.:format accounts#create",
      ],
    );
  });
  it("custom actions come grouped by method, methods in the order first given, edit first among GETs", () => {
    assert.deepStrictEqual(
      names(B, (m) => m.resources("posts", { only: [], member: { a: "post", b: "get", c: "post" } })),
      ["a_post", "c_post", "b_post"],
    );
    assert.deepStrictEqual(
      names(B, (m) => m.resources("posts", { only: "edit", member: { a: "post", b: "get" } })),
      ["a_post", "edit_post", "b_post"],
    );
    // Lists of methods group when equal as data.
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts", { only: [], member: { a: ["get", "put"], b: "put", c: ["get", "put"] } })),
      [
        "a_post GET /posts/:id/a.:format posts#a",
        "- PUT /posts/:id/a.:format posts#a",
        "c_post GET /posts/:id/c.:format posts#c",
        "- PUT /posts/:id/c.:format posts#c",
        "b_post PUT /posts/:id/b.:format posts#b",
      ],
    );
  });
});

describe("facility §4.3/§4.4 custom routes, methods and conditions", () => {
  it("an array of methods gives one route per method (collection, member)", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts", { only: [], collection: { search: ["get", "post"] } })),
      ["search_posts GET /posts/search.:format posts#search", "- POST /posts/search.:format posts#search"],
    );
  });
  it("an array of methods inside new gives one route accepting them all", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts", { only: [], new: { preview: ["get", "post"] } })),
      ["preview_new_post GET|POST /posts/new/preview.:format posts#preview"],
    );
  });
  it("any sets no method condition", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts", { only: [], member: { ping: "any" } })),
      ["ping_post ANY /posts/:id/ping.:format posts#ping"],
    );
  });
  it("the action separator joins custom actions (not the new segment)", () => {
    assert.deepStrictEqual(
      lines({ ...B, resource_action_separator: ";" }, (m) => m.resources("posts", { only: "new", collection: { rss: "get" }, new: { draft: "get" } })),
      ["rss_posts GET /posts;rss.:format posts#rss", "new_post GET /posts/new.:format posts#new", "draft_new_post GET /posts/new;draft.:format posts#draft"],
    );
  });
  it("conditions merge into every route", () => {
    const routes = draw(B, (m) => m.resources("posts", { only: ["index", "create"], conditions: { subdomain: "app" } })).routes;
    assert.deepStrictEqual(
      routes.map((r) => [r.verb, r.toJSON().conditions]),
      [
        ["GET", { subdomain: "app" }],
        ["POST", { subdomain: "app" }],
      ],
    );
  });
  it("HEAD and unknown methods are refused with the original's messages", () => {
    assert.throws(() => draw(B, (m) => m.resources("posts", { member: { x: "head" } })), /HTTP method HEAD is invalid in route conditions/);
    assert.throws(() => draw(B, (m) => m.resources("posts", { collection: { x: "fetch" } })), {
      message: "Invalid HTTP method specified in route conditions: {:method=>:fetch}",
    });
  });
  it("id requirement on custom member actions: B yes, A no", () => {
    const req = (settings: object) => draw(settings, (m) => m.resources("posts", { only: [], member: { mark: "get" } })).routes[0].toJSON().requirements;
    assert.deepStrictEqual(req(B), { id: "[^/.?]+" });
    assert.deepStrictEqual(req(A), {});
  });
});

describe("facility §4.5 action restriction", () => {
  it("only and except keep and remove default actions; custom actions are always routed", () => {
    assert.deepStrictEqual(
      names(B, (m) => m.resources("posts", { only: ["index", "show"], member: { mark: "get" } })),
      ["posts", "mark_post", "post"],
    );
    // create and update are left, so they hold the names index and show would have held
    assert.deepStrictEqual(
      names(B, (m) => m.resources("posts", { except: ["index", "new", "edit", "show"] })),
      ["posts", "post"],
    );
  });
  it("all / none", () => {
    assert.strictEqual(lines(B, (m) => m.resources("posts", { only: "all" })).length, 7);
    assert.strictEqual(lines(B, (m) => m.resources("posts", { except: "none" })).length, 7);
    assert.strictEqual(lines(B, (m) => m.resources("posts", { only: "none" })).length, 0);
    assert.strictEqual(lines(B, (m) => m.resources("posts", { except: "all" })).length, 0);
  });
  it("A: only with except raises; B: they combine", () => {
    assert.throws(() => draw(A, (m) => m.resources("posts", { only: "index", except: "show" })), {
      message: "Please supply either :only or :except, not both.",
    });
    assert.deepStrictEqual(
      names(B, (m) => m.resources("posts", { only: ["index", "show"], except: "index" })),
      ["post"],
    );
  });
  it("A: nested resources inherit the restriction; B: they do not", () => {
    const nested = (settings: object) => names(settings, (m) => m.resources("posts", { only: "index" }, (p) => p.resources("comments")));
    assert.deepStrictEqual(nested(A), ["posts", "formatted_posts", "post_comments", "formatted_post_comments"]);
    assert.deepStrictEqual(nested(B), ["posts", "post_comments", "new_post_comment", "edit_post_comment", "post_comment"]);
  });
});

describe("facility §4.6 nesting", () => {
  it("a child path is <parent path>/:<parent singular>_id/<child>", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts", { only: [] }, (p) => p.resources("comments", { only: "show" }))),
      ["post_comment GET /posts/:post_id/comments/:id.:format comments#show"],
    );
  });
  it("a nested singleton's children use only its singular name", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.resource("account", { only: [] }, (a) => a.resources("orders", { only: "index" }))),
      ["account_orders GET /account/orders.:format orders#index"],
    );
  });
  it("has_one, has_many (list and nested map) nest after the declaration's own routes", () => {
    assert.deepStrictEqual(
      names(B, (m) =>
        m.resources("posts", { only: "index", has_one: "author", has_many: { comments: "votes" } }, (p) => p.resources("tags", { only: "index" })),
      ),
      [
        "posts",
        "post_comments",
        "new_post_comment",
        "edit_post_comment",
        "post_comment",
        "post_comment_votes",
        "new_post_comment_vote",
        "edit_post_comment_vote",
        "post_comment_vote",
        "new_post_author",
        "edit_post_author",
        "post_author",
        "post_tags",
      ],
    );
  });
  it("shallow: member routes drop the parent prefix (A entirely, B keeps the namespace)", () => {
    const shallow = (settings: object) =>
      lines(settings, (m) =>
        m.namespace("admin", (a) => a.resources("posts", { only: [], shallow: true }, (p) => p.resources("comments", { only: ["index", "show"] }))),
      );
    assert.deepStrictEqual(shallow(B), [
      "admin_post_comments GET /admin/posts/:post_id/comments.:format admin/comments#index",
      "admin_comment GET /admin/comments/:id.:format admin/comments#show",
    ]);
    // A: the shallow prefixes are empty, so the nesting prefix (§2.3) starts from the bare resource
    assert.deepStrictEqual(shallow(A), [
      "post_comments GET /posts/:post_id/comments admin/comments#index",
      "formatted_post_comments GET /posts/:post_id/comments.:format admin/comments#index",
      "comment GET /comments/:id admin/comments#show",
      "formatted_comment GET /comments/:id.:format admin/comments#show",
    ]);
  });
  it("shallow children of children start from the shortened member path", () => {
    assert.deepStrictEqual(
      lines(B, (m) =>
        m.resources("threads", { only: [], shallow: true }, (t) => t.resources("messages", { only: [] }, (mm) => mm.resources("comments", { only: "index" }))),
      ),
      ["message_comments GET /messages/:message_id/comments.:format comments#index"],
    );
  });
});

describe("docs/routing.md mapper methods", () => {
  it("namespace attaches path_prefix, name_prefix and namespace; nested namespaces append", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.namespace("admin", (a) => a.namespace("reports", (r) => r.resources("sales", { only: "index" })))),
      ["admin_reports_sales GET /admin/reports/sales.:format admin/reports/sales#index"],
    );
  });
  it("a namespace inside a resource block only adds the controller namespace", () => {
    assert.deepStrictEqual(
      lines(B, (m) => m.resources("posts", { only: [] }, (p) => p.namespace("admin", (a) => a.resources("notes", { only: "index" })))),
      ["post_notes GET /posts/:post_id/notes.:format admin/notes#index"],
    );
  });
  it("with_options attaches its options to every call of its block, the call's own keys winning", () => {
    assert.deepStrictEqual(
      lines(B, (m) =>
        m.with_options({ only: "index", controller: "shared" }, (o) => {
          o.resources("posts");
          o.resources("notes", { controller: "notes" });
        }),
      ),
      ["posts GET /posts.:format shared#index", "notes GET /notes.:format notes#index"],
    );
  });
  it("connect, named_route and root read options like the original route builder", () => {
    const routes = draw(B, (m) => {
      m.namespace("admin", (a) => {
        a.named_route("dashboard", "dashboard/:period", { controller: "dash", action: "show", period: "week", requirements: { period: /[a-z]+/ }, beta: "1" });
        a.root({ controller: "home" });
      });
      m.connect(":controller/:action/:id");
    }).routes.map((r) => r.toJSON());
    assert.deepStrictEqual(routes, [
      {
        name: "admin_dashboard",
        verb: "ANY",
        path: "/admin/dashboard/:period",
        controller: "admin/dash",
        action: "show",
        requirements: { period: "[a-z]+" },
        params: { beta: "1" },
        conditions: {},
      },
      // No :action segment and no action: index, the original route's own default.
      { name: "admin_root", verb: "ANY", path: "/admin", controller: "admin/home", action: "index", requirements: {}, params: {}, conditions: {} },
      { name: null, verb: "ANY", path: "/:controller/:action/:id", controller: null, action: null, requirements: {}, params: {}, conditions: {} },
    ]);
  });
  it("draw() rejects options that are not plain data", () => {
    assert.throws(() => draw(B, (m) => m.resources("posts", { only: () => "index" } as never)), /function is not a routing option value/);
  });

  // Rails 2.2.2 and 2.3.2 alike (asked of Rails' own Mapper#root): the named route's defaults, fixed params and method, not its requirements.
  it("root(name) takes the named route's controller, action, defaults and method; a name no route holds is refused", () => {
    const routes = draw({ behaviour: "B" }, (map) => {
      map.named_route("episodes", "episodes", { controller: "episodes", action: "index", conditions: { method: "get" } });
      map.named_route("page", "page/:id", { controller: "pages", action: "show", id: "7", requirements: { id: /\d+/ } });
      map.root("page");
      map.root("episodes");
    });
    const roots = routes.routes.filter((route) => route.path === "/").map((route) => route.toJSON());
    assert.deepStrictEqual(
      roots.map(({ name, verb, controller, action, params, requirements }) => ({ name, verb, controller, action, params, requirements })),
      [
        { name: "root", verb: "ANY", controller: "pages", action: "show", params: { id: "7" }, requirements: {} },
        { name: null, verb: "GET", controller: "episodes", action: "index", params: {}, requirements: {} },
      ],
    );
    assert.throws(
      () => draw((map) => map.root("nothing")),
      (error: Error & { code?: string }) =>
        error.name === "RouteDefinitionError" && error.code === "unknown-root-route" && /no route is named "nothing"/.test(error.message),
    );
  });
});
