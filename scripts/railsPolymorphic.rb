# Rails 6.1's polymorphic URLs (ActionDispatch's polymorphic_path and polymorphic_url, with the
# route set's `resolve` mappings) for the rails6 oracle's drawing: what each call answers, for
# records made of JSON. Needs Debian's ruby-activemodel beside ruby-actionpack. Used by
# scripts/behaviourCCases.mjs.
#
#   ruby scripts/railsPolymorphic.rb oracle.rb routes.rb out.json calls.json
#   calls.json: [["polymorphic_path", {"model_name": "Post", "id": 1}], ["polymorphic_url", ["admin", {"model_name": "Post", "id": 2}], {"host": "example.org"}]]
#
# A record is a JSON object with "model_name" (its class, made on first sight: "Admin::User"), "id"
# and, where it says so, "persisted"; a string in a list is Rails' symbol.
ORACLE, ROUTES, OUT, CALLS = ARGV
abort "usage: ruby railsPolymorphic.rb oracle.rb routes.rb out.json calls.json" unless CALLS

require_relative "oracleRouteSet"
load_oracle(ORACLE, ROUTES, OUT)

require "active_model"

class OracleModel
  include ActiveModel::Model
  include ActiveModel::Conversion
  extend ActiveModel::Naming
  attr_accessor :id, :persisted

  def persisted? = persisted.nil? ? !id.nil? : persisted
end

def model_class(name)
  *outer, last = name.split("::")
  scope = outer.inject(Object) { |at, part| at.const_defined?(part, false) ? at.const_get(part, false) : at.const_set(part, Module.new) }
  scope.const_defined?(last, false) ? scope.const_get(last, false) : scope.const_set(last, Class.new(OracleModel))
end

def value(json, in_list: false)
  case json
  when Hash then json.key?("model_name") ? model_class(json["model_name"]).new(id: json["id"], persisted: json["persisted"]) : json.to_h { |k, v| [k.to_sym, value(v)] }
  when Array then json.map { |item| value(item, in_list: true) }
  when String then in_list ? json.to_sym : json
  else json
  end
end

helpers = Class.new { include SET.url_helpers }.new
answers = JSON.parse(File.read(CALLS)).map do |method, target, options|
  args = [value(target)]
  args << value(options) if options
  { "call" => [method, target, *options && [options]], "result" => helpers.public_send(method, *args) }
rescue Exception => e
  { "call" => [method, target, *options && [options]], "error" => "#{e.class}: #{e.message.lines.first.strip}"[0, 300] }
end
File.write(OUT, JSON.pretty_generate(answers))
