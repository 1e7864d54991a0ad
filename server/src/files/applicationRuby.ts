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

/** config/environment.rb: a Rails 2 application's version, and constants. */
const ENVIRONMENT = "config/environment.rb";

/**
 * The application's Ruby, besides the files config/routes draws, that a routes.rb's reading reads
 * (its constants, Devise's models and initializer), files and folders by their path in the
 * application: config/application.rb is where a modern application's module keeps its own
 * constants (`Gemcutter::PAGES`). The language server watches them and reads the routes.rb again
 * when one changes.
 */
const APPLICATION_RUBY: readonly string[] = [ENVIRONMENT, "config/application.rb", "config/initializers", "app/models", "lib"];

/**
 * The application's Ruby files beside a routes.rb (`config/..`), APPLICATION_RUBY, each by its path
 * in the application: config/environment.rb's text given where the import read it already for the
 * Rails version.
 */
export function applicationFiles(root: string, environment: string | undefined): Array<{ file: string; text: string }> {
  if (environment === undefined) return applicationRuby(root, APPLICATION_RUBY);
  return applicationRuby(
    root,
    APPLICATION_RUBY.filter((place) => place !== ENVIRONMENT),
    [{ file: ENVIRONMENT, text: environment }],
  );
}

/**
 * The folders that hold the application of a file among APPLICATION_RUBY, by its path or URI
 * (`/shop/` of `/shop/app/models/user.rb`), the innermost first; none for any other file.
 */
export function applicationRootsOf(file: string): string[] {
  if (!file.endsWith(".rb")) return [];
  const roots = new Set<string>();
  for (const place of APPLICATION_RUBY) {
    if (place.endsWith(".rb")) {
      if (file.endsWith(`/${place}`)) roots.add(file.slice(0, file.length - place.length));
      continue;
    }
    for (let at = file.indexOf(`/${place}/`); at >= 0; at = file.indexOf(`/${place}/`, at + 1)) roots.add(file.slice(0, at + 1));
  }
  return [...roots].sort((a, b) => b.length - a.length);
}

/** APPLICATION_RUBY as the glob patterns a client watches: each file wherever it stands, each folder's Ruby files at any depth. */
export function applicationRubyGlobs(): string[] {
  return APPLICATION_RUBY.map((place) => (place.endsWith(".rb") ? `**/${place}` : `**/${place}/**/*.rb`));
}
