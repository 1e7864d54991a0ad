import * as fs from "fs";
import * as path from "path";

/** The largest file read as a routing file (or indexed): real ones are a few hundred kilobytes. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Why a path was not read: not a regular file, or too large. The message says which, for the user. */
export class UnreadableFile extends Error {}

// Opening a FIFO for reading waits for a writer; non-blocking, the open returns at once and fstat tells what it is.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/** What kind of file `stats` describes, for a message. */
function kind(stats: fs.Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

function check(stats: fs.Stats, limit: number): number {
  if (!stats.isFile()) throw new UnreadableFile(`it is ${kind(stats)}, not a regular file`);
  if (stats.size > limit) throw new UnreadableFile(`it is ${megabytes(stats.size)}, over the ${megabytes(limit)} limit for routing files`);
  return stats.size;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}

/**
 * Reads a regular file of at most `limit` bytes as UTF-8. Anything else (a FIFO, a device such as
 * /dev/zero, a directory, a larger file) is refused with UnreadableFile without reading it, so no
 * read blocks or grows without end. A file that grows while read is cut at `limit` and refused.
 */
export function readRegularFileSync(path: string, limit = MAX_FILE_BYTES): string {
  const fd = fs.openSync(path, OPEN_FLAGS);
  try {
    const size = check(fs.fstatSync(fd), limit);
    const buffer = Buffer.alloc(size + 1);
    let read = 0;
    for (let n; read < buffer.length && (n = fs.readSync(fd, buffer, read, buffer.length - read, read)) > 0;) read += n;
    if (read > size) throw new UnreadableFile("it grew while it was read");
    return buffer.toString("utf8", 0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The same as readRegularFileSync, without blocking the event loop (the language server's indexer).
 * @lintignore The indexer loads it with require() when it first reads a file, which the unused-export check does not follow.
 */
export async function readRegularFile(path: string, limit = MAX_FILE_BYTES): Promise<string> {
  const handle = await fs.promises.open(path, OPEN_FLAGS);
  try {
    const size = check(await handle.stat(), limit);
    const buffer = Buffer.alloc(size + 1);
    let read = 0;
    for (let n; read < buffer.length && (n = (await handle.read(buffer, read, buffer.length - read, read)).bytesRead) > 0;) read += n;
    if (read > size) throw new UnreadableFile("it grew while it was read");
    return buffer.toString("utf8", 0, read);
  } finally {
    await handle.close();
  }
}

/** readRegularFileSync, or undefined where there is no such file or it is not one to read (a folder, a FIFO, one too large). */
export function readRegularFileOrNone(path: string, limit?: number): string | undefined {
  try {
    return readRegularFileSync(path, limit);
  } catch (error) {
    if (error instanceof UnreadableFile || (error as NodeJS.ErrnoException).code !== undefined) return undefined;
    throw error;
  }
}

/**
 * readRegularFileSync for a file of the project that a link may lead to (a committed coverage file):
 * a link is followed only to a file inside `root`, never out of the project (to /dev/zero, a home
 * folder's secrets); a file named without a link is read wherever it is.
 */
export function readProjectFileSync(file: string, root: string, limit?: number): string {
  const named = path.resolve(file);
  const real = fs.realpathSync(named);
  if (real !== named) {
    const top = fs.realpathSync(root);
    if (real !== top && !real.startsWith(top.endsWith(path.sep) ? top : top + path.sep))
      throw new UnreadableFile(`it is a link to ${real}, outside the project`);
  }
  return readRegularFileSync(real, limit);
}

/** readProjectFileSync, or undefined where there is no such file, it is not one to read, or a link leads out of `root`. */
export function readProjectFileOrNone(file: string, root: string, limit?: number): string | undefined {
  try {
    return readProjectFileSync(file, root, limit);
  } catch (error) {
    if (error instanceof UnreadableFile || (error as NodeJS.ErrnoException).code !== undefined) return undefined;
    throw error;
  }
}
