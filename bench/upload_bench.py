"""Issue 11 benchmarks 2 and 4 (reads part): a 10 MB bank CSV posted as raw_file_content and as
multipart, to 201, with the server's peak RSS growth; then GET /imports/{id} and a rows page on
a 100k-row import. Medians of 3 uploads and of 21 reads. Each line: figure, anchor, target."""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_common import Server, bank_csv, median, multipart  # noqa: E402

LIMIT = 10485760
FIELDS = {"type": "TransactionImport", "date_col_label": "date", "amount_col_label": "amount",
          "name_col_label": "name", "category_col_label": "category", "date_format": "%Y-%m-%d"}


def ten_mb_csv():
    rows = 250000
    data = bank_csv(rows)
    while len(data) > LIMIT:
        rows -= 1000
        data = bank_csv(rows)
    return rows, data


def upload(server, form, data):
    if form == "json":
        body = json.dumps(dict(FIELDS, raw_file_content=data.decode())).encode()
        ctype = "application/json"
    else:
        body, ctype = multipart(FIELDS, "bank.csv", data)
    server.reset_peak()
    before = server.rss_kb()
    cpu = server.cpu_seconds()
    t = time.perf_counter()
    status, answer = server.request("POST", "/api/v1/imports", body, ctype)
    seconds = time.perf_counter() - t
    cpu = server.cpu_seconds() - cpu
    growth = (server.rss_kb("VmHWM") - before) / 1024
    if status != 201:
        raise RuntimeError("upload answered %d: %s" % (status, answer[:300]))
    return seconds, growth, json.loads(answer)["data"]["id"], cpu


def main():
    rows, data = ten_mb_csv()
    # docs/decisions.md D36: benchmarks raise the row caps through configuration.
    server = Server({"limits.rows": "2000000", "limits.upload_rows": "2000000"})
    try:
        for form in ("json", "multipart"):
            runs = [upload(server, form, data) for _ in range(3)]
            secs = median([r[0] for r in runs])
            growth = median([r[1] for r in runs])
            cpu = median([r[3] for r in runs])
            print("upload 10 MB (%d rows, %.2f MB) as %-9s %8.3f s   target <= 0.8 s %s" % (
                rows, len(data) / 1e6, form, secs, "[met]" if secs <= 0.8 else "[MISSED]"))
            print("upload 10 MB as %-9s server CPU time           %8.3f s   (wall above; load %.1f)" % (
                form, cpu, os.getloadavg()[0]))
            print("upload 10 MB as %-9s peak RSS growth         %8.1f MB  target <= 50 MB %s" % (
                form, growth, "[met]" if growth <= 50 else "[MISSED]"))
        # Reads at 100k rows.
        small = bank_csv(100000)
        _, _, import_id, _ = upload(server, "json", small)
        for label, path, target in (
                ("GET /imports/{id} (100k rows)", "/api/v1/imports/%s" % import_id, 5.0),
                ("GET /imports/{id}/rows?page=2000 (100k rows)",
                 "/api/v1/imports/%s/rows?page=2000" % import_id, 10.0)):
            times = []
            for _ in range(21):
                t = time.perf_counter()
                status, _ = server.request("GET", path)
                times.append((time.perf_counter() - t) * 1000)
                assert status == 200
            m = median(times)
            print("%-45s %8.2f ms  target <= %.0f ms %s" % (
                label, m, target, "[met]" if m <= target else "[MISSED]"))
    finally:
        server.stop()


if __name__ == "__main__":
    main()
