#!/usr/bin/env python3
"""Start-up time of `folio serve` to its first served request, over several runs.

Each run spawns `folio serve --port 0` on an already-migrated database, reads the port from the
first stderr line, polls the page until it answers 200, records the time since spawn and the CPU time
the server used until then (all its threads, from /proc/PID/task/*/schedstat: a figure a busy machine
inflates far less than wall time), then stops the server with SIGTERM. One warm-up run first (page
cache). Prints one JSON line.
"""
import argparse
import glob
import http.client
import json
import re
import statistics
import subprocess
import sys
import time


def cpu_ms(pid):
    """CPU time of every thread of `pid` so far, in ms (0 where /proc has no schedstat)."""
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            with open(path) as file:
                total += int(file.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total / 1e6


def one_run(args):
    cmd = [args.bin, "serve", "--host", "127.0.0.1", "--port", "0", "--db", args.db,
           "--content", args.content, "--public", args.public, "--migrations", args.migrations]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        line = proc.stderr.readline().decode("utf-8", "replace").strip()
        match = re.fullmatch(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if not match:
            sys.exit(f"unexpected first stderr line: {line!r}")
        port = int(match.group(1))
        deadline = start + 30
        while time.perf_counter() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", args.path)
                response = conn.getresponse()
                response.read()
                conn.close()
                if response.status == 200:
                    return (time.perf_counter() - start) * 1000, cpu_ms(proc.pid)
            except OSError:
                pass
            time.sleep(0.001)
        sys.exit("no 200 within 30 s")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--content", default="Content")
    parser.add_argument("--public", default="Public")
    parser.add_argument("--migrations", default="Migrations")
    parser.add_argument("--path", default="/it/chapters/1")
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    one_run(args)  # warm-up
    runs = [one_run(args) for _ in range(args.runs)]
    times = sorted(wall for wall, _ in runs)
    cpu = sorted(used for _, used in runs)
    print(json.dumps({"path": args.path, "runs": args.runs, "min_ms": round(times[0], 1),
                      "median_ms": round(statistics.median(times), 1), "max_ms": round(times[-1], 1),
                      "cpu_median_ms": round(statistics.median(cpu), 1), "cpu_min_ms": round(cpu[0], 1)}))


if __name__ == "__main__":
    main()
