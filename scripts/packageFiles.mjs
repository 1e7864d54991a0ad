// Run by `npm pack` in a package's folder (prepack): puts the repository's LICENSE and CHANGELOG.md
// beside the package's own README, so that every tarball carries them.
import * as fs from "node:fs";
import * as path from "node:path";

const root = path.resolve(process.cwd(), "..");
for (const file of ["LICENSE", "CHANGELOG.md"]) fs.copyFileSync(path.join(root, file), path.join(process.cwd(), file));
