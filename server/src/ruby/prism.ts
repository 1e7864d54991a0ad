import type { loadPrism } from "@ruby/prism" with { "resolution-mode": "import" };

/** Ruby source text → Prism's syntax tree, with its comments and errors. */
export type ParseRuby = (source: string) => ReturnType<Awaited<ReturnType<typeof loadPrism>>>;

let loading: Promise<ParseRuby> | undefined;

/**
 * Ruby's own parser, Prism, as WebAssembly (`@ruby/prism`): loaded once, on the first import.
 * Node 20 marks WASI experimental and warns when Prism starts it; that warning says nothing to
 * someone importing routes, so it alone is held back while Prism loads.
 */
export function rubyParser(): Promise<ParseRuby> {
  loading ??= (async () => {
    const emitWarning = process.emitWarning;
    process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
      if (!/WASI/.test(String(warning))) (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
    }) as typeof process.emitWarning;
    try {
      const prism = await import("@ruby/prism");
      return await prism.loadPrism();
    } finally {
      process.emitWarning = emitWarning;
    }
  })();
  return loading;
}
