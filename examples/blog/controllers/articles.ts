// The articles controller: HTML for browsers, JSON for `.json` and JSON clients.
import type { ActionContext, Filters } from "resource-routes/http";
// Typed params: `params.id` is a string here, and a key that is no action would not compile.
import type { ActionContext as TypedContext } from "../routes.routes.js";

interface Article {
  id: number;
  title: string;
  published: boolean;
}

// An in-memory store keeps the example self-contained.
const articles = new Map<number, Article>([
  [1, { id: 1, title: "Hello, routes", published: true }],
  [2, { id: 2, title: "Resources all the way down", published: false }],
]);
let nextId = 3;

/**
 * Member actions find their article first, in one place: a before filter that answers 404 stops the
 * action, as a Rails before_filter that rendered did.
 */
export const filters: Filters = {
  before: [{ run: findArticle, only: ["show", "publish", "destroy"] }],
};

function findArticle({ params, format, locals, respond }: ActionContext) {
  const article = articles.get(Number(params.id));
  if (!article) return respond(404, format === "json" ? { error: "no such article" } : "<h1>No such article</h1>");
  locals.article = article;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function index({ format, urls }: ActionContext) {
  const list = [...articles.values()];
  if (format === "json") return list;
  const items = list.map((a) => `<li><a href="${urls.article_path(a.id)}">${escape(a.title)}</a></li>`).join("");
  return `<h1>Articles</h1><ul>${items}</ul><a href="${urls.new_article_path()}">New article</a>`;
}

export function show({ params, format, urls, locals }: TypedContext<"articles#show">) {
  const article = locals.article as Article;
  if (format === "json") return { ...article, url: urls.article_url(params.id) };
  // A browser cannot send DELETE from a form: it posts `_method=delete`, which routing honours on POST.
  return `<h1>${escape(article.title)}</h1>
<form method="post" action="${urls.article_path(article.id)}"><input type="hidden" name="_method" value="delete"><button>Delete</button></form>`;
}

export function new_({ urls }: ActionContext) {
  return `<form method="post" action="${urls.articles_path()}"><input name="article[title]"><button>Create</button></form>`;
}
// `new` is a reserved word for a function name, so it is exported under its route's action name.
export { new_ as new };

// A form posts `article[title]=…`, a JSON client `{"article":{"title":"…"}}`: both arrive as params.article.
export function create({ params, format, urls, respond }: ActionContext) {
  const fields = params.article;
  const title = typeof fields === "object" && !Array.isArray(fields) && typeof fields.title === "string" ? fields.title : "";
  if (!title) return respond(422, format === "json" ? { error: "title is required" } : "<h1>A title is required</h1>");
  const article = { id: nextId++, title, published: false };
  articles.set(article.id, article);
  respond(303, format === "json" ? article : "", { location: String(urls.article_path(article.id)) });
}

export function publish({ locals }: ActionContext) {
  const article = locals.article as Article;
  article.published = true;
  return article;
}

export function destroy({ params, urls, redirect }: ActionContext) {
  articles.delete(Number(params.id));
  redirect(String(urls.articles_path()), 303);
}

export function feed({ urls }: ActionContext) {
  return [...articles.values()].filter((a) => a.published).map((a) => ({ title: a.title, url: urls.article_url(a.id) }));
}
