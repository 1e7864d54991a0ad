import picomatch from "picomatch";
import { Behaviour, DEFAULT_BEHAVIOUR, DrawSettings, isBehaviour } from "resource-routes/internal";

import { DEFAULT_ASSET_GLOBS, DEFAULT_FRONT_END_GLOBS, DEFAULT_TEST_GLOBS } from "../literals/literalRewrites";

/** The language service's settings: `resourceRoutes.*` in VS Code, `settings.resourceRoutes` elsewhere. */
export interface ServiceSettings {
  /** The behaviour of routing files whose draw() does not say. */
  defaultBehaviour: Behaviour;
  /** Globs, relative to a workspace folder, of the files indexed (routing files among them are found by content). */
  routingFiles: string[];
  /** Globs of files and folders never indexed. */
  exclude: string[];
  /** draw() settings for files that do not give them: resources_path_names, resource_action_separator, inflections. */
  drawDefaults: DrawSettings;
  features: Record<Feature, boolean>;
  /** The declaration file of typed routes: written for every routing file, never, or only where it exists (setting `types.enabled` unset). */
  typesFile: "on" | "off" | "auto";
  /** Inlay hints in routing files: each declaration's base path at the end of its line (`inlayHints.declarationPaths`). */
  declarationPaths: boolean;
  /** The url-literal diagnostic on URLs written by hand (`urlLiterals.severity`): off, or its severity. */
  urlLiterals: "off" | "hint" | "information" | "warning";
  /** `unknown-url` warnings on URLs written by hand that no route recognises (`urlLiterals.unknown`). */
  unknownUrls: boolean;
  /** `unused-route` hints on a routing file's routes that nothing in the workspace uses (`unusedRoutes.enabled`). */
  unusedRoutes: boolean;
  /** URL paths that are files, not routes (`urlLiterals.assets`), and files whose URLs are tests' expectations (`urlLiterals.tests`): left alone. */
  assetGlobs: readonly string[];
  testGlobs: readonly string[];
  /** Front-end files (`urlLiterals.frontEnd`): their fixes import the helper from a helpers module of the routing file, where the workspace has one. */
  frontEndGlobs: readonly string[];
  /** Where recorded test coverage is read, relative to a workspace folder (`coverage.folder`): a declaration's hover says which routes tests exercise. */
  coverageFolder: string;
  /** The environment a routes.rb is read in (`railsEnv`): what `Rails.env.production?` and its kind answer, as `import --env` does. */
  railsEnv: string;
}

type Feature = "hover" | "completion" | "diagnostics" | "codeLens" | "inlayHints";

export const DEFAULT_SETTINGS: ServiceSettings = {
  defaultBehaviour: DEFAULT_BEHAVIOUR,
  routingFiles: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}", "**/config/routes.rb"],
  exclude: ["**/node_modules/**", "**/.git/**", "**/dist/**", "**/out/**", "**/build/**", "**/coverage/**"],
  drawDefaults: {},
  // Inlay hints add text to every helper call: off until asked for.
  features: { hover: true, completion: true, diagnostics: true, codeLens: true, inlayHints: false },
  typesFile: "auto",
  declarationPaths: true,
  urlLiterals: "hint",
  unknownUrls: false,
  unusedRoutes: false,
  assetGlobs: DEFAULT_ASSET_GLOBS,
  testGlobs: DEFAULT_TEST_GLOBS,
  frontEndGlobs: DEFAULT_FRONT_END_GLOBS,
  coverageFolder: "coverage/routes",
  railsEnv: "production",
};

/**
 * Reads the settings an editor sent. A value of the wrong type is ignored (its default applies)
 * and reported in `problems`, one readable line each, so a typo in settings.json is never silent.
 */
