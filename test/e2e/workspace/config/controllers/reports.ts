import type { ActionContext } from "resource-routes/http";

export function index() {
  return "reports";
}

export function show(ctx: ActionContext) {
  return `report ${ctx.params.id}`;
}
