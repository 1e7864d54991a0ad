#!/usr/bin/env node
import { own, printable } from "resource-routes/internal";

import { Flag, parseArguments, UsageError } from "./args";
import type { CommandResult } from "./commands/result";

/** `resource-routes`: the facility from the command line, reading routing files statically (docs/cli.md). */

/**
 * The commands, loaded on first use: they need the TypeScript compiler (and `lsp` the
 * language-server packages), which resource-routes-tools installs with it; an install that lost
 * one is told in one line how to mend it.
 */
function tooling<T>(load: () => T, needs: string): T {
  try {
    return load();
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND" && /Cannot find module '([^']+)'/.exec((error as Error).message)?.[1];
    if (missing && !missing.startsWith(".") && !missing.startsWith("/")) {
      throw new UsageError(`this command needs ${needs}, which is not installed (${missing} is missing): npm install --save-dev resource-routes-tools`);
    }
    throw error;
  }
}

/* Each command's module is required when it runs, alone (a literal path, which the bundler follows):
   --help needs no TypeScript, and \`check\` loads neither the HTTP side nor the generators. */
/* eslint-disable @typescript-eslint/no-require-imports */

interface Command {
  flags: readonly Flag[];
  usage: string;
  run(args: ReturnType<typeof parseArguments>): CommandResult | Promise<CommandResult>;
}

/** How every generating command writes its file. */
const WRITES = `Written only when its text changes, only inside the project (the nearest folder with package.json,
  tsconfig.json or .git), never through a symbolic link, never over a file resource-routes did not generate
  (--force writes over it).`;

