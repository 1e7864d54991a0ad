import type * as ts from "typescript";

/**
 * A TypeScript server plugin: where a route helper is untyped (no typed routes), TypeScript's own
 * definition of it is the index signature of `UntypedHelpers` in the runtime's declaration files,
 * and its hover names that signature. Both are dropped, so an editor lists the route's declaration
 * the language server gives (F12 goes straight to it) and its hover alone. Everything else passes
 * through unchanged. VS Code loads it with the extension; another editor's tsserver loads it from
 * a tsconfig's `"plugins": [{ "name": "resource-routes-tools" }]`.
 */
export function init(): ts.server.PluginModule {
  return {
    create(info: ts.server.PluginCreateInfo): ts.LanguageService {
      const service = info.languageService;
      const proxy: ts.LanguageService = Object.create(null);
      for (const key of Object.keys(service) as Array<keyof ts.LanguageService>) {
        const member = service[key];
        // Every method of the service, bound to it; the three below are replaced.
        (proxy as unknown as Record<string, unknown>)[key] = typeof member === "function" ? member.bind(service) : member;
      }
      proxy.getDefinitionAndBoundSpan = (fileName, position) => {
        const answer = service.getDefinitionAndBoundSpan(fileName, position);
        if (!answer?.definitions?.some(isUntypedHelper)) return answer;
        const definitions = answer.definitions.filter((definition) => !isUntypedHelper(definition));
        return definitions.length ? { ...answer, definitions } : undefined;
      };
      proxy.getDefinitionAtPosition = (fileName, position) => {
        const definitions = service.getDefinitionAtPosition(fileName, position)?.filter((definition) => !isUntypedHelper(definition));
        return definitions?.length ? definitions : undefined;
      };
      proxy.getQuickInfoAtPosition = (fileName, position, ...rest) => {
        const definitions = service.getDefinitionAtPosition(fileName, position);
        if (definitions?.length && definitions.every(isUntypedHelper)) return undefined;
        return service.getQuickInfoAtPosition(fileName, position, ...rest);
      };
      return proxy;
    },
  };
}

/** A definition that is an index signature of the runtime's UntypedHelpers (its declaration files, CommonJS or ESM). */
function isUntypedHelper(definition: ts.DefinitionInfo): boolean {
  return definition.containerName === "UntypedHelpers" && /[\\/]typedRoutes\.d\.m?ts$/.test(definition.fileName);
}
