import * as fs from "fs";
import * as path from "path";

/** How far filesBelow looks. */
interface WalkBounds {
  /** Entries looked at, at the most: past it the walk stops, so a huge folder costs little. */
  limit: number;
  /** Folders gone down into, at the most (the root is depth 0). */
  maxDepth?: number;
  /** Whether to go into a folder, by its name. */
  enters?: (name: string) => boolean;
}

/**
 * The regular files below `root`, in the order the file system lists them; links are neither
 * followed nor listed, and an unreadable folder holds nothing.
 */
export function filesBelow(root: string, { limit, maxDepth = Infinity, enters = () => true }: WalkBounds): string[] {
  const found: string[] = [];
  let seen = 0;
  const visit = (dir: string, depth: number): void => {
    if (depth > maxDepth || seen > limit) return;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++seen > limit) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (enters(entry.name)) visit(full, depth + 1);
      } else if (entry.isFile()) found.push(full);
    }
  };
  visit(root, 0);
  return found;
}
