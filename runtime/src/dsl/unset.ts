import { RouteDefinitionError } from "../routing/model/errors";

/**
 * A value the routing file does not have yet. `resource-routes import` declares one for each
 * constant of a routes.rb that neither the file, the application nor `--const` gives
 * (`const USERNAME_FORMAT = unset("User::USERNAME_FORMAT")`), so that the declarations using it are
 * written whole. It throws, naming the constant: no route is drawn with a value nobody chose. The
 * analyser reports each use (`unset-value`) and leaves that declaration out.
 */
export function unset(name: string): never {
  throw new RouteDefinitionError(`${name} is not set: give it its value where the routing file declares it with unset()`, "unset-value");
}