const COMMANDS: Record<string, Command> = {
  routes: {
    flags: ["--behaviour", "--json", "--controller", "--grep", "--format", "--runtime", "--runtime-timeout"],
    usage: `resource-routes routes [FILE...] [-c CONTROLLER] [-g PATTERN] [--format] [--behaviour A|B] [--json] [--runtime COMPILED]
  Prints the routes of each routing file like \`rake routes\`: name, verb, path, controller#action.
  -c keeps one controller's routes, -g those whose name, verb, path or controller#action match PATTERN;
  --format prints an optional format as (.:format). Without FILE: package.json's "resource-routes".routes,
  else the only routing file under the current folder. Diagnostics go to stderr, with a line saying how many
  parts could not be read statically and where. --json prints {"file","behaviour","routes","diagnostics","notStatic"}
  per file, one per line. --runtime COMPILED runs the application's compiled routing module (user code, only
  when asked) and prints the routes it really has. Exit 1 when a file has an error diagnostic.`,
    run: (args) => tooling(() => require("./commands/routes") as typeof import("./commands/routes"), "typescript").routesCommand(args),
  },
  check: {
    flags: ["--behaviour", "--json", "--strict", "--no-controllers", "--runtime", "--runtime-timeout", "--unused", "--coverage", "--fail-on-unused"],
    usage: `resource-routes check [FILE...] [--strict] [--no-controllers] [--runtime COMPILED [--runtime-timeout MS]] [--behaviour A|B] [--json]
  Prints one line per diagnostic: file:line:column: severity code: message. Exit 1 when any is an error.
  A route whose controller module or action does not exist in the controllers folder (read statically) is
  an error (missing-controller, missing-action), as it answers 404; --no-controllers skips that check.
  --strict: exit 1 also when a part could not be read statically (not-static). --runtime COMPILED runs the
  application's compiled routing module in a process of its own (at most --runtime-timeout ms, default 10000)
  and lists every route that differs from the static reading (exit 1 when any, or when it cannot be run):
  what a CI runs to prove the editor's routes are the app's. --unused lists the routes that no helper call and no
  URL written by hand in the code under the current folder names, and that no recorded test exercised
  (--coverage DIR, else RESOURCE_ROUTES_COVERAGE's folder), each with why; --fail-on-unused exits 1 on any.`,
    run: (args) => tooling(() => require("./commands/check") as typeof import("./commands/check"), "typescript").checkCommand(args),
  },
  recognize: {
    flags: ["--behaviour", "--json", "--param", "--explain", "--no-patch"],
    usage: `resource-routes recognize FILE METHOD PATH [--param k=v]... [--explain] [--no-patch] [--behaviour A|B] [--json]
  Prints the route a request goes to: its name, controller, action and params (--param _method=put overrides POST).
  PATCH (and _method=patch) is routed as PUT, as the adapters do; --no-patch keeps Rails 2's methods.
  --explain lists every route in order up to the one that matched, each with why the request passed it over
  (the number of segments, a static segment, a requirement, a format, the method).
  Exit 1 with the routing error when no route matches.`,
    run: (args) => tooling(() => require("./commands/recognize") as typeof import("./commands/recognize"), "typescript").recognizeCommand(args),
  },
  generate: {
    flags: ["--behaviour", "--json", "--param", "--host"],
    usage: `resource-routes generate FILE [HELPER [ARG]...] [--param k=v]... [--host H] [--behaviour A|B] [--json]
  Calls a URL helper (post_path, post_url, hash_for_post_path...) with positional ARGs and named --param values.
  Without HELPER, generates from options as Rails' url_for did: --param controller=posts --param action=show
  --param id=1 (action index when left out); the route that leaves the fewest given keys unused is tried first,
  and the keys it leaves over become the query string.
  Exit 1 when it cannot generate (missing value, unknown helper, no host for _url).`,
    run: (args) => tooling(() => require("./commands/generate") as typeof import("./commands/generate"), "typescript").generateCommand(args),
  },
  types: {
    flags: ["--behaviour", "--out", "--default", "--allow-partial", "--check", "--watch", "--force"],
    usage: `resource-routes types [FILE] [--out OUT] [--default KEY]... [--allow-partial] [--check | --watch] [--force] [--behaviour A|B]
  Writes the TypeScript declaration file that types the routing file's helpers and each action's params
  (default OUT: beside FILE, routes.ts → routes.routes.d.ts); the routing file opts in with draw<Routes>(…).
  The controllers' params schemas and return values are read with TypeScript's checker, never run.
  --default KEY: a segment HttpOptions.urlDefaults fills, optional in the helpers of an action's urls.
  The file is only written when its text changes. Exit 1 when the routing file has an error diagnostic
  (the routes the analyser understood are still typed), and without writing when a part of it could not be
  read statically (the types could differ from the running app): --allow-partial writes them, marked partial.
  --check writes nothing: exit 1 with the lines that differ when the file on disk is not what would be written.
  --watch writes again whenever the routing file changes, until stopped (for vite and tsc --watch).
  ${WRITES}`,
    run: (args) => tooling(() => require("./commands/types") as typeof import("./commands/types"), "typescript").typesCommand(args),
  },
  helpers: {
    flags: ["--behaviour", "--out", "--include", "--exclude", "--default", "--client", "--split", "--allow-partial", "--check", "--watch", "--force"],
    usage: `resource-routes helpers [FILE] [--out OUT.js] [--include GLOB]... [--exclude GLOB]... [--default KEY]... [--client] [--split] [--check | --watch] [--force] [--behaviour A|B]
  Writes the routing file's URL helpers as an ES module for the browser (default OUT: beside FILE, routes.ts →
  routes.helpers.js) and its declaration file beside it (routes.helpers.d.ts): one export per _path and _url
  helper, answering as routes.helpers does, and per controller#action a target ({ url, method }) with a Form
  variant ({ action, method, fields: { _method } }) for HTML forms; configure({ host, protocol, port }) for the
  _url helpers, and configure({ defaults: { locale: "en" } }) for segments a call leaves out (--default locale
  makes that key optional in the declared signatures). Plain functions: a bundler keeps only those imported.
  --client adds the typed client beside it (routes.helpers.client.js): a request function per controller#action.
  --split puts each controller's helpers, targets (and requests) in a module of its own, in the folder of the
  module's name (routes.helpers/posts.js), so that a program reads only the controllers it imports.
  --include and --exclude keep or drop routes by name or path (admin_*, /admin/**). Not written when a part of the routing file could not be read statically
  (--allow-partial writes it). --check writes nothing: exit 1 with the lines that differ. --watch writes again
  whenever the routing file changes, until stopped.
  ${WRITES}`,
    run: (args) => tooling(() => require("./commands/helpers") as typeof import("./commands/helpers"), "typescript").helpersCommand(args),
  },
  diff: {
    flags: [
      "--behaviour",
      "--json",
      "--from",
      "--to",
      "--worktree",
      "--fail-on-breaking",
      "--redirects",
      "--out",
      "--force",
      "--include",
      "--exclude",
      "--assets",
    ],
    usage: `resource-routes diff [FILE] [--from REV] [--to REV | --worktree] [--fail-on-breaking] [--redirects [--out FILE [--force]]] [--json]
       [--include GLOB]... [--exclude GLOB]... [--assets GLOB]...
  The routes added (+), removed (-) and changed (~) between two git revisions of the routing file (default: HEAD
  and the working tree), read statically: no checkout, nothing run. Changes that break existing URLs or helper
  calls are marked BREAKING, and helpers whose name went away or whose path changed are listed (!), as are the
  URLs the code under the working folder writes by hand (as \`literals\` finds them; --include, --exclude and
  --assets choose as there) that went to a controller action and now go elsewhere or nowhere.
  --fail-on-breaking exits 1 when any change breaks. --json: {"routes": [...], "helpers": [...], "breaking": N}.
  --redirects lists, for each URL pattern that routed at --from and no longer does, the pattern of the route with
  the same controller#action and method that keeps its segments (301 for GET, 308 for other methods), and says
  where there is none; with --out FILE it writes them as a module whose default export the HTTP adapters serve
  (their redirects option).`,
    run: (args) => tooling(() => require("./commands/diff") as typeof import("./commands/diff"), "typescript").diffCommand(args),
  },
  controllers: {
    flags: ["--behaviour", "--out", "--import-extension", "--check", "--watch", "--force", "--stubs", "--rails-controllers"],
    usage: `resource-routes controllers FILE [--out OUT] [--import-extension js|ts|none] [--check | --watch] [--force]
       resource-routes controllers FILE --stubs [--rails-controllers DIR]
  With --stubs: writes a module in the controllers folder for every controller the routes name that has none,
  each with its routed actions (a comment naming each one's route), as the editor's "Create controller" does;
  never over a file. A module that exists is left alone, and the routed actions it lacks are listed.
  --rails-controllers DIR (a Rails application's app/controllers) reads its Ruby controllers with Ruby's own
  parser, running nothing, and lists each routed action that neither a public method of the controller or of
  the controllers it inherits from, nor a view in DIR/../views, defines, and each controller with no class.
  Without --stubs: writes a static import map of the routing file's controllers folder (default OUT: controllers.generated.ts
  beside FILE): \`import { controllers } from "./controllers.generated.js"\` gives fetchHandler and nodeHandler
  every controller in a bundle, Deno, Bun or a worker, where no folder can be searched. TypeScript modules are
  imported as .js (compilers and bundlers resolve it); Deno wants --import-extension ts. --check writes nothing:
  exit 1 with the lines that differ when the file on disk is not what would be written. --watch writes again
  whenever the routing file or a file of the controllers folder changes, until stopped.
  ${WRITES}`,
    run: (args) => tooling(() => require("./commands/controllers") as typeof import("./commands/controllers"), "typescript").controllersCommand(args),
  },
  openapi: {
    flags: ["--behaviour", "--out", "--title", "--version", "--base-path", "--runtime", "--runtime-timeout", "--force"],
    usage: `resource-routes openapi [FILE] [--out OUT] [--force] [--base-path /api] [--title T] [--version V] [--runtime DIR [--runtime-timeout MS]] [--behaviour A|B]
  Prints (or writes to OUT) an OpenAPI 3.1 description of the routes, read statically: nothing is run and nothing
  needs annotating. Each route is an operation (PATCH beside PUT), path parameters carry their requirements as
  patterns, operationIds come from controller#action, tags from controllers, summaries and descriptions from the
  actions' doc comments in the controllers folder. The same routes give the same bytes. Exit 1 when the routing
  file has an error diagnostic. --runtime DIR imports the compiled controllers folder (in a process of its own,
  within --runtime-timeout, default 10000 ms) and adds each action's schemas: params as the request body or query
  parameters, responses by status. With --out: ${WRITES}`,
    run: (args) => tooling(() => require("./commands/openapi") as typeof import("./commands/openapi"), "typescript").openApiCommand(args),
  },
  import: {
    flags: ["--behaviour", "--out", "--force", "--stdout", "--env", "--const", "--check", "--allow-partial", "--rails"],
    usage: `resource-routes import ROUTES.rb [--out ROUTES.ts | --stdout] [--force] [--behaviour A|B] [--env NAME] [--const NAME=VALUE]... [--check] [--allow-partial]
       [--rails RAILS_CHECKOUT]
  Writes a Rails 2 routes.rb as a TypeScript routing file (default OUT: routes.ts beside it), read with Prism,
  Ruby's own parser, and never run: every mapper call with its options, blocks with their variables, comments
  and blank lines in their places, in the file's order. What is static Ruby is evaluated (the file's constants
  and local variables, interpolation, loops over literal lists, methods of the file called with the mapper,
  default arguments and yield, Hash#merge, String methods such as pluralize); environment checks are decided
  by --env (default production); constants from elsewhere are given with --const, in Ruby's literal syntax
  (:posts, %w[a b], /\\d+/, { :only => [:index] }) or as plain text. Anything else is kept as a comment with why,
  and reported (exit 1 unless --allow-partial). Behaviour: --behaviour, else config/environment.rb's
  RAILS_GEM_VERSION (2.2 and earlier → A, 2.3 → B), else vendor/rails' version, else B, said. The file is
  read back through the analyser and its routes compared with the import's, in order; --check does that for the
  file already written. With --rails PATH (a Rails 2.2 or 2.3 checkout for a Rails 2 file; for a modern one,
  installed, Rails 6.1 or later as Ruby loads it, or a checkout; Ruby on the PATH), Rails' own routing code also
  draws the routes.rb (the one time Ruby is run) and its routes are compared with the file's, in order; a file
  Rails draws otherwise is not written. An existing file is not written over without --force.`,
    run: (args) => tooling(() => require("./commands/import") as typeof import("./commands/import"), "typescript and @ruby/prism").importCommand(args),
  },
  literals: {
    flags: [
      "--routes",
      "--behaviour",
      "--fix",
      "--json",
      "--include",
      "--exclude",
      "--unknown",
      "--fail-on-literals",
      "--assets",
      "--helpers-module",
      "--front-end",
      "--encoding",
    ],
    usage: `resource-routes literals [PATHS...] [--routes FILE] [--fix] [--include GLOB]... [--exclude GLOB]... [--assets GLOB]... [--unknown] [--fail-on-literals] [--json]
       [--helpers-module FILE] [--front-end GLOB]... [--encoding latin1|utf16le]
  Lists the URLs written by hand in the TS/JS files under PATHS (default: the current folder; node_modules, builds
  and .d.ts files left out): string literals, templates whose substitutions are whole path segments, and
  concatenations of those, where a URL goes, beginning with /. Each one a route of the routing file (--routes, else
  the one discovered) recognises is shown with the helper call that generates exactly the same URL, checked by
  generating it, for every value where the literal has substitutions (a number's, or any text's); one the helper
  may write otherwise (a value written raw, which the helper escapes; a verb the code does not say where the path's
  routes differ by verb) is listed as not replaced, with why. --fix writes the calls in their place (and imports the
  routing file where the file does not, with the extension the tsconfig's module resolution needs), keeping the
  file's byte order mark and line endings; a second run changes nothing; a file that is not UTF-8 is rewritten only
  in the --encoding given; routing files are never rewritten. --unknown lists too the literals no route recognises.
  --json prints one document: {"literals": [{file, line, column, text, verb, route, replacement}], "unknown": [...]}.
  Exit 1 with --fail-on-literals when literals a helper could replace remain, or a file was not scanned. Tests' files (*.test.*, *.spec.*, test/, tests/, __tests__/) are
  left alone unless --include names files; URL paths under /assets/ and /static/ (or --assets GLOB) and paths
  ending in a file's extension are files, not routes. Front-end files (--front-end GLOB, default components and
  app/javascript, public, frontend, static, assets) and files that import helpers by name from the routing file's
  helpers module (--helpers-module FILE, default the one \`helpers\` writes beside the routing file, when it is there)
  import each helper from that module instead; a front-end file never imports the server's routing file.`,
    run: (args) => tooling(() => require("./commands/literals") as typeof import("./commands/literals"), "typescript").literalsCommand(args),
  },
  coverage: {
    flags: ["--routes", "--behaviour", "--json", "--min"],
    usage: `resource-routes coverage [COVERAGE...] [--routes FILE] [--min N] [--json]
  Lists the routes of the routing file (--routes, else the one discovered) that no recorded test or request
  exercised: the coverage files (or folders of them; default the folder RESOURCE_ROUTES_COVERAGE names) that
  processes wrote with RESOURCE_ROUTES_COVERAGE set (resource-routes/testing and the HTTP adapters record each
  route they recognise) or with the adapters' recordRoutes option, merged. Each route with its line in the routing
  file. Exit 1 when fewer than N percent of the routes were exercised (--min N).`,
    run: (args) => tooling(() => require("./commands/coverage") as typeof import("./commands/coverage"), "typescript").coverageCommand(args),
  },
  lsp: {
    flags: ["--stdio"],
    usage: `resource-routes lsp --stdio
  The language server over stdio (also the bin resource-routes-language-server).`,
    run: (args) => {
      if (!args.stdio) throw new UsageError("lsp needs --stdio (the server talks LSP over standard input and output)");
      tooling(
        () => (require("../lsp/serverProcess") as typeof import("../lsp/serverProcess")).runServerProcess(),
        "typescript vscode-languageserver vscode-uri picomatch",
      );
      return { stdout: [], stderr: [], exitCode: 0 };
    },
  },
};
/* eslint-enable @typescript-eslint/no-require-imports */

