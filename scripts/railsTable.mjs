// A route of the rails6 oracle's answer as the project's fixtures keep it (the table the tests
// compare against): its name, verb, Journey spec, controller and action, requirements and
// defaults, and for a route that goes to no action (a redirect), what Rails' table shows for it: a
// Rack endpoint given as a block is `#<Proc>`, without the address and file Ruby shows, which
// change with every run.
export function railsTable(routes) {
  return routes.map(({ name, verb, path, controller, action, requirements, defaults, target }) => ({
    name,
    verb,
    path,
    controller,
    action,
    requirements,
    defaults,
    ...(target ? { target: target.startsWith("#<Proc:") ? "#<Proc>" : target } : {}),
  }));
}
