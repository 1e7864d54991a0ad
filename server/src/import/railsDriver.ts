/*
 * Ruby that both `--rails` drivers run (railsRoutes.ts for Rails 2, modernRailsRoutes.ts for an
 * installed Rails 6.1): written once, put into each script where it stands.
 */

/**
 * The constants the import used (the application's, then `--const`'s), defined before the routes
 * are drawn: Ruby's literal syntax is that value, any other text the text; a name with `::`
 * (User::USERNAME_FORMAT) is set in modules made for it by `makeModule` (Ruby).
 */
export function definedConstants(makeModule: string): string {
  return String.raw`# The constants the import used: a value in Ruby's literal syntax is that value, any other text the text.
JSON.parse(constants || '{}').each do |name, text|
  value = begin; eval(text, TOPLEVEL_BINDING); rescue ScriptError, StandardError; text; end
  *outer, last = name.split('::')
  owner = outer.inject(Object) { |m, n| m.const_defined?(n, false) ? m.const_get(n) : m.const_set(n, ${makeModule}) }
  owner.const_set(last, value) unless owner.const_defined?(last, false)
end`;
}

/**
 * Lambdas that write a route's pairs as the analyser gives them: `text` each value's text (a
 * regexp's source), `patterns` each requirement's source with the flags that decide how it is
 * written in JavaScript (a requirement written as a text or a symbol is that text).
 */
export const PAIRS = String.raw`text = ->(pairs) { pairs.map { |key, value| [key.to_s, value.is_a?(Regexp) ? value.source : value.to_s] }.sort.to_h }
flags = { Regexp::IGNORECASE => 'i', Regexp::MULTILINE => 'm', Regexp::EXTENDED => 'x' }
patterns = ->(pairs) { pairs.map { |key, value| [key.to_s, value.is_a?(Regexp) ? [value.source, flags.select { |bit, _| value.options & bit != 0 }.values.join] : [value.to_s, '']] }.sort.to_h }`;
