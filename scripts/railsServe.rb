# Rails 6.1's route set served as the Rack application it is (the rails6 oracle's drawing, then
# each request through ActionDispatch): what a request to a redirect route is answered with,
# which recognize_path does not tell, and what a mounted Rack application is given. Used by
# scripts/behaviourCCases.mjs.
#
#   ruby scripts/railsServe.rb oracle.rb routes.rb out.json requests.json
#   requests.json: [["GET", "http://example.org/stories?page=2"]]
ORACLE, ROUTES, OUT, REQUESTS = ARGV
abort "usage: ruby railsServe.rb oracle.rb routes.rb out.json requests.json" unless REQUESTS

require_relative "oracleRouteSet"
load_oracle(ORACLE, ROUTES, OUT)

require "rack/mock"
require "erb"
require "active_support/core_ext/string/output_safety"

answers = JSON.parse(File.read(REQUESTS)).map do |verb, url|
  status, headers, _body = SET.call(Rack::MockRequest.env_for(url, method: verb))
  answer = { "verb" => verb, "url" => url, "status" => status, "location" => headers["Location"] }
  # A Rack application of the case's that tells what the router gave it (SCRIPT_NAME, PATH_INFO).
  answer.merge!("script_name" => headers["X-Script-Name"], "path_info" => headers["X-Path-Info"]) if headers.key?("X-Path-Info")
  answer
rescue Exception => e
  { "verb" => verb, "url" => url, "error" => "#{e.class}: #{e.message}"[0, 300] }
end
File.write(OUT, JSON.pretty_generate(answers))
