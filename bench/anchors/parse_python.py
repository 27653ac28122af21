# csv + Decimal + strptime per row; prints wall seconds, rows and CPU seconds.
import csv, sys, time
from datetime import datetime
from decimal import Decimal
t = time.perf_counter()
c = time.process_time()
rows = 0
with open(sys.argv[1], newline="") as f:
    for r in csv.DictReader(f):
        datetime.strptime(r["date"], "%Y-%m-%d")
        Decimal(r["amount"])
        rows += 1
print("%.6f %d %.6f" % (time.perf_counter() - t, rows, time.process_time() - c))
