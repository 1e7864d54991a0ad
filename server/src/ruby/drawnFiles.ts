import * as fs from "fs";
import * as path from "path";

import { readProjectFileOrNone } from "../files/regularFile";

/*
 * The files a modern routes.rb may `draw` (Rails 6.1 loads `draw(:admin)` from config/routes/admin.rb):
 * each `.rb` file of the routes folder beside it, by name, read before the routes.rb is read.
 */

/** How many files of config/routes are read, and how large each may be: a bound whatever the folder holds. */
const MAX_DRAWN_FILES = 200;

/**
 * The `.rb` files of the `routes` folder beside a routes.rb, by the name `draw` gives them (`admin`
 * for admin.rb); a link is followed only within the application (config/..), never out of it.
 */
export function drawnFilesBeside(routesFile: string, maxBytes: number): Map<string, string> {
  const folder = path.join(path.dirname(routesFile), "routes");
  const found = new Map<string, string>();
  let names: string[];
  try {
    names = fs.readdirSync(folder).filter((name) => name.endsWith(".rb"));
  } catch {
    return found;
  }
  for (const name of names.sort().slice(0, MAX_DRAWN_FILES)) {
    const text = readProjectFileOrNone(path.join(folder, name), path.join(folder, "..", ".."), maxBytes);
    if (text !== undefined) found.set(name.slice(0, -".rb".length), text);
  }
  return found;
}
