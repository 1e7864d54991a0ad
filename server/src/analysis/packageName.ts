import ts = require("typescript");

/** The runtime package a routing file imports draw() (and unset()) from. */
export const PACKAGE_NAME = "resource-routes";

/** Whether a module specifier names the package. */
export function isPackage(node: ts.Expression): boolean {
  return ts.isStringLiteralLike(node) && node.text === PACKAGE_NAME;
}
