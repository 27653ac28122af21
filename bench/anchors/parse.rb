# The reference app's per-row work: CSV parse, BigDecimal amount, strptime date. Prints wall
# seconds, rows and CPU seconds of the parse.
require "csv"
require "bigdecimal"
require "date"
t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
c = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
rows = 0
CSV.foreach(ARGV[0], headers: true) do |r|
  Date.strptime(r["date"], "%Y-%m-%d")
  BigDecimal(r["amount"])
  rows += 1
end
puts "%.6f %d %.6f" % [Process.clock_gettime(Process::CLOCK_MONOTONIC) - t, rows,
                       Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - c]
