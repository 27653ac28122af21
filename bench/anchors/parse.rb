# The reference app's per-row work: CSV parse, BigDecimal amount, strptime date. Prints seconds.
require "csv"
require "bigdecimal"
require "date"
t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
rows = 0
CSV.foreach(ARGV[0], headers: true) do |r|
  Date.strptime(r["date"], "%Y-%m-%d")
  BigDecimal(r["amount"])
  rows += 1
end
puts "%.6f %d" % [Process.clock_gettime(Process::CLOCK_MONOTONIC) - t, rows]
