import { commentText } from "resource-routes/internal";

import { ControllerModuleInfo, ControllerStyle } from "../analysis/controllerModule";
import { isBindingName, isIdentifier } from "../text/javascriptNames";

/** An action a quick fix writes: its name and the route it answers (for a comment in its body). */
export interface ActionStub {
  name: string;
  route: string;
}

const CONTEXT_IMPORT = `import type { ActionContext } from "resource-routes/http";\n`;

/** Whether the module at `path` is TypeScript (types in the stub) or JavaScript (a JSDoc type). */
function isTypeScript(path: string): boolean {
  return /\.[cm]?tsx?$/.test(path);
}

/**
 * The text that adds `stubs` to a module written in `style`: exported functions, object methods or
 * class methods, each typed with the action context (a type annotation in TypeScript, JSDoc in
 * JavaScript) and a comment naming its route.
 */
export function stubText(stubs: readonly ActionStub[], style: ControllerStyle, typescript: boolean): string {
  const indent = style === "functions" ? "" : "  ";
  const parameter = typescript ? "ctx: ActionContext" : "ctx";
  const jsdoc = typescript ? "" : `${indent}/** @param {import("resource-routes/http").ActionContext} ctx */\n`;
  return stubs
    .map(({ name, route }) => {
      const body = `{\n${indent}  // ${commentText(route)}\n${indent}}`;
      if (style !== "functions") return `\n${jsdoc}${indent}${memberName(name)}(${parameter}) ${body}${style === "object" ? "," : ""}\n`;
      if (isBindingName(name)) return `\n${jsdoc}export function ${name}(${parameter}) ${body}\n`;
      const local = `${name.replace(/\W/g, "_")}_`;
      return `\n${jsdoc}function ${local}(${parameter}) ${body}\nexport { ${local} as ${isIdentifier(name) ? name : JSON.stringify(name)} };\n`;
    })
    .join("");
}

function memberName(name: string): string {
  return isIdentifier(name) ? name : JSON.stringify(name);
}

/** The edits that add `stubs` to an existing module: the stubs where its actions end, and the context type's import in TypeScript. */
export function addActionEdits(text: string, path: string, info: ControllerModuleInfo, stubs: readonly ActionStub[]): Array<{ at: number; newText: string }> {
  const typescript = isTypeScript(path);
  const edits = [{ at: info.insertAt, newText: (info.needsComma ? "," : "") + stubText(stubs, info.style, typescript) }];
  if (typescript && !/\bActionContext\b/.test(text)) edits.unshift({ at: 0, newText: CONTEXT_IMPORT });
  return edits;
}

/** A new controller module with `stubs`, as exported functions. */
export function newControllerText(path: string, stubs: readonly ActionStub[]): string {
  const typescript = isTypeScript(path);
  return `${typescript ? CONTEXT_IMPORT : ""}${stubText(stubs, "functions", typescript)}`;
}
