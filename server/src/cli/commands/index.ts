/* The commands, a module each; main.ts loads this when a command runs (they need TypeScript). */
export { CommandResult } from "./result";
export { routesCommand } from "./routes";
export { checkCommand } from "./check";
export { recognizeCommand } from "./recognize";
export { generateCommand } from "./generate";
export { diffCommand } from "./diff";
export { typesCommand } from "./types";
export { helpersCommand } from "./helpers";
export { controllersCommand } from "./controllers";
export { openApiCommand } from "./openapi";