const USAGE = `usage: resource-routes <command> [options]

commands:
${Object.values(COMMANDS)
  .map((c) => `  ${c.usage.split("\n")[0].replace("resource-routes ", "")}`)
  .join("\n")}

The routing files are read statically: they are never run. \`resource-routes <command> --help\` tells more.`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (!name || name === "--help" || name === "-h" || name === "help") {
      process.stdout.write(`${USAGE}\n`);
      return name ? 0 : 2;
    }
    const command = own(COMMANDS, name);
    if (!command) throw new UsageError(`unknown command ${JSON.stringify(name)} (try --help)`);
    const args = parseArguments(rest, command.flags);
    if (args.help) {
      process.stdout.write(`${command.usage}\n`);
      return 0;
    }
    // The routes.rb files it is given (`--routes config/routes.rb` too) are read first (Ruby's parser is asynchronous); import reads its own.
    const rubyFiles = [...args.positional, ...(args.routes === undefined ? [] : [args.routes])].filter((file) => file.endsWith(".rb"));
    if (name !== "import" && rubyFiles.length) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the Ruby front end loads for a command given a routes.rb, and only then
      const ruby = require("./rubyFiles") as typeof import("./rubyFiles");
      await ruby.readRubyRoutingFiles(rubyFiles);
    }
    const result = await command.run(args);
    if (result.stdout.length) process.stdout.write(`${result.stdout.join("\n")}\n`);
    if (result.stderr.length) process.stderr.write(`${result.stderr.join("\n")}\n`);
    return result.exitCode;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`resource-routes: ${printable(error.message)}\n`);
      return 2;
    }
    // One line, as every other error; RESOURCE_ROUTES_DEBUG=1 shows the stack.
    const detail = process.env.RESOURCE_ROUTES_DEBUG ? (error as Error).stack : (error as Error).message;
    process.stderr.write(`resource-routes: internal error: ${printable(String(detail ?? error))} (please report it)\n`);
    return 2;
  }
}

if (require.main === module) void main(process.argv.slice(2)).then((code) => (process.exitCode = code));
