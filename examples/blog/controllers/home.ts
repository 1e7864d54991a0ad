// The home page: a default-exported object's methods are actions too (docs/serving.md).
import type { ActionContext } from "resource-routes/http";

export default {
  index({ urls }: ActionContext) {
    return `<h1>The blog</h1><p><a href="${urls.articles_path()}">Articles</a> · <a href="${urls.feed_articles_path("json")}">Feed</a></p>`;
  },
};
