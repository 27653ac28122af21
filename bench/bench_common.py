"""Shared helpers of the Python benchmarks: a finimport server on a fresh SQLite file, a key,
HTTP calls, RSS readings and the synthetic bank CSV (`date,name,amount,category`)."""
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("BUILD_DIR", os.path.join(ROOT, "build"))
BIN = os.path.join(BUILD, "bin", "finimport")


def bank_csv(rows, seed=7):
    rnd = random.Random(seed)
    names = ["Coffee Shop", "Grocery Store", "Salary ACME", "Rent", "Fuel Station",
             "Bookshop", "Pharmacy", "Restaurant Bella", "Electricity", "Gym"]
    cats = ["Food", "Groceries", "Income", "Housing", "Transport", "Leisure", "Health"]
    out = ["date,name,amount,category"]
    for i in range(rows):
        out.append("2024-%02d-%02d,%s %d,%d.%02d,%s" % (
            1 + i % 12, 1 + i % 28, names[i % 10], i % 997, rnd.randint(-5000, 5000),
            rnd.randint(0, 99), cats[i % 7]))
    return ("\n".join(out) + "\n").encode()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    def __init__(self, settings=None):
        self.dir = tempfile.mkdtemp(prefix="fi-bench-")
        self.db = "sqlite:" + os.path.join(self.dir, "bench.db")
        self.port = free_port()
        conf = os.path.join(self.dir, "bench.conf")
        with open(conf, "w") as f:
            for k, v in (settings or {}).items():
                f.write("%s = %s\n" % (k, v))
        subprocess.run([BIN, "migrate", "--database", self.db], check=True,
                       stdout=subprocess.DEVNULL)
        out = subprocess.run([BIN, "keys", "create", "--database", self.db, "--family", "Bench",
                              "--name", "bench", "--scope", "read_write"], check=True,
                             capture_output=True, text=True).stdout
        self.key = out.strip().splitlines()[-1]
        self.proc = subprocess.Popen([BIN, "serve", "--config", conf, "--database", self.db,
                                      "--listen", "127.0.0.1:%d" % self.port],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(200):
            try:
                if self.request("GET", "/health")[0] == 200:
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("server did not start")

    def request(self, method, path, body=None, content_type=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        headers = {"X-Api-Key": self.key}
        if content_type:
            headers["Content-Type"] = content_type
        c.request(method, path, body=body, headers=headers)
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, data

    def rss_kb(self, field="VmRSS"):
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def cpu_seconds(self):
        # utime + stime of the server: what a request cost, whatever else shares the cores.
        with open("/proc/%d/stat" % self.proc.pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def reset_peak(self):
        # Writing 5 to clear_refs resets VmHWM to the current RSS (Linux >= 4.0).
        with open("/proc/%d/clear_refs" % self.proc.pid, "w") as f:
            f.write("5")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(10)
        import shutil
        shutil.rmtree(self.dir, ignore_errors=True)


def multipart(fields, filename, data, ctype="text/csv"):
    boundary = "----fibench%d" % random.randint(0, 1 << 30)
    parts = []
    for k, v in fields.items():
        parts.append(("--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n"
                      % (boundary, k, v)).encode())
    parts.append(("--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%s\"\r\n"
                  "Content-Type: %s\r\n\r\n" % (boundary, filename, ctype)).encode())
    parts.append(data)
    parts.append(("\r\n--%s--\r\n" % boundary).encode())
    return b"".join(parts), "multipart/form-data; boundary=" + boundary


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def line(label, value, unit, anchors="", ratio="", target="", ok=None):
    verdict = "" if ok is None else (" [met]" if ok else " [MISSED]")
    print("%-44s %12s %-6s %s %s %s%s" % (label, value, unit, anchors, ratio, target, verdict))
    sys.stdout.flush()
