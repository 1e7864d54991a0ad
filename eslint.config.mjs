// ESLint with typescript-eslint's recommended rules over the TypeScript sources; formatting is Prettier's (.prettierrc.json).
import js from "@eslint/js";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import tseslint from "typescript-eslint";

/** The one door between the packages: the tools, the extension, the tests and the benchmarks reach the runtime through its entries. */
const RUNTIME_DOOR = {
  group: ["**/runtime/out/**", "**/runtime/src/**", "**/runtime/esm/**"],
  message: "Import the runtime through its entries: resource-routes, resource-routes/http, resource-routes/testing or resource-routes/internal.",
};

export default tseslint.config(
  {
    ignores: [
      "**/out/**",
      "**/dist/**",
      "**/esm/**",
      "**/node_modules/**",
      "docs/api/**",
      ".e2e-tools/**",
      ".e2e-artifacts/**",
      "examples/**",
      "test/fixtures/**",
      "test/e2e/workspace/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    // One order of imports everywhere (packages, then the project's own, each sorted), kept by --fix rather than by hand.
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
      // tsc's noUnusedLocals and noUnusedParameters report these already.
      "@typescript-eslint/no-unused-vars": "off",
      // `import ts = require("typescript")` is TypeScript's own import of a CommonJS module.
      "@typescript-eslint/no-require-imports": ["error", { allowAsImport: true }],
      // Walking a linked structure (scopes, a trie) starts from `this`.
      "@typescript-eslint/no-this-alias": "off",
      // The tools find and escape control characters on purpose (terminal output, identifiers).
      "no-control-regex": "off",
    },
  },
  {
    // The runtime package imports only itself and Node's built-ins (its tsconfig's rootDir refuses the tools' files).
    files: ["runtime/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["typescript", "vscode-*", "picomatch", "**/server/**", "**/client/**"],
              message: "resource-routes (runtime/) depends on nothing but Node: editor and CLI code belongs in server/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The one door between the packages: the tools, the extension, the tests and the benchmarks reach the
    // runtime through its named entries (resource-routes, /http, /testing, and /internal for the tools).
    files: ["server/src/**/*.ts", "client/src/**/*.ts", "test/src/**/*.ts", "bench/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [RUNTIME_DOOR],
        },
      ],
    },
  },
  {
    // The tools' layers: syntax, the model and what is made of it (text, files, incremental, analysis, routing, format,
    // literals, ruby, import, coverage) know nothing of the language service above them, nor of the protocol or the CLI.
    files: ["server/src/{text,files,incremental,analysis,routing,format,literals,import,ruby,coverage}/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            RUNTIME_DOOR,
            {
              group: ["**/service/**", "**/lsp/**", "**/cli/**", "**/typescriptPlugin/**"],
              message: "A lower layer imports nothing of the service, the protocol or the CLI: move what both need down.",
            },
          ],
        },
      ],
    },
  },
  {
    // The Ruby front end reads routes.rb for the importer and the language service alike: it knows nothing of the importer's writing.
    files: ["server/src/ruby/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            RUNTIME_DOOR,
            {
              group: ["**/service/**", "**/lsp/**", "**/cli/**", "**/typescriptPlugin/**", "**/import/**"],
              message: "The Ruby front end imports nothing of the importer, the service, the protocol or the CLI: move what both need into ruby/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The protocol glue reaches the language service through its one door, service/index.ts.
    files: ["server/src/lsp/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [RUNTIME_DOOR, { group: ["../service/*"], message: "lsp/ reaches the service through service/index.ts: export what it needs there." }],
        },
      ],
    },
  },
  {
    // The code the helpers and client modules ship: plain JavaScript for any browser (and Node, Deno, Bun, workers).
    files: ["server/src/format/shipped/*.js"],
    languageOptions: {
      sourceType: "module",
      globals: { location: "readonly", fetch: "readonly", URL: "readonly" },
    },
  },
  {
    // `{}` is meant in the shipped declarations: a call that requires nothing, a form with no fields.
    files: ["server/src/format/shipped/*.d.ts"],
    rules: { "@typescript-eslint/no-empty-object-type": "off" },
  },
  {
    files: ["test/src/**/*.ts"],
    rules: {
      // Memory tests drop a reference by assigning undefined, for the collector to find it garbage.
      "no-useless-assignment": "off",
    },
  },
);
