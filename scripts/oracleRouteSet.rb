# The rails6 oracle's drawing of a routes.rb (its route set, SET), for the scripts that ask Rails'
# route set more than the oracle does; the oracle's own answer is written beside `out` and removed.
def load_oracle(oracle, routes, out)
  drawn = "#{out}.routes.json"
  ARGV.replace([routes, drawn])
  $stdout = File.open(File::NULL, "w")
  load oracle
  $stdout = STDOUT
  File.delete(drawn)
end
