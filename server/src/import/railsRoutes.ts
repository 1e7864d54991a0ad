import * as cp from "child_process";
import type { RouteJSON } from "resource-routes/internal";

import { type ImportedRoutes, MODERN_GEM_METHODS, PLUGIN_METHODS } from "../ruby/routesRb";
import { javascriptRegexp } from "../ruby/rubyRegexp";
import { MODERN_SCRIPT } from "./modernRailsRoutes";
import { definedConstants, PAIRS } from "./railsDriver";

/** How long Rails' routing code may take on a routes.rb: well under a second for hundreds of routes. */
const TIME_LIMIT_MS = 60_000;

/**
 * The routes Rails' own routing code draws from a routes.rb (`import --rails PATH`): for a Rails 2
 * file, Ruby runs the routing files of a Rails 2.2 or 2.3 checkout (actionpack and activesupport,
 * loaded alone, with the few shims Ruby 3 needs for Rails 2's code); for a modern one, an installed
 * Rails 6.1 or later (`installed`, or a checkout first on the load path; modernRailsRoutes.ts). It
 * prints its route table. The one time the tools run the application's Ruby: the user asks for it
 * by giving `--rails`.
 */
export function railsRoutes(
  railsPath: string,
  routesFile: string,
  env: string,
  constants: Readonly<Record<string, string>>,
  modern = false,
  /** The devise_for calls the import drew, and the settings it drew them from: Devise draws them too. */
  devise?: ImportedRoutes["devise"],
): { rails: string; routes: RouteJSON[] } | { error: string } {
  const leftOut = modern ? MODERN_GEM_METHODS : [...PLUGIN_METHODS];
  const run = cp.spawnSync(
    "ruby",
    ["-", railsPath, routesFile, env, JSON.stringify(constants), JSON.stringify(leftOut), devise ? JSON.stringify(devise) : ""],
    {
      input: modern ? MODERN_SCRIPT : SCRIPT,
      encoding: "utf8",
      timeout: TIME_LIMIT_MS,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.error) {
    const missing = (run.error as NodeJS.ErrnoException).code === "ENOENT";
    return { error: missing ? "--rails runs Rails' routing code with Ruby, and no ruby is on the PATH" : `Ruby did not finish: ${run.error.message}` };
  }
  if (run.status !== 0) {
    // The driver's own refusal (not a checkout, another Rails) is its one line; Ruby's report begins with its message.
    const first = run.stderr.trim().split("\n")[0] || `exit ${run.status}`;
    return { error: first.startsWith(railsPath) ? first : `Rails' routing code failed on the file: ${first}` };
  }
  let table: { rails: string; routes: Array<Omit<RouteJSON, "requirements"> & { requirements: Record<string, [string, string]> }> };
  try {
    table = JSON.parse(run.stdout) as typeof table;
  } catch {
    return { error: "Rails' routing code printed no route table" };
  }
  return { rails: table.rails, routes: table.routes.map((route) => ({ ...route, requirements: javascriptRequirements(route.requirements) })) };
}

/**
 * Rails' requirements (Ruby sources with their flags) as the JavaScript sources an import writes
 * for them, so that the tables compare the regexps and not their spelling; one with no JavaScript
 * equivalent stays as Ruby wrote it, and so differs.
 */
function javascriptRequirements(requirements: Record<string, [source: string, flags: string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, [source, flags]] of Object.entries(requirements)) {
    const javascript = javascriptRegexp(source, flags);
    Object.defineProperty(out, key, { value: "refused" in javascript ? source : javascript.source, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const SCRIPT = String.raw`# Draws a Rails 2 routes.rb with Rails' own routing code (a 2.2 or 2.3 checkout) and prints its
# routes as JSON, as the analyser gives them. usage: ruby - RAILS_PATH ROUTES_RB ENV CONSTANTS_JSON PLUGIN_METHODS_JSON < this
require 'set'
require 'json'
require 'uri'
require 'cgi'

rails, routes_file, environment, constants, plugin_methods = ARGV
$VERBOSE = nil
support = File.join(rails, 'activesupport', 'lib')
pack = File.join(rails, 'actionpack', 'lib')
version_file = File.join(pack, 'action_pack', 'version.rb')
abort("#{rails} is not a Rails checkout: #{version_file} is missing") unless File.file?(version_file)
version = File.read(version_file)[/MAJOR\s*=\s*(\d+).*?MINOR\s*=\s*(\d+)/m] && [$1.to_i, $2.to_i]
abort("#{rails} holds Rails #{version ? version.join('.') : 'of an unknown version'}: 2.2 or 2.3 is needed") unless version && version[0] == 2 && [2, 3].include?(version[1])
$LOAD_PATH.unshift support

# What Ruby 1.8 had and Ruby 3 has not, that the routing code calls.
module URI
  def self.escape(text, unsafe = /[^-_.!~*'()a-zA-Z\d;\/?:@&=+$,\[\]]/n)
    text.to_s.b.gsub(unsafe) { |c| c.unpack('C*').map { |b| format('%%%02X', b) }.join }.force_encoding(text.to_s.encoding)
  end
  def self.unescape(text)
    text.to_s.b.gsub(/%(\h\h)/) { [$1.hex].pack('C') }.force_encoding('UTF-8')
  end
end
class String
  def from(position) self[position..-1] end unless method_defined?(:from)
  # Ruby 1.8's String was Enumerable over its lines (resources.rb injects over a :collection => "name").
  def inject(*args, &block) each_line.inject(*args, &block) end
end

# The ActiveSupport the routing code uses, from the checkout.
module ActiveSupport
  module Deprecation
    def self.warn(*) end
    def self.silence; yield end
  end
end
# Later 2.3 releases (2.3.14) require the real one from the core extensions; this one stands for it.
$LOADED_FEATURES << File.join(support, 'active_support', 'deprecation.rb')
%w(blank object/misc array/extract_options hash/keys hash/indifferent_access hash/deep_merge hash/reverse_merge hash/diff
   hash/slice hash/except module/aliasing module/attribute_accessors object/conversions duplicable try).each do |file|
  path = File.join(support, 'active_support', 'core_ext', "#{file}.rb")
  require path if File.file?(path)
end
# The inflector requires iconv (gone from Ruby) for transliteration alone, which routes never use:
# one that changes nothing stands in for it.
$LOADED_FEATURES << 'iconv.rb'
class Iconv
  class IllegalSequence < StandardError; end
  def self.iconv(_to, _from, text) [text] end
end
%w(option_merger inflector).each { |file| require File.join(support, 'active_support', file) }
class Hash
  %w(Keys IndifferentAccess DeepMerge ReverseMerge Diff Slice Except).each do |name|
    include ActiveSupport::CoreExtensions::Hash.const_get(name) if ActiveSupport::CoreExtensions::Hash.const_defined?(name)
  end
  def to_query(namespace = nil) collect { |key, value| value.to_query(namespace ? "#{namespace}[#{key}]" : key) }.sort * '&' end
end
class Array
  include ActiveSupport::CoreExtensions::Array::ExtractOptions
  def to_param() collect(&:to_param).join('/') end
  def to_sentence() size <= 1 ? join : "#{self[0..-2].join(', ')} and #{last}" end unless method_defined?(:to_sentence)
end
class String; include ActiveSupport::CoreExtensions::String::Inflections end
[NilClass, TrueClass, FalseClass].each { |c| c.class_eval { def to_param() self end } }

# The parts of ActionController the routing code reads that are not routing.
module ActionController
  class ActionControllerError < StandardError; end
  class RoutingError < ActionControllerError
    attr_reader :failures
    def initialize(message, failures = []) super(message); @failures = failures end
  end
  class MethodNotAllowed < ActionControllerError
    def initialize(*methods) super("Only #{methods.join(', ')} requests are allowed.") end
  end
  class NotImplemented < MethodNotAllowed; end
  class Base
    @@resources_path_names = { :new => 'new', :edit => 'edit' }
    @@resource_action_separator = '/'
    class << self
      def resources_path_names() @@resources_path_names end
      def resources_path_names=(names) @@resources_path_names = names end
      def resource_action_separator() @@resource_action_separator end
      def resource_action_separator=(separator) @@resource_action_separator = separator end
      def optimise_named_routes() true end
      def relative_url_root() nil end
    end
  end
  module PolymorphicRoutes; end
  module UrlRewriter; RESERVED_OPTIONS = [:anchor, :params, :only_path, :host, :protocol, :port, :trailing_slash, :skip_relative_url_root] end
  module Routing
    SEPARATORS = %w(/ . ?)
    HTTP_METHODS = [:get, :head, :post, :put, :delete, :options]
    ALLOWED_REQUIREMENTS_FOR_OPTIMISATION = [:controller, :action].to_set
    module Helpers; end
    # Rails listed the application's controller files; the controllers the routes name stand for them.
    def self.possible_controllers() @possible_controllers || [] end
    def self.use_controllers!(names) @possible_controllers = names end
    def self.controller_relative_to(controller, previous)
      if controller.nil? then previous
      elsif controller[0] == '/' then controller[1..-1]
      elsif %r{^(.*)/} =~ previous then "#{$1}/#{controller}"
      else controller
      end
    end
  end
end
module ActionView; class Base; end end
files = %w(routing/optimisations routing/routing_ext routing/route routing/segments routing/builder routing/route_set routing/recognition_optimisation)
# 2.3's route_set.rb mixes Resources into the Mapper; 2.2's resources.rb reopens the Mapper at its end.
version[1] == 2 ? files.push('resources') : files.unshift('resources')
files.each { |file| require File.join(pack, 'action_controller', file) }

# What each route was built from: its path as written, with its prefix.
module ActionController::Routing
  # A route compiles when frozen, its :controller segment from the controllers known: frozen once all are.
  class Route
    attr_accessor :written_path
    alias_method :rails_freeze, :freeze
    def freeze() self end
  end
  class RouteBuilder
    alias_method :rails_build, :build
    def build(path, options)
      route = rails_build(path, options)
      written = path.to_s
      prefix = options[:path_prefix].to_s.sub(%r{\A/}, '')
      written = "#{prefix}/#{written.sub(%r{\A/}, '')}" unless prefix.empty?
      route.written_path = "/#{written.sub(%r{\A/}, '')}".sub(%r{(.)/\z}, '\1')
      route
    end
  end
end

RAILS_ENV = environment unless defined?(RAILS_ENV)
${definedConstants("Module.new")}
module Rails
  def self.env() RAILS_ENV.dup.tap { |env| env.define_singleton_method(:method_missing) { |name, *| name.to_s.end_with?('?') ? name.to_s.chomp('?') == RAILS_ENV : super() } } end
end
ActionController::Routing.const_set(:Routes, ActionController::Routing::RouteSet.new)
# Drawn without installing helpers into controllers and views, which are not loaded.
ActionController::Routing::Routes.define_singleton_method(:draw) do |&block|
  clear!
  block.call(ActionController::Routing::RouteSet::Mapper.new(self))
end
# A plugin's or a gem's route methods, which the import leaves out (and reports with their lines): Rails
# draws nothing for them either here, so that the rest compares, where its Mapper would take them for
# named routes and refuse them ("the :controller must be specified").
JSON.parse(plugin_methods || '[]').each do |name|
  ActionController::Routing::RouteSet::Mapper.send(:define_method, name) { |*| nil }
end
load File.expand_path(routes_file)

set = ActionController::Routing::Routes
ActionController::Routing.use_controllers!(set.routes.map { |route| route.requirements[:controller] }.compact.map(&:to_s).uniq)
set.routes.each(&:rails_freeze)
names = set.named_routes.routes.map { |name, route| [route.object_id, name.to_s] }.to_h
${PAIRS}
routes = set.routes.map do |route|
  keyed = route.segments.select { |segment| segment.respond_to?(:key) }
  keys = keyed.map(&:key)
  requirements = keyed.select { |segment| segment.respond_to?(:regexp) && segment.regexp }.map { |segment| [segment.key, segment.regexp] }
  fixed = route.requirements.reject { |key, _| key == :controller || key == :action }
  method = route.conditions[:method]
  {
    # The name whose helper goes to this route: given twice, Rails' table keeps the later route.
    'name' => names[route.object_id],
    'verb' => method ? Array(method).map { |m| m.to_s.upcase }.join('|') : 'ANY',
    'path' => route.written_path,
    # A :controller or :action segment names none.
    'controller' => keys.include?(:controller) ? nil : route.requirements[:controller] && route.requirements[:controller].to_s,
    'action' => keys.include?(:action) ? nil : route.requirements[:action] && route.requirements[:action].to_s,
    'requirements' => patterns.(requirements + fixed.select { |_, value| value.is_a?(Regexp) }.to_a),
    'params' => text.(fixed.reject { |_, value| value.is_a?(Regexp) }),
    'conditions' => text.(route.conditions.reject { |key, _| key == :method }),
  }
end
puts JSON.generate('rails' => version.join('.'), 'routes' => routes)
`;