export function readSettings(raw: unknown): { settings: ServiceSettings; problems: string[] } {
  const problems: string[] = [];
  const input = isRecord(raw) ? raw : {};
  const settings: ServiceSettings = { ...DEFAULT_SETTINGS, drawDefaults: {}, features: { ...DEFAULT_SETTINGS.features } };
  const bad = (key: string, expected: string) => problems.push(`resourceRoutes.${key} must be ${expected}; the default is used`);

  if (input.defaultBehaviour !== undefined) {
    if (isBehaviour(input.defaultBehaviour)) settings.defaultBehaviour = input.defaultBehaviour;
    else bad("defaultBehaviour", `"A", "B" or "C"`);
  }
  if (input.railsEnv !== undefined) {
    if (typeof input.railsEnv === "string" && /^\w+$/.test(input.railsEnv)) settings.railsEnv = input.railsEnv;
    else bad("railsEnv", 'an environment\'s name such as "production" or "development"');
  }
  for (const key of ["routingFiles", "exclude"] as const) {
    if (input[key] === undefined) continue;
    const globs = input[key];
    if (isStringList(globs) && globs.every(isGlob)) settings[key] = globs;
    else bad(key, "a list of glob patterns");
  }
  const names = input.resourcesPathNames;
  // {} is what editors send for the unset setting: it must not empty the new and edit segments.
  if (names !== undefined && !(isRecord(names) && Object.keys(names).length === 0)) {
    if (isRecord(names) && Object.values(names).every((v) => typeof v === "string"))
      settings.drawDefaults.resources_path_names = names as Record<string, string>;
    else bad("resourcesPathNames", `an object such as { "new": "nuevo", "edit": "editar" }`);
  }
  if (input.resourceActionSeparator !== undefined) {
    if (typeof input.resourceActionSeparator === "string") settings.drawDefaults.resource_action_separator = input.resourceActionSeparator;
    else bad("resourceActionSeparator", 'a string such as "/" or ";"');
  }
  if (input.inflections !== undefined) {
    const inflections = isRecord(input.inflections) ? input.inflections : undefined;
    const irregular = inflections?.irregular ?? {};
    const uncountable = inflections?.uncountable ?? [];
    if (isRecord(irregular) && Object.values(irregular).every((v) => typeof v === "string") && isStringList(uncountable)) {
      settings.drawDefaults.inflections = { irregular: irregular as Record<string, string>, uncountable };
    } else bad("inflections", `{ "irregular": { singular: plural }, "uncountable": [words] }`);
  }
  for (const feature of Object.keys(settings.features) as Feature[]) {
    const section = input[feature];
    if (section === undefined) continue;
    if (isRecord(section) && section.enabled === undefined) continue;
    if (isRecord(section) && typeof section.enabled === "boolean") settings.features[feature] = section.enabled;
    else bad(`${feature}.enabled`, "true or false");
  }
  const paths = isRecord(input.inlayHints) ? input.inlayHints.declarationPaths : undefined;
  if (paths !== undefined) {
    if (typeof paths === "boolean") settings.declarationPaths = paths;
    else bad("inlayHints.declarationPaths", "true or false");
  }
  const types = input.types;
  if (types !== undefined && !(isRecord(types) && (types.enabled === undefined || types.enabled === null))) {
    if (isRecord(types) && typeof types.enabled === "boolean") settings.typesFile = types.enabled ? "on" : "off";
    else bad("types.enabled", "true or false");
  }
  const unused = isRecord(input.unusedRoutes) ? input.unusedRoutes.enabled : undefined;
  if (unused !== undefined) {
    if (typeof unused === "boolean") settings.unusedRoutes = unused;
    else bad("unusedRoutes.enabled", "true or false");
  }
  for (const [key, field] of [
    ["assets", "assetGlobs"],
    ["tests", "testGlobs"],
    ["frontEnd", "frontEndGlobs"],
  ] as const) {
    const globs = isRecord(input.urlLiterals) ? input.urlLiterals[key] : undefined;
    if (globs === undefined) continue;
    if (isStringList(globs) && globs.every(isGlob)) settings[field] = globs;
    else bad(`urlLiterals.${key}`, "a list of glob patterns");
  }
  const unknown = isRecord(input.urlLiterals) ? input.urlLiterals.unknown : undefined;
  if (unknown !== undefined) {
    if (typeof unknown === "boolean") settings.unknownUrls = unknown;
    else bad("urlLiterals.unknown", "true or false");
  }
  const coverage = isRecord(input.coverage) ? input.coverage.folder : undefined;
  if (coverage !== undefined) {
    if (typeof coverage === "string" && coverage.trim() !== "") settings.coverageFolder = coverage;
    else bad("coverage.folder", "a folder's path, relative to the workspace folder");
  }
  const literals = isRecord(input.urlLiterals) ? input.urlLiterals.severity : undefined;
  if (literals !== undefined) {
    if (literals === "off" || literals === "hint" || literals === "information" || literals === "warning") settings.urlLiterals = literals;
    else bad("urlLiterals.severity", `"off", "hint", "information" or "warning"`);
  }
  return { settings, problems };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A pattern picomatch compiles (it throws on an empty one). */
function isGlob(pattern: string): boolean {
  try {
    picomatch(pattern);
    return pattern !== "";
  } catch {
    return false;
  }
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === "string");
}
