import type * as Prism from "@ruby/prism" with { "resolution-mode": "import" };

/*
 * Prism's own node types, for a CommonJS build: the package is ESM, so its classes are known here
 * as types alone, and a node's kind is told by its class's name, in this one place.
 */

export type Node = Prism.Node;
export type Location = Prism.Location;

/** Every kind of node, by its class's name (`CallNode`, `StringNode`, …). */
export type NodeKind = {
  [K in keyof typeof Prism]: K extends `${string}Node` ? ((typeof Prism)[K] extends abstract new (...args: never[]) => Node ? K : never) : never;
}[keyof typeof Prism];

/** The node of a kind. */
export type NodeOf<K extends NodeKind> = InstanceType<(typeof Prism)[K]>;

/** Whether a node (or a field that may hold none) is of one of the kinds given, narrowed to it. */
export function is<K extends NodeKind>(node: Node | null | undefined, ...kinds: K[]): node is NodeOf<K> {
  return node != null && (kinds as string[]).includes(node.constructor.name);
}

/** The statements of a body (a block's, a method's, a class's), none where it holds something else (`begin … rescue`). */
export function statementsOf(body: Node | null | undefined): Node[] {
  return is(body, "StatementsNode") ? body.body : [];
}
