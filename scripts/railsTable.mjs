// A route of the rails6 oracle's answer as the project's fixtures keep it (the table the tests
// compare against): its name, verb, Journey spec, controller and action, requirements and
// defaults, and for a route that goes to no action (a redirect), what Rails' table shows for it.
export function railsTable(routes) {
  return routes.map(({ name, verb, path, controller, action, requirements, defaults, target }) => ({
    name,
    verb,
    path,
    controller,
    action,
    requirements,
    defaults,
    ...(target ? { target } : {}),
  }));
}
