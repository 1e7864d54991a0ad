import * as path from "path";

import { filesBelow } from "./filesBelow";
import { readProjectFileOrNone } from "./regularFile";

/** How much of an application's Ruby is read: real applications' initializers, models, lib and controllers hold a few hundred files. */
const BOUNDS = { files: 2_000, bytes: 20 * 1024 * 1024, fileBytes: 1024 * 1024 };

/**
 * The Ruby files of an application's folders (and single files), each by its path in the
 * application (`app/controllers/admin/posts_controller.rb`), within the bounds above; `given`
 * are texts read already, which count against them.
 */
export function applicationRuby(
  root: string,
  places: readonly string[],
  given: ReadonlyArray<{ file: string; text: string }> = [],
): Array<{ file: string; text: string }> {
  const files = [...given];
  let bytes = given.reduce((sum, { text }) => sum + text.length, 0);
  const found = places.flatMap((place) => {
    const full = path.join(root, place);
    return place.endsWith(".rb") ? [full] : filesBelow(full, { limit: BOUNDS.files * 4, maxDepth: 8 });
  });
  for (const file of found) {
    if (!file.endsWith(".rb") || files.length >= BOUNDS.files) continue;
    // A file named here (config/environment.rb) may be a link: followed only within the application.
    const text = readProjectFileOrNone(file, root, BOUNDS.fileBytes);
    if (text === undefined) continue;
    if ((bytes += text.length) > BOUNDS.bytes) break;
    files.push({ file: path.relative(root, file).split(path.sep).join("/"), text });
  }
  return files;
}

/**
 * The application's Ruby files beside a routes.rb (`config/..`) whose constants its routes may use:
 * config/environment.rb (its text, where the import read it already for the Rails version),
 * config/application.rb, config/initializers, app/models and lib, each by its path in the application.
 */
export function applicationFiles(root: string, environment: string | undefined): Array<{ file: string; text: string }> {
  // config/application.rb: where a modern application's module keeps its own constants (`Gemcutter::PAGES`).
  const folders = ["config/application.rb", "config/initializers", "app/models", "lib"];
  if (environment === undefined) return applicationRuby(root, ["config/environment.rb", ...folders]);
  return applicationRuby(root, folders, [{ file: "config/environment.rb", text: environment }]);
}
