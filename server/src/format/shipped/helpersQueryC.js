// @ts-check
// A behaviour-C helpers module's query string, which the generator writes in place of helpers.js's
// region `query`: Rails 6.1's url_for leaves out a key whose value is nil, where Rails 2 wrote `key=`
// (a nil inside a list or a hash still writes its pair, as both did).

/** Stands for helpers.js's, which the module this region joins declares (this stub is never shipped). @type {(pairs: string[], key: string, value: any) => void} */
const $pairs = () => undefined;

//#region query
/** A query string of the values (but the keys of `skip`), as Rails 6.1 wrote one: sorted pairs, lists and hashes in brackets, a null value left out. */
function $query(values, skip) {
  const pairs = [];
  for (const [key, value] of Object.entries(values)) if (!skip.has(key) && value != null) $pairs(pairs, key, value);
  return pairs.sort().join("&");
}
//#endregion

export { $query };
