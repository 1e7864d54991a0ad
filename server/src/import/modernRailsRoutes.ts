import { APPLICATION_CODE } from "resource-routes/internal";

import { DEVISE_SCOPES } from "../ruby/routesRb";
import { definedConstants, PAIRS } from "./railsDriver";

/**
 * Devise's routing, where the import drew `devise_for` (DEVISE_JSON: the calls' lines and the
 * models' and initializer's settings the import read, each value a Ruby literal): Devise 4 (the
 * devise gem, or Debian's ruby-devise) set up with them, its models ActiveModel classes that
 * declare those modules and nothing else.
 */
const DEVISE_SETUP = String.raw`DEVISE = devise.to_s.empty? ? nil : JSON.parse(devise)
if DEVISE
  begin
    require 'rails'
    require 'active_model'
    require 'devise'
  rescue LoadError => e
    abort("#{rails}: devise_for needs Devise's routing beside Rails' (#{e.message}): install the devise gem (Debian: apt-get install ruby-devise)")
  end
  Devise.secret_key = 'x' * 64
  # Warden's configuration is for requests; drawing needs none.
  def Devise.configure_warden! = nil
  settings = DEVISE['settings']
  Devise.setup do |config|
    settings['config'].each { |key, literal| config.public_send("#{key}=", eval(literal)) if config.respond_to?("#{key}=") }
    (settings['omniauthProviders'] || []).each { |provider| config.omniauth(provider.to_sym) }
  end
  class ResourceRoutesDeviseModel
    include ActiveModel::Model
    extend ActiveModel::Naming
    extend Devise::Models
    # What Devise's modules call on a model when they are included (callbacks, validations); Devise asks a superclass for its settings, which this one has none of.
    HOOKS = %w(before_ after_ validates validate attr_).freeze
    def self.method_missing(name, *args, **options, &block) = HOOKS.any? { |hook| name.to_s.start_with?(hook) } ? nil : super
    def self.respond_to_missing?(name, include_private = false) = HOOKS.any? { |hook| name.to_s.start_with?(hook) } || super
  end
  settings['models'].each do |model|
    *outer, last = model['name'].split('::')
    owner = outer.inject(Object) { |at, part| at.const_defined?(part, false) ? at.const_get(part, false) : at.const_set(part, Module.new) }
    klass = owner.const_set(last, Class.new(ResourceRoutesDeviseModel))
    klass.devise(*model['modules'].map(&:to_sym), **model['options'].to_h { |key, literal| [key.to_sym, eval(literal)] })
  end
end
`;

/**
 * The Ruby that draws a modern routes.rb with an installed Rails' own routing (ActionDispatch 6.1 or
 * later: Debian's ruby-actionpack, or a gem) and prints its routes as the analyser gives them, for
 * `import --rails` on a modern file (railsRoutes.ts runs it). `RAILS` is `installed`, or a Rails
 * checkout whose actionpack and activesupport are put first on Ruby's load path (their own
 * dependencies then come from the installation). What the import leaves out (a gem's or an
 * engine's calls) draws nothing here either, so that the rest compares.
 */
