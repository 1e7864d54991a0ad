import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

import { loadRoutingFile } from "../../../server/out/analysis/routingFile";
import { helpersModuleOf } from "../../../server/out/format/browserHelpers";
import { servedInChromiumForSuite } from "../support/chromium";
import { esbuildOnce } from "../support/esbuild";
import { ROOT } from "../support/fixtures";

/** The helpers module in a real browser: a page built with esbuild reads its own route with current() and fills segments from configure(). */

const EXAMPLE = path.join(ROOT, "examples", "blog", "routes.ts");

const PAGE = `import { current, isCurrent, article_comments_path, configure } from "./routes.js";
const here = current();
configure({ defaults: { article_id: here && here.params.article_id } });
document.body.textContent = JSON.stringify({
  here,
  onArticle: isCurrent("article_path", { id: 3 }),
  onEdit: isCurrent("articles#edit"),
  comments: here && here.params.article_id ? article_comments_path() : null,
});
`;

describe("the helpers module in Chromium: current(), isCurrent() and segment defaults on a built page", function () {
  this.timeout(120_000);
  const served = servedInChromiumForSuite(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-page-"));
    fs.writeFileSync(
      path.join(dir, "routes.js"),
      helpersModuleOf(loadRoutingFile(fs.readFileSync(EXAMPLE, "utf8"), EXAMPLE)!.routes, { routes: "routes.ts" }).js,
    );
    fs.writeFileSync(path.join(dir, "page.js"), PAGE);
    const built = await esbuildOnce({ entryPoints: [path.join(dir, "page.js")], bundle: true, minify: true, format: "esm", write: false, platform: "browser" });
    const script = built.outputFiles[0].text;
    return (request, response) => {
      if (request.url === "/app.js") return void response.writeHead(200, { "content-type": "text/javascript" }).end(script);
      response
        .writeHead(200, { "content-type": "text/html" })
        .end(`<!doctype html><title>page</title><body></body><script type="module" src="/app.js"></script>`);
    };
  });

  async function visit(pathname: string): Promise<unknown> {
    const page = await served.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${served.base}${pathname}`);
    await page.waitForFunction('document.body.textContent !== ""');
    const shown = JSON.parse(await page.locator("body").innerText()) as unknown;
    await page.close();
    assert.deepStrictEqual(errors, []);
    return shown;
  }

  it("a page knows its route, and fills the article of its links from it", async () => {
    assert.deepStrictEqual(await visit("/articles/3/comments/new?from=mail"), {
      here: { route: "new_article_comment", controller: "comments", action: "new", params: { article_id: "3" } },
      onArticle: false,
      onEdit: false,
      comments: "/articles/3/comments",
    });
    assert.deepStrictEqual(await visit("/articles/3"), {
      here: { route: "article", controller: "articles", action: "show", params: { id: "3" } },
      onArticle: true,
      onEdit: false,
      comments: null,
    });
    assert.deepStrictEqual(await visit("/no/such/page/at/all"), { here: null, onArticle: false, onEdit: false, comments: null });
  });
});
