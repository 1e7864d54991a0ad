import type { ActionContext } from "resource-routes/http";

export function index(ctx: ActionContext) {
  return `posts as ${ctx.format ?? "html"}`;
}

export function show(ctx: ActionContext) {
  return `post ${ctx.params.id}`;
}
