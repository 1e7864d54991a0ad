/**
 * The path of a file named after a controller (`admin/users`: a split helpers module's, a stub
 * controller's), or undefined where the controller cannot name one on every file system: it is
 * not fixed (`:controller`), or not lower-case words, or a device name on Windows.
 */
export function controllerModuleName(controller: string | null): string | undefined {
  if (controller === null) return undefined;
  const parts = controller.split("/");
  return parts.every((part) => /^[a-z0-9_]+$/.test(part) && !/^(con|prn|aux|nul|com\d|lpt\d)$/.test(part)) ? controller : undefined;
}
