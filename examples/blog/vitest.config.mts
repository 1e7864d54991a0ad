import { defineConfig } from "vitest/config";

// preserveSymlinks: in this repository resource-routes is a workspace link; kept under node_modules,
// vitest leaves it to Node as it does an installed package.
export default defineConfig({ resolve: { preserveSymlinks: true }, test: { include: ["test/**/*.vitest.ts"] } });
