/** ActiveSupport's `camelize`: `admin/user_roles` → `Admin::UserRoles` (a controller's path to its class's name). */
export function camelize(text: string): string {
  return text.replace(/\/(.?)/g, (_, c: string) => `::${c.toUpperCase()}`).replace(/(?:^|_)(.)/g, (_, c: string) => c.toUpperCase());
}

/** ActiveSupport's `underscore`: `Admin::UserRoles` → `admin/user_roles`. */
export function underscore(text: string): string {
  return text
    .replace(/::/g, "/")
    .replace(/([A-Z\d]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .replace(/-/g, "_")
    .toLowerCase();
}