export const MODERN_SCRIPT = String.raw`# usage: ruby - RAILS ROUTES_RB ENV CONSTANTS_JSON LEFT_OUT_JSON DEVISE_JSON < this
require 'json'
require 'pathname'

rails, routes_file, environment, constants, left_out, devise = ARGV
unless rails == 'installed'
  %w(actionpack activesupport).each { |lib| $LOAD_PATH.unshift(File.join(rails, lib, 'lib')) }
end
begin
  require 'action_dispatch'
  require 'action_controller'
rescue LoadError => e
  abort("#{rails}: Rails' routing does not load (#{e.message}): install Rails 6.1 or later (Debian: apt-get install ruby-actionpack)")
end
version = ActionPack::VERSION
abort("#{rails} holds Rails #{version::STRING}: a modern routes.rb needs Rails 6.1 or later") if version::MAJOR < 6 || (version::MAJOR == 6 && version::MINOR < 1)
${DEVISE_SETUP}
SET = ActionDispatch::Routing::RouteSet.new
SET.draw_paths = [Pathname.new(File.join(File.dirname(File.expand_path(routes_file)), 'routes'))]
module ResourceRoutesApplication
  def self.routes = SET
  # Its settings ('Rails.application.config.force_ssl') are the running application's: none here.
  def self.method_missing(*) = ResourceRoutesUnknown.made
  def self.respond_to_missing?(*) = true
end
ENVIRONMENT = environment
module Rails
  # What mount asks of an application to tell an engine (Rails::Engine is a Railtie).
  class Railtie; end
  # Rails' own classes a routes.rb may mount or route to (Rails::HealthController), as any other unknown constant.
  def self.const_missing(name) = ResourceRoutesUnknown.constant(self, name)
  def self.application = ResourceRoutesApplication
  def self.env
    ActiveSupport::StringInquirer.new(ENVIRONMENT.dup).tap { |env| env.define_singleton_method(:local?) { %w(development test).include?(ENVIRONMENT) } }
  end
end
# A constant of the application's or a gem's the import was not given (Flipper::UI in a method the
# file calls, a setting such as Postal::Config.oidc.enabled?): a class whose methods answer a module
# of the same kind, so that the routing around it draws, what a condition on it guards too (the
# import reports that part, and the proof lists each route Rails draws there). A class, as the
# import reads a constant mounted (Rails names the route of a class it mounts after it); what its
# methods answer, and its objects, are no class.
module ResourceRoutesUnknown
  def self.made
    Module.new do
      def self.const_missing(name) = ResourceRoutesUnknown.constant(self, name)
      def self.method_missing(*) = ResourceRoutesUnknown.made
      def self.respond_to_missing?(name, *) = name != :action
    end
  end

  def self.constant(owner, name)
    return ResourceRoutesApplication if name.to_s.end_with?('Application')
    owner.const_set(name, Class.new do
      def self.const_missing(name) = ResourceRoutesUnknown.constant(self, name)
      def self.method_missing(*) = ResourceRoutesUnknown.made
      # A Rack application, not a controller: Rails routes to what answers action as to a controller.
      def self.respond_to_missing?(name, *) = name != :action
      def method_missing(*) = ResourceRoutesUnknown.made
      def respond_to_missing?(name, *) = name != :action
    end)
  end
end
class Object
  # '<App>::Application.routes.draw': any constant ending in Application is the one drawn here.
  def self.const_missing(name) = ResourceRoutesUnknown.constant(self, name)
end
${definedConstants("ResourceRoutesUnknown.made")}
LEFT_OUT = JSON.parse(left_out || '[]') - (DEVISE ? ['devise_for'] : [])
class ActionDispatch::Routing::Mapper
  LEFT_OUT.each { |name| define_method(name) { |*, **, &| nil } }
  # Devise's blocks, as Devise draws them: their routes under a constraint of its code (the import's is the application's to write).
  ${JSON.stringify([...DEVISE_SCOPES])}.each { |name| define_method(name) { |*, **, &block| block ? constraints(->(_request) { true }, &block) : nil } }
  # A call of a gem's or the application's that the import cannot follow, and leaves out.
  def method_missing(*) = nil
  def respond_to_missing?(*) = true
end
# An engine's mount, which the import leaves out (its route's name and routes are the engine's), draws nothing here either.
module ResourceRoutesMount
  def mount(app, options = nil)
    target = app.is_a?(Hash) ? app.keys.find { |key| !key.is_a?(Symbol) } : app
    target.is_a?(Module) && target.name.to_s.match?(/(?:\A|::)Engine\z/) ? self : super
  end
end
ActionDispatch::Routing::Mapper.prepend(ResourceRoutesMount)
# devise_for where the import drew it, as Devise draws it; its scope's constraint (which sets Devise's mapping on the request and says yes) left out, as the import writes none.
if DEVISE
  module ResourceRoutesDeviseFor
    def devise_for(*resources, **options)
      return nil unless DEVISE['lines'].include?(caller_locations(1, 1).first.lineno)
      @resource_routes_devise_for = true
      super
    ensure
      @resource_routes_devise_for = false
    end

    def devise_scope(scope, &block) = @resource_routes_devise_for ? yield : super
  end
  ActionDispatch::Routing::Mapper.prepend(ResourceRoutesDeviseFor)
end
# 'draw :admin' with no config/routes/admin.rb, which the import leaves out, draws nothing here either.
module ResourceRoutesDraw
  def draw(name) = @draw_paths.any? { |path| File.exist?(File.join(path, "#{name}.rb")) } ? super : nil
end
ActionDispatch::Routing::Mapper.prepend(ResourceRoutesDraw)
# A gem's file the routes require ('sidekiq/web') that is not installed here: its calls are left out anyway.
module Kernel
  alias_method :resource_routes_require, :require
  def require(name)
    resource_routes_require(name)
  rescue LoadError
    false
  end
end
load File.expand_path(routes_file)

${PAIRS}
# Where a redirect sends the request: a path, the options form's parts, or nil for a block (the application's code).
redirect_to = lambda do |redirect|
  case redirect
  when ActionDispatch::Routing::OptionRedirect then redirect.options.transform_keys(&:to_s)
  when ActionDispatch::Routing::PathRedirect then redirect.block
  end
end
routes = SET.routes.map do |route|
  keys = route.path.names.map(&:to_sym)
  defaults = route.defaults.reject { |key, _| key == :controller || key == :action }
  # A glob's lazy any-text pattern is the segment's own rule, not a requirement (as Rails' table leaves it out).
  requirements = route.path.requirements.reject { |key, value| key == :controller || value == /.+?/ }
  endpoint = route.app.respond_to?(:app) ? route.app.app : route.app
  redirect = endpoint.is_a?(ActionDispatch::Routing::Redirect) ? endpoint : nil
  # A Rack application of its own (a mount, to: a proc or a class), neither a controller's action nor a redirect.
  application = !redirect && !endpoint.is_a?(ActionDispatch::Routing::RouteSet::Dispatcher)
  # Constraints of the application's code (a lambda, an object with matches?), which the analyser shows as one condition.
  code = route.app.is_a?(ActionDispatch::Routing::Mapper::Constraints) && route.app.constraints.any?
  {
    'name' => route.name,
    'verb' => route.verb.empty? ? 'ANY' : route.verb,
    'path' => route.path.spec.to_s,
    'controller' => redirect || keys.include?(:controller) ? nil : route.defaults[:controller]&.to_s,
    'action' => redirect || keys.include?(:action) ? nil : route.defaults[:action]&.to_s,
    'requirements' => patterns.(requirements),
    'params' => text.(defaults.reject { |key, _| keys.include?(key) }),
    'conditions' => text.(route.constraints.reject { |key, _| key == :request_method }).merge(code ? { 'request' => '${APPLICATION_CODE}' } : {}),
  }.merge(redirect ? { 'redirect' => { 'status' => redirect.status, 'to' => redirect_to.(redirect) } } : {})
   .merge(application ? { 'app' => { 'mounted' => !route.path.anchored } } : {})
end
puts JSON.generate('rails' => version::STRING, 'routes' => routes)
`;
