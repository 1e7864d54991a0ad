import { type Behaviour, isBehaviour } from "./behaviour";
import { record } from "./records";
import { isOptionMap, OptionMap, OptionValue } from "./values";

/** The application-wide settings of draw() (docs/routing.md) and the inflections of the route set. */
export interface DrawSettings {
  behaviour?: Behaviour;
  resources_path_names?: Record<string, string>;
  resource_action_separator?: string;
  default_url_options?: UrlOptions;
  inflections?: InflectionSettings;
  /** The controllers folder, relative to the routing file (docs/serving.md). */
  controllers?: string;
  /**
   * Behaviour B as Rails 2.3.4 to 2.3.18 drew a resource: its nested routes (has_many, has_one,
   * its block) before its own, where Rails 2.3.2 drew its own first.
   */
  nested_routes_first?: boolean;
  /**
   * Behaviour C as an API application draws it (Rails' `config.api_only = true`): resources have
   * no `new` and `edit` routes unless `only` names them.
   */
  api_only?: boolean;
}

/** The URL options of generation: draw()'s `default_url_options`, a helper's trailing options. */
export interface UrlOptions {
  host?: string;
  protocol?: string;
  port?: number | string;
  anchor?: string;
  only_path?: boolean;
  trailing_slash?: boolean;
}

/** Extra words for the inflector: `irregular` maps singular to plural. */
export interface InflectionSettings {
  irregular?: Record<string, string>;
  uncountable?: string[];
}

/** The settings draw() knows (docs/routing.md, docs/serving.md). */
export const DRAW_SETTINGS = [
  "behaviour",
  "resources_path_names",
  "resource_action_separator",
  "default_url_options",
  "inflections",
  "controllers",
  "nested_routes_first",
  "api_only",
] as const;

/** A setting with a value of the wrong shape: it is left out and its default applies. */
export interface SettingProblem {
  /** The setting's key (`inflections`), or the path below it (`inflections.irregular.cactus`). */
  path: string;
  message: string;
}

const isString = (value: unknown): value is string => typeof value === "string";
const isScalar = (value: unknown) => typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/**
 * Checks draw()'s known settings, for the runtime and the analyser alike: a value of the wrong
 * shape is reported and left out, so no setting can reach the facility as something it would
 * trip over (`inflections: { irregular: { cactus: null } }`). Unknown keys are the caller's to report.
 */
export function checkDrawSettings(input: OptionMap): { settings: DrawSettings; problems: SettingProblem[] } {
  const settings = record<unknown>();
  const problems: SettingProblem[] = [];
  const bad = (path: string, expected: string) => problems.push({ path, message: `${path} must be ${expected}; the default is used` });
  for (const key of DRAW_SETTINGS) {
    if (!Object.prototype.hasOwnProperty.call(input, key)) continue;
    const value = input[key];
    switch (key) {
      case "behaviour":
        if (isBehaviour(value)) settings.behaviour = value;
        else bad(key, `"A", "B" or "C"`);
        break;
      case "resource_action_separator":
      case "controllers":
        if (isString(value)) settings[key] = value;
        else bad(key, "a string");
        break;
      case "nested_routes_first":
        // Rails 2.3.4's order: behaviour B's alone (2.2's and modern Rails' orders are their own).
        if (typeof value === "boolean" && (!value || input.behaviour === undefined || input.behaviour === "B")) settings[key] = value;
        else bad(key, typeof value === "boolean" ? "left out outside behaviour B (it is Rails 2.3.4's order)" : "true or false");
        break;
      case "api_only":
        // An API application's resources: modern Rails' alone.
        if (typeof value === "boolean" && (!value || input.behaviour === "C")) settings[key] = value;
        else bad(key, typeof value === "boolean" ? "left out outside behaviour C (Rails 2 has no API applications)" : "true or false");
        break;
      case "resources_path_names":
        if (isMapOf(value, isString)) settings[key] = copyOf(value);
        else bad(key, `an object of strings, such as { new: "nuevo", edit: "editar" }`);
        break;
      case "default_url_options":
        if (isMapOf(value, isScalar)) settings[key] = copyOf(value);
        else bad(key, `an object such as { host: "example.com", protocol: "https" }`);
        break;
      case "inflections": {
        const irregular = isOptionMap(value) ? (value.irregular ?? record()) : undefined;
        const uncountable = isOptionMap(value) ? (value.uncountable ?? []) : undefined;
        const others = isOptionMap(value) ? Object.keys(value).filter((k) => k !== "irregular" && k !== "uncountable") : [];
        if (isMapOf(irregular, isString) && Array.isArray(uncountable) && uncountable.every(isString) && others.length === 0) {
          settings[key] = { irregular: copyOf(irregular), uncountable: [...uncountable] };
        } else bad(key, `{ irregular: { singular: "plural" }, uncountable: ["word"] }`);
        break;
      }
    }
  }
  return { settings: settings as DrawSettings, problems };
}

function isMapOf<T extends OptionValue>(value: unknown, item: (v: unknown) => v is T): value is Record<string, T>;
function isMapOf(value: unknown, item: (v: unknown) => boolean): boolean;
function isMapOf(value: unknown, item: (v: unknown) => boolean): boolean {
  return isOptionMap(value) && Object.values(value).every(item);
}

function copyOf<T>(map: Record<string, T>): Record<string, T> {
  return Object.assign(record<T>(), map);
}
